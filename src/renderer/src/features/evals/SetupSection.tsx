// What an eval runs: the prompt (system and user message with `{{variables}}` from the dataset's columns), the
// variants (format, model, profile, temperature, max tokens), the graders every row is checked with, how many
// cells run at once, the cost estimate, and Run (asking first when it would pass a budget) / Stop. Errors show
// beside their fields once Run was pressed.
import { type WireFormat } from '../../../../shared/format'
import { GRADER_LABELS } from '../../../../shared/evals/graders'
import {
  evalFormErrors,
  evalWork,
  FORM_GRADER_KINDS,
  useEvalsStore,
  type FormGraderKind,
  type GraderRow,
} from '../../stores/evals'
import { activeProfile, useProfilesStore } from '../../stores/profiles'
import { useAppSettingsStore } from '../../stores/settings'
import { FormatOptions, ProfileOptions } from '../../components/selectOptions/SelectOptions'
import { CostEstimate } from '../../widgets/costEstimate/CostEstimate'
import { confirmBudget } from '../../widgets/costEstimate/confirmBudget'
import { StaleVariables } from './DatasetColumns'

function useShown() {
  const s = useEvalsStore()
  const profiles = useProfilesStore((p) => p.profiles)
  const errors = evalFormErrors(
    s,
    s.dataset?.columns ?? null,
    profiles.map((p) => p.id),
  )
  return (field: string) => (s.attempted ? errors[field] : undefined)
}

const Err = ({ text }: { text: string | undefined }) =>
  text ? <span className="field-error">{text}</span> : null

function ProfileSelect(props: {
  label: string
  value: string
  invalid: boolean
  onChange(id: string): void
}) {
  const profiles = useProfilesStore((p) => p.profiles)
  return (
    <select
      aria-label={props.label}
      value={props.value}
      aria-invalid={props.invalid || undefined}
      onChange={(e) => props.onChange(e.target.value)}
    >
      <option value="">Choose…</option>
      <ProfileOptions profiles={profiles} />
    </select>
  )
}

function FormatSelect(props: { label: string; value: WireFormat; onChange(f: WireFormat): void }) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as WireFormat)}
    >
      <FormatOptions />
    </select>
  )
}

export function SetupSection() {
  const s = useEvalsStore()
  const shown = useShown()
  const profiles = useProfilesStore((p) => p.profiles)
  const active = useProfilesStore(activeProfile)
  const running = !!s.run && !s.run.ended
  return (
    <section className="evals-section" aria-labelledby="evals-setup">
      <h2 id="evals-setup">Prompt, variants and graders</h2>
      <label className="evals-field">
        System prompt (optional)
        <textarea rows={2} value={s.system} onChange={(e) => s.setPrompt({ system: e.target.value })} />
      </label>
      <label className="evals-field">
        User message
        <textarea
          rows={3}
          value={s.user}
          placeholder="What is the capital of {{country}}?"
          aria-invalid={!!shown('prompt') || undefined}
          onChange={(e) => s.setPrompt({ user: e.target.value })}
        />
      </label>
      <Err text={shown('prompt')} />
      <StaleVariables />

      <h3>Variants</h3>
      <table className="evals-table evals-form-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Format</th>
            <th scope="col">Model</th>
            <th scope="col">Profile</th>
            <th scope="col">Temperature</th>
            <th scope="col">Max tokens</th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {s.variants.map((v, i) => (
            <tr key={v.key}>
              <td>{i + 1}</td>
              <td>
                <FormatSelect
                  label={`Variant ${i + 1} format`}
                  value={v.format}
                  onChange={(format) => s.setVariant(v.key, { format })}
                />
              </td>
              <td>
                <input
                  aria-label={`Variant ${i + 1} model`}
                  className="mono"
                  value={v.model}
                  aria-invalid={!!shown(`${v.key}.model`) || undefined}
                  onChange={(e) => s.setVariant(v.key, { model: e.target.value })}
                />
                <Err text={shown(`${v.key}.model`)} />
              </td>
              <td>
                <ProfileSelect
                  label={`Variant ${i + 1} profile`}
                  value={v.profileId}
                  invalid={!!shown(`${v.key}.profile`)}
                  onChange={(profileId) => s.setVariant(v.key, { profileId })}
                />
                <Err text={shown(`${v.key}.profile`)} />
              </td>
              <td>
                <input
                  aria-label={`Variant ${i + 1} temperature`}
                  className="evals-num"
                  inputMode="decimal"
                  placeholder="default"
                  value={v.temperature}
                  aria-invalid={!!shown(`${v.key}.temperature`) || undefined}
                  onChange={(e) => s.setVariant(v.key, { temperature: e.target.value })}
                />
                <Err text={shown(`${v.key}.temperature`)} />
              </td>
              <td>
                <input
                  aria-label={`Variant ${i + 1} max tokens`}
                  className="evals-num"
                  inputMode="numeric"
                  value={v.maxTokens}
                  aria-invalid={!!shown(`${v.key}.maxTokens`) || undefined}
                  onChange={(e) => s.setVariant(v.key, { maxTokens: e.target.value })}
                />
                <Err text={shown(`${v.key}.maxTokens`)} />
              </td>
              <td>
                <button
                  type="button"
                  className="ghost"
                  aria-label={`Remove variant ${i + 1}`}
                  onClick={() => s.removeVariant(v.key)}
                >
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="evals-inline">
        <button type="button" onClick={() => s.addVariant(active?.id ?? profiles[0]?.id ?? '')}>
          Add variant
        </button>
        <Err text={shown('variants')} />
      </div>

      <h3>Graders</h3>
      {s.graders.length === 0 && (
        <p className="muted small">
          No graders here: a cell passes when its run finishes and the row&apos;s own graders (the
          dataset&apos;s &ldquo;Own graders&rdquo; column) pass. Add one to check every answer.
        </p>
      )}
      <ol className="evals-graders">
        {s.graders.map((g, i) => (
          <GraderEditor key={g.key} g={g} index={i} shown={shown} />
        ))}
      </ol>
      <div className="evals-inline">
        <label className="evals-inline">
          Add grader
          <select
            aria-label="Add grader"
            value=""
            onChange={(e) => {
              if (e.target.value)
                s.addGrader(
                  e.target.value as FormGraderKind,
                  active?.id ?? profiles[0]?.id ?? '',
                  useAppSettingsStore.getState().settings?.evals,
                  profiles.map((p) => p.id),
                )
            }}
          >
            <option value="">Choose a kind…</option>
            {FORM_GRADER_KINDS.map((k) => (
              <option key={k} value={k}>
                {GRADER_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="evals-inline evals-run">
        <label className="evals-inline">
          At most at once
          <input
            className="evals-num"
            inputMode="numeric"
            value={s.concurrency}
            aria-invalid={!!shown('concurrency') || undefined}
            onChange={(e) => s.setPrompt({ concurrency: e.target.value })}
          />
        </label>
        <Err text={shown('concurrency')} />
        <button
          type="button"
          className="primary"
          disabled={running}
          onClick={async () => {
            const ids = profiles.map((p) => p.id)
            // Past a profile's monthly budget, the user says so before anything is sent.
            const st = useEvalsStore.getState()
            if (!(await confirmBudget(evalWork(st, st.dataset, ids), 'This eval'))) return
            void s.start(ids)
          }}
        >
          Run eval
        </button>
        {running && (
          <button type="button" className="danger" disabled={s.run!.stopping} onClick={() => void s.stop()}>
            {s.run!.stopping ? 'Stopping…' : 'Stop'}
          </button>
        )}
        <Err text={shown('dataset')} />
      </div>
      <p className="small muted">
        <CostEstimate
          planned={evalWork(
            s,
            s.dataset,
            profiles.map((p) => p.id),
          )}
        />
      </p>
    </section>
  )
}

const VALUE_LABEL: Record<FormGraderKind, string> = {
  contains: 'Text',
  equals: 'Value',
  containsAny: 'Values (one a line)',
  containsAll: 'Values (one a line)',
  startsWith: 'Text',
  matches: 'Pattern (RE2)',
  jsonPathEquals: 'Expected JSON value',
  costUnder: 'Amount (dollars)',
  judge: 'Rubric',
  similarity: 'Expected answer',
}

function GraderEditor({
  g,
  index,
  shown,
}: {
  g: GraderRow
  index: number
  shown: (f: string) => string | undefined
}) {
  const s = useEvalsStore()
  const n = index + 1
  const set = (patch: Partial<Omit<GraderRow, 'key'>>) => s.setGrader(g.key, patch)
  const multi = g.kind === 'containsAny' || g.kind === 'containsAll' || g.kind === 'judge'
  return (
    <li className="evals-grader" aria-label={`Grader ${n}: ${GRADER_LABELS[g.kind]}`}>
      <div className="evals-inline">
        <strong>{GRADER_LABELS[g.kind]}</strong>
        <label className="check small">
          <input type="checkbox" checked={g.not} onChange={(e) => set({ not: e.target.checked })} />
          Not (passes when the check fails)
        </label>
        <button
          type="button"
          className="ghost"
          aria-label={`Remove grader ${n}`}
          onClick={() => s.removeGrader(g.key)}
        >
          ✕
        </button>
      </div>
      <div className="evals-grader-fields">
        {g.kind === 'jsonPathEquals' && (
          <label className="evals-field">
            JSON path
            <input
              className="mono"
              value={g.path}
              aria-invalid={!!shown(`${g.key}.path`) || undefined}
              onChange={(e) => set({ path: e.target.value })}
            />
            <Err text={shown(`${g.key}.path`)} />
          </label>
        )}
        <label className="evals-field evals-grow">
          {VALUE_LABEL[g.kind]}
          {multi ? (
            <textarea
              rows={g.kind === 'judge' ? 3 : 2}
              value={g.value}
              placeholder={g.kind === 'judge' ? 'The answer names {{expected}} and is polite.' : undefined}
              aria-invalid={!!shown(`${g.key}.value`) || undefined}
              onChange={(e) => set({ value: e.target.value })}
            />
          ) : (
            <input
              value={g.value}
              aria-invalid={!!shown(`${g.key}.value`) || undefined}
              onChange={(e) => set({ value: e.target.value })}
            />
          )}
          <Err text={shown(`${g.key}.value`)} />
        </label>
        {(g.kind === 'judge' || g.kind === 'similarity') && (
          <>
            {g.kind === 'judge' && (
              <label className="evals-field">
                Judge format
                <FormatSelect
                  label={`Grader ${n} judge format`}
                  value={g.format}
                  onChange={(format) => set({ format })}
                />
              </label>
            )}
            <label className="evals-field">
              {g.kind === 'judge' ? 'Judge model' : 'Embedding model'}
              <input
                className="mono"
                aria-label={`Grader ${n} ${g.kind === 'judge' ? 'judge' : 'embedding'} model`}
                value={g.model}
                aria-invalid={!!shown(`${g.key}.model`) || undefined}
                onChange={(e) => set({ model: e.target.value })}
              />
              <Err text={shown(`${g.key}.model`)} />
            </label>
            <label className="evals-field">
              Profile
              <ProfileSelect
                label={`Grader ${n} profile`}
                value={g.profileId}
                invalid={!!shown(`${g.key}.profile`)}
                onChange={(profileId) => set({ profileId })}
              />
              <Err text={shown(`${g.key}.profile`)} />
            </label>
            <label className="evals-field">
              Pass at (0–1)
              <input
                className="evals-num"
                inputMode="decimal"
                value={g.threshold}
                aria-invalid={!!shown(`${g.key}.threshold`) || undefined}
                onChange={(e) => set({ threshold: e.target.value })}
              />
              <Err text={shown(`${g.key}.threshold`)} />
            </label>
          </>
        )}
      </div>
    </li>
  )
}
