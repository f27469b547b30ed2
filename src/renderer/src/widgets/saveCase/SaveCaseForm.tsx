// "Save as case": a finished run's draft plus the assertions the user picks, saved into a suite (an existing one
// or a new one). Each field's error shows under it once the user touched that field or pressed Save; nothing
// typed is lost when main refuses the case (its reason is shown and the form stays as it was).
import { useEffect, useMemo, useRef, useState } from 'react'
import { useFocusReturn } from '../../components/focus/useFocusReturn'
import { ASSERTION_LABELS, type AssertionKind } from '../../../../shared/cases/caseModel'
import type { Draft } from '../../../../shared/wire'
import { useAppStore } from '../../stores/app'
import { useCasesStore } from '../../stores/cases'
import {
  fieldsOf,
  LIMIT_KINDS,
  newAssertionDraft,
  readAssertions,
  draftTooLarge,
  type AssertionDraft,
} from './assertionForm'
import './saveCase.css'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { roundServersNow } from '../../stores/tools'
import { serverOfTool } from '../../../../shared/tools/toolRound'
import { readToolRound, ToolRoundFields, upToLastMessage, type ToolRoundChoice } from './ToolRoundFields'

const KINDS = Object.keys(ASSERTION_LABELS) as AssertionKind[]
const NEW_SUITE = '__new__'

interface Props {
  draft: Draft
  defaultName: string
  onClose(): void
}

export function SaveCaseForm({ draft, defaultName, onClose }: Props) {
  const suites = useCasesStore((s) => s.suites)
  const loaded = useCasesStore((s) => s.loaded)
  const load = useCasesStore((s) => s.load)
  const saveCase = useCasesStore((s) => s.saveCase)
  const [name, setName] = useState(defaultName)
  const [suiteId, setSuiteId] = useState<string>('')
  const [newSuiteName, setNewSuiteName] = useState('My cases')
  const [rows, setRows] = useState<AssertionDraft[]>(() => [newAssertionDraft('contains')])
  const [addKind, setAddKind] = useState<AssertionKind>('json')
  const [touched, setTouched] = useState<Record<string, true>>({})
  const [attempted, setAttempted] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const box = useRef<HTMLFormElement>(null)
  useFocusReturn(box)
  const [saving, setSaving] = useState(false)
  // A run whose conversation called tools offers its tool round, with the server that has the first tool called.
  const [toolRound, setToolRound] = useState<ToolRoundChoice>(() => {
    const called = draft.messages.flatMap((m) => m.parts).find((p) => p.type === 'toolCall')
    const server = called ? serverOfTool(roundServersNow(), called.name) : null
    return { on: called !== undefined, server: server?.name ?? '', rounds: '4' }
  })
  const round = readToolRound(toolRound)
  const caseDraft = useMemo(() => (toolRound.on ? upToLastMessage(draft) : draft), [draft, toolRound.on])

  useEffect(() => {
    if (!loaded) void load()
  }, [loaded, load])
  const chosenSuite = suiteId || (suites[0]?.id ?? NEW_SUITE)

  const { assertions, errors, notes } = readAssertions(rows)
  const tooLarge = useMemo(() => draftTooLarge(draft), [draft])
  if (tooLarge) errors.draft = tooLarge
  if (!name.trim()) errors.name = 'Name: give the case a name'
  if (chosenSuite === NEW_SUITE && !newSuiteName.trim()) errors.newSuite = 'Suite name: name the new suite'
  if (rows.length === 0) errors.assertions = 'Assertions: pick at least one'
  if (round.error) errors.toolRound = round.error
  const shown = (field: string) => (attempted || touched[field] ? errors[field] : undefined)
  const touch = (field: string) => setTouched((t) => ({ ...t, [field]: true }))
  const update = (key: string, patch: Partial<AssertionDraft>, field: string) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)))
    touch(`${key}.${field}`)
    setSaved(null)
  }

  const save = async () => {
    setAttempted(true)
    setFailure(null)
    if (Object.keys(errors).length) return
    setSaving(true)
    try {
      const suite = await saveCase({
        ...(chosenSuite === NEW_SUITE ? { newSuiteName: newSuiteName.trim() } : { suiteId: chosenSuite }),
        case: {
          name: name.trim(),
          draft: caseDraft,
          assertions,
          ...(round.value ? { toolRound: round.value } : {}),
        },
      })
      setSaved(suite.name)
      setSuiteId(suite.id)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form
      ref={box}
      onKeyDown={(e) => {
        // Esc closes the form like a dialog; a select's own Esc (closing its list) never reaches here.
        if (e.key === 'Escape') {
          e.preventDefault()
          onClose()
        }
      }}
      className="save-case"
      aria-label="Save as case"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <div className="save-case-head">
        <h3>Save as case</h3>
        <button type="button" className="ghost" onClick={onClose} aria-label="Close Save as case">
          ✕
        </button>
      </div>
      <p className="muted small">
        The run&apos;s conversation and settings ({draft.model}, {draft.messages.length} turn
        {draft.messages.length === 1 ? '' : 's'}) with the checks its answer must pass.
      </p>
      <div className="save-case-row">
        <label>
          Case name
          <input
            data-autofocus
            value={name}
            aria-invalid={!!shown('name') || undefined}
            onChange={(e) => {
              setName(e.target.value)
              touch('name')
            }}
          />
          {shown('name') && <span className="field-error">{shown('name')}</span>}
        </label>
        <label>
          Suite
          <select value={chosenSuite} onChange={(e) => setSuiteId(e.target.value)}>
            {suites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.cases.length})
              </option>
            ))}
            <option value={NEW_SUITE}>New suite…</option>
          </select>
        </label>
        {chosenSuite === NEW_SUITE && (
          <label>
            New suite name
            <input
              value={newSuiteName}
              aria-invalid={!!shown('newSuite') || undefined}
              onChange={(e) => {
                setNewSuiteName(e.target.value)
                touch('newSuite')
              }}
            />
            {shown('newSuite') && <span className="field-error">{shown('newSuite')}</span>}
          </label>
        )}
      </div>
      {/* Offered when the run had tools to call: a case without tools has no round to need. */}
      {(toolRound.on || (draft.tools?.length ?? 0) > 0) && (
        <ToolRoundFields
          choice={toolRound}
          onChange={(patch) => {
            setToolRound((c) => ({ ...c, ...patch }))
            touch('toolRound')
            setSaved(null)
          }}
          error={shown('toolRound')}
          dropped={draft.messages.length - caseDraft.messages.length}
        />
      )}
      {rows.map((row, i) => (
        <AssertionRow
          key={row.key}
          index={i}
          row={row}
          error={(field) => shown(`${row.key}.${field}`)}
          note={(field) => notes[`${row.key}.${field}`]}
          onChange={(patch, field) => update(row.key, patch, field)}
          onRemove={() => setRows((list) => list.filter((r) => r.key !== row.key))}
        />
      ))}
      {shown('assertions') && <p className="field-error">{shown('assertions')}</p>}
      {errors.draft && (
        <p className="field-error" role="alert">
          {errors.draft}
        </p>
      )}
      <div className="save-case-actions">
        <label className="save-case-inline">
          <span className="sr-only">Assertion kind</span>
          <select
            aria-label="Assertion kind"
            value={addKind}
            onChange={(e) => setAddKind(e.target.value as AssertionKind)}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {ASSERTION_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => setRows((list) => [...list, newAssertionDraft(addKind)])}>
          Add assertion
        </button>
        <span className="spacer" />
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save case'}
        </button>
      </div>
      <ErrorBanner what="Not saved">{failure}</ErrorBanner>
      {saved && (
        <p className="small" role="status">
          Saved to “{saved}”.{' '}
          <button type="button" className="ghost" onClick={() => useAppStore.getState().setPanel('cases')}>
            Open in Cases
          </button>
        </p>
      )}
    </form>
  )
}

function AssertionRow({
  index,
  row,
  error,
  note,
  onChange,
  onRemove,
}: {
  index: number
  row: AssertionDraft
  error(field: 'value' | 'extra'): string | undefined
  /** Which engine runs a pattern (or the patterns of a schema), shown under the field while it has no error. */
  note(field: 'value' | 'extra'): string | undefined
  onChange(patch: Partial<AssertionDraft>, field: 'value' | 'extra'): void
  onRemove(): void
}) {
  const fields = fieldsOf(row.kind)
  const n = index + 1
  const bigExtra = row.kind === 'json' || row.kind === 'toolCall'
  return (
    <fieldset className="assertion-row" aria-label={`Assertion ${n}`}>
      <legend>
        {n}. {ASSERTION_LABELS[row.kind]}
      </legend>
      {fields.value && (
        <label>
          {fields.value}
          <input
            value={row.value}
            inputMode={LIMIT_KINDS.includes(row.kind) ? 'numeric' : undefined}
            className={row.kind === 'matches' ? 'mono' : undefined}
            aria-invalid={!!error('value') || undefined}
            placeholder={row.kind === 'stopReason' ? 'stop, length, tool_calls, end_turn…' : undefined}
            onChange={(e) => onChange({ value: e.target.value }, 'value')}
          />
          {error('value') ? (
            <span className="field-error">{error('value')}</span>
          ) : (
            note('value') && <span className="field-note">{note('value')}</span>
          )}
        </label>
      )}
      {row.kind === 'contains' && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={row.ignoreCase}
            onChange={(e) => onChange({ ignoreCase: e.target.checked }, 'value')}
          />
          Ignore case
        </label>
      )}
      {fields.extra && (
        <label className={bigExtra ? 'wide' : undefined}>
          {fields.extra}
          {bigExtra ? (
            <textarea
              rows={3}
              spellCheck={false}
              className="mono"
              value={row.extra}
              aria-invalid={!!error('extra') || undefined}
              placeholder={
                row.kind === 'json'
                  ? '{"type": "object"} (empty: any JSON)'
                  : '{"type": "object"} (empty: any arguments)'
              }
              onChange={(e) => onChange({ extra: e.target.value }, 'extra')}
            />
          ) : (
            <input
              value={row.extra}
              className="mono"
              aria-invalid={!!error('extra') || undefined}
              placeholder="i, m, s, u"
              onChange={(e) => onChange({ extra: e.target.value }, 'extra')}
            />
          )}
          {error('extra') ? (
            <span className="field-error">{error('extra')}</span>
          ) : (
            note('extra') && <span className="field-note">{note('extra')}</span>
          )}
        </label>
      )}
      <button type="button" className="ghost" onClick={onRemove} aria-label={`Remove assertion ${n}`}>
        Remove
      </button>
    </fieldset>
  )
}
