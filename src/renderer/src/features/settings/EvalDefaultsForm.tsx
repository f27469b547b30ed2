// The judge and the embedding model evals start with: a new judge or similarity grader in the Evals panel takes
// them, and so does an imported promptfoo `llm-rubric` / `similar` (or a dataset's `__expected` one) that names
// no model. Checked with the same zod schema main uses (main also refuses a profile that does not exist); a
// field's error shows once it was touched or Save was pressed, and nothing typed is lost on an error.
import { useState } from 'react'
import { evalDefaultsSchema, type EvalDefaults } from '../../../../shared/ipc/app'
import type { WireFormat } from '../../../../shared/format'
import { KNOWN_TEXT_MODELS } from '../../../../shared/catalog/textModels'
import { EMBEDDING_MODELS } from '../../../../shared/catalog/embeddingModels'
import { useAppSettingsStore } from '../../stores/settings'
import { useProfilesStore } from '../../stores/profiles'
import { FormatOptions, ProfileOptions } from '../../components/selectOptions/SelectOptions'
import { SaveRow, useSave } from './SaveRow'

const GONE = 'that profile was deleted; choose another'

export function EvalDefaultsForm({ defaults }: { defaults: EvalDefaults }) {
  const update = useAppSettingsStore((s) => s.update)
  const profiles = useProfilesStore((s) => s.profiles)
  const [draft, setDraft] = useState<EvalDefaults>(defaults)
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [attempted, setAttempted] = useState(false)
  const { state, run, clearNote } = useSave()

  const parsed = evalDefaultsSchema.safeParse(draft)
  const errors = new Map<string, string>()
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.')
      if (!errors.has(key)) errors.set(key, issue.message)
    }
  const known = (id: string) => id === '' || profiles.some((p) => p.id === id)
  if (profiles.length > 0) {
    if (!known(draft.judge.profileId)) errors.set('judge.profileId', GONE)
    if (!known(draft.embedding.profileId)) errors.set('embedding.profileId', GONE)
  }
  const shown = (key: string) => (attempted || touched.has(key) ? errors.get(key) : undefined)
  const edit = (patch: {
    judge?: Partial<EvalDefaults['judge']>
    embedding?: Partial<EvalDefaults['embedding']>
  }) => {
    setDraft((d) => ({
      judge: { ...d.judge, ...patch.judge },
      embedding: { ...d.embedding, ...patch.embedding },
    }))
    clearNote()
  }
  const field = (key: string) => ({
    'aria-invalid': shown(key) ? true : undefined,
    'aria-describedby': shown(key) ? `eval-defaults-error-${key.replace('.', '-')}` : undefined,
    onBlur: () => setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key))),
  })
  const error = (key: string) =>
    shown(key) && (
      <span className="field-error" id={`eval-defaults-error-${key.replace('.', '-')}`} role="alert">
        {shown(key)}
      </span>
    )
  const profileSelect = (key: 'judge' | 'embedding', label: string) => {
    const value = draft[key].profileId
    return (
      <label>
        {label}
        <select
          value={value}
          onChange={(e) => edit({ [key]: { profileId: e.target.value } })}
          {...field(`${key}.profileId`)}
        >
          <option value="">The eval&apos;s own profile</option>
          {!known(value) && <option value={value}>A deleted profile</option>}
          <ProfileOptions profiles={profiles} />
        </select>
        {error(`${key}.profileId`)}
      </label>
    )
  }

  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    if (!parsed.success || errors.size > 0) return
    const evals = parsed.data
    await run(async () => {
      const saved = await update({ evals })
      setDraft(saved.evals)
      return 'Saved. New judge and similarity graders start with these, and so do imported ones that name no model.'
    })
  }

  return (
    <form className="eval-defaults" aria-label="Eval defaults" onSubmit={(e) => void save(e)} noValidate>
      <fieldset>
        <legend>Evals: default judge and embedding model</legend>
        <div className="defaults-grid">
          {profileSelect('judge', 'Judge profile')}
          <label>
            Judge format
            <select
              value={draft.judge.format}
              onChange={(e) => edit({ judge: { format: e.target.value as WireFormat } })}
            >
              <FormatOptions />
            </select>
          </label>
          <label>
            Judge model
            <input
              list="eval-default-judge-models"
              value={draft.judge.model}
              spellCheck={false}
              onChange={(e) => edit({ judge: { model: e.target.value } })}
              {...field('judge.model')}
            />
            <datalist id="eval-default-judge-models">
              {KNOWN_TEXT_MODELS.filter((m) => m.formats.includes(draft.judge.format)).map((m) => (
                <option key={m.id} value={m.id} />
              ))}
            </datalist>
            {error('judge.model')}
          </label>
        </div>
        <div className="defaults-grid">
          {profileSelect('embedding', 'Embedding profile')}
          <label>
            Embedding model
            <input
              list="eval-default-embedding-models"
              value={draft.embedding.model}
              spellCheck={false}
              onChange={(e) => edit({ embedding: { model: e.target.value } })}
              {...field('embedding.model')}
            />
            <datalist id="eval-default-embedding-models">
              {EMBEDDING_MODELS.filter((m) => m.format === 'openai').map((m) => (
                <option key={m.id} value={m.id} />
              ))}
            </datalist>
            {error('embedding.model')}
          </label>
        </div>
        <p className="muted small">
          New judge and similarity graders in Evals start with these. An imported promptfoo llm-rubric or
          similar check that names no model gets them too. Graders already made keep their own.
        </p>
        <SaveRow state={state} label="Save eval defaults" failed="Could not save the eval defaults" />
      </fieldset>
    </form>
  )
}
