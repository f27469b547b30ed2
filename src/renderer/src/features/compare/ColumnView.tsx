// One column of a comparison: its (format, model, profile) and its own format fields; before sending, the exact
// body it will send and what its format loses of the shared draft; then its streamed answer (the Text panel's
// run view), its metrics, its Inspector (opened at a frame from the timeline) and its code export. Only its answer
// reads the streaming run, so a fold of events re-renders that part of this column and nothing else; whether the
// answer's end is on screen sets how often it is folded.
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { FORMAT_LABELS, type WireFormat } from '../../../../shared/wire'
import { lossFieldName, lossMessage } from '../../../../shared/wire/lossiness'
import { exportCode } from '../../../../shared/wire/codeExport'
import { modelForFormat } from '../../../../shared/catalog/textModels'
import { Inspector } from '../../components/inspector/Inspector'
import { previewShown } from '../../stores/form'
import { ModelPicker } from '../../widgets/modelPicker/ModelPicker'
import { CodeExport } from '../../components/inspector/CodeExport'
import { textCalls } from '../../ipc/textCalls'
import { useProfilesStore } from '../../stores/profiles'
import {
  columnLabel,
  columnLoss,
  rerunColumn,
  setAnswerEndSeen,
  stopColumn,
  useColumnRun,
  useCompareStore,
} from '../../stores/compare'
import { continueInText } from '../../stores/handoffs'
import { RunOutput } from '../../components/runOutput/RunOutput'
import { openLink } from '../../ipc/openLink'
import { ColumnMetrics } from './ColumnMetrics'
import { ColumnRoundPending, ColumnRoundsDone } from './ColumnToolRounds'
import { OverridesEditor } from './OverridesEditor'
import { TabList } from '../../components/tabs/TabList'
import { FormatOptions, ProfileOptions } from '../../components/selectOptions/SelectOptions'

type Tab = 'answer' | 'body' | 'inspector' | 'code'
const TABS: { id: Tab; label: string }[] = [
  { id: 'answer', label: 'Answer' },
  { id: 'body', label: 'Body' },
  { id: 'inspector', label: 'Inspector' },
  { id: 'code', label: 'Code' },
]

export const ColumnView = memo(function ColumnView({ columnId, index }: { columnId: string; index: number }) {
  const column = useCompareStore((s) => s.columns.find((c) => c.id === columnId))
  // Only what changes when a run starts or ends: the streamed text is read by the parts that show it.
  const runId = useCompareStore((s) => s.columnRuns[columnId])
  const status = useCompareStore((s) => (runId ? s.runs[runId]?.status : undefined))
  const exchange = useCompareStore((s) => (runId ? s.runs[runId]?.exchange : undefined))
  const preview = useCompareStore((s) => s.previews[columnId])
  const shown = useCompareStore(useShallow((s) => ({ touched: s.touched, attempted: s.attempted })))
  const inspectFrame = useCompareStore((s) =>
    s.inspect?.columnId === columnId ? s.inspect.frame : undefined,
  )
  const [chosen, setChosen] = useState<Tab | null>(null)
  const tab: Tab = inspectFrame !== undefined ? 'inspector' : (chosen ?? (runId ? 'answer' : 'body'))
  if (!column) return null
  const label = columnLabel(column, index)
  const running = status === 'running'
  const select = (t: Tab) => {
    setChosen(t)
    if (inspectFrame !== undefined) useCompareStore.getState().set({ inspect: null })
  }

  return (
    <article
      className={`compare-column run-${status ?? 'idle'}`}
      aria-label={`Column ${label}`}
      data-testid="compare-column"
      data-format={column.format}
      data-column-id={columnId}
      data-run-id={runId}
      tabIndex={0}
      onKeyDown={(e) => moveBetweenColumns(e)}
    >
      <ColumnHead columnId={columnId} index={index} running={running} />
      <ColumnLoss columnId={columnId} format={column.format} ran={runId !== undefined} />
      {runId && <LiveMetrics runId={runId} />}
      <TabList
        label={`${label} views`}
        className="compare-tabs"
        tabClass={(on) => (on ? 'selected' : '')}
        items={TABS}
        selected={tab}
        onSelect={select}
      />
      <div className="compare-column-body" role="tabpanel" aria-label={`${label} ${tab}`}>
        {tab === 'answer' &&
          (runId ? (
            <>
              <ColumnRoundsDone columnId={columnId} n={index + 1} />
              <LiveRunOutput runId={runId} />
              {running && <AnswerEnd runId={runId} />}
              <ColumnRoundPending columnId={columnId} n={index + 1} />
            </>
          ) : (
            <p className="muted">Not run yet: Run all (Ctrl+Enter) sends every column at once.</p>
          ))}
        {tab === 'body' &&
          (preview?.error ? (
            <p className="field-error" role="alert">
              {preview.error}
            </p>
          ) : preview?.preview ? (
            <pre className="code compare-body" data-testid="column-body">
              {pretty(preview.preview.body)}
            </pre>
          ) : (
            <p className="muted">Building the request…</p>
          ))}
        {tab === 'inspector' && (
          <>
            {inspectFrame != null && <FrameFocus runId={runId} frame={inspectFrame} />}
            <Inspector
              key={`${exchange?.id ?? 'preview'}-${inspectFrame ?? ''}`}
              label={`${label} Inspector`}
              exchange={exchange ?? null}
              preview={previewShown(preview?.preview ?? null, shown)}
              initialTab={inspectFrame != null ? 'stream' : 'request'}
              focusFrame={inspectFrame ?? undefined}
              loadFrames={
                exchange ? (offset, limit) => textCalls.getFrames(exchange.id, offset, limit) : undefined
              }
            />
          </>
        )}
        {tab === 'code' && <ColumnCode columnId={columnId} />}
      </div>
    </article>
  )
})

/** The streamed answer: the only part of a column that renders for each fold of events (with no passive effect). */
const LiveRunOutput = memo(function LiveRunOutput({ runId }: { runId: string }) {
  const run = useColumnRun(runId)
  return run ? <RunOutput run={run} onKeepPartial={null} onOpenLink={openLink} /> : null
})

/**
 * The end of a streaming answer: while it is scrolled out of view (the column shows the answer's start), the
 * answer is folded less often, since only the scrollbar would move (compareFolds).
 */
const AnswerEnd = memo(function AnswerEnd({ runId }: { runId: string }) {
  const end = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = end.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      const seen = entries.at(-1)?.isIntersecting
      if (seen !== undefined) setAnswerEndSeen(runId, seen)
    })
    observer.observe(el)
    return () => {
      observer.disconnect()
      setAnswerEndSeen(runId, true)
    }
  }, [runId])
  return <div ref={end} className="compare-answer-end" aria-hidden="true" />
})

/** The metrics read only the fields they show, which change a few times per run, not per chunk. */
const LiveMetrics = memo(function LiveMetrics({ runId }: { runId: string }) {
  const facts = useCompareStore(
    useShallow((s) => {
      const run = s.runs[runId]
      return {
        status: run?.status ?? 'running',
        usage: run?.usage,
        summary: run?.summary,
        timings: run?.timings,
      }
    }),
  )
  return <ColumnMetrics run={facts} />
})

/**
 * What the column's format loses of the shared draft. It reads the draft as a deferred value, so typing in the
 * draft renders the editor first and this analysis after, in the background.
 */
const ColumnLoss = memo(function ColumnLoss({
  columnId,
  format,
  ran,
}: {
  columnId: string
  format: WireFormat
  ran: boolean
}) {
  const shared = useDeferredValue(useCompareStore((s) => s.shared))
  const columns = useDeferredValue(useCompareStore((s) => s.columns))
  const warnings = useMemo(
    () =>
      columnLoss(
        shared,
        columns,
        columns.findIndex((c) => c.id === columnId),
      ),
    [shared, columns, columnId],
  )
  return (
    <section className="compare-loss" aria-label={`What ${FORMAT_LABELS[format]} loses`}>
      {warnings.length === 0 ? (
        <p className="muted small">Expresses every field of the draft.</p>
      ) : (
        <details open={!ran}>
          <summary className="small">
            {warnings.length} field{warnings.length === 1 ? '' : 's'} this format cannot express or expresses
            differently
          </summary>
          <ul className="loss-list" data-testid="loss-warnings">
            {warnings.map((w) => (
              <li key={w.path + w.kind} className={`loss-${w.kind}`}>
                <span className="badge">{w.kind}</span> <strong>{lossFieldName(w.path)}</strong>{' '}
                {lossMessage(w)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  )
})

const ColumnHead = memo(function ColumnHead({
  columnId,
  index,
  running,
}: {
  columnId: string
  index: number
  running: boolean
}) {
  const column = useCompareStore((s) => s.columns.find((c) => c.id === columnId))!
  const count = useCompareStore((s) => s.columns.length)
  const waiting = useCompareStore((s) => (s.rounds[columnId]?.pending.length ?? 0) > 0)
  const profiles = useProfilesStore((p) => p.profiles)
  const activeId = useProfilesStore((p) => p.activeId)
  const { updateColumn, removeColumn } = useCompareStore.getState()
  // Why "Continue in Text" could not open a new conversation (an answer streaming in Text), until the next try.
  const [refused, setRefused] = useState<string | null>(null)
  const n = index + 1
  return (
    <header className="compare-column-head">
      <div className="compare-column-fields">
        <select
          aria-label={`Column ${n} format`}
          value={column.format}
          onChange={(e) => {
            const format = e.target.value as WireFormat
            updateColumn(columnId, { format, extras: {}, model: modelForFormat(column.model, format) })
          }}
        >
          <FormatOptions />
        </select>
        <ModelPicker
          ariaLabel={`Column ${n} model`}
          kind="text"
          value={column.model}
          profileId={column.profileId ?? activeId}
          onChange={(model) => updateColumn(columnId, { model })}
        />
        <select
          aria-label={`Column ${n} profile`}
          value={column.profileId ?? ''}
          onChange={(e) => updateColumn(columnId, { profileId: e.target.value || null })}
        >
          <option value="">Active: {profiles.find((p) => p.id === activeId)?.name ?? 'none'}</option>
          <ProfileOptions profiles={profiles} />
        </select>
      </div>
      <div className="compare-column-actions">
        {running || waiting ? (
          <button
            className="danger"
            onClick={() => void stopColumn(columnId)}
            title={running ? 'Stop this column' : 'End this column’s tool loop'}
          >
            Stop
          </button>
        ) : (
          <button onClick={() => void rerunColumn(columnId)} title="Run this column again">
            Run
          </button>
        )}
        <button
          className="ghost"
          onClick={() => void continueInText(columnId).then(setRefused)}
          disabled={running}
          title="Open this column's conversation in a new Text conversation"
        >
          Continue in Text
        </button>
        <button
          className="ghost"
          onClick={() => removeColumn(columnId)}
          disabled={count <= 2 || running}
          aria-label={`Remove column ${n}`}
        >
          ✕
        </button>
      </div>
      {refused && (
        <p className="field-error small" role="alert">
          {refused}
        </p>
      )}
      <OverridesEditor columnId={columnId} />
    </header>
  )
})

function ColumnCode({ columnId }: { columnId: string }) {
  const preview = useCompareStore((s) => s.previews[columnId]?.preview)
  const code = useMemo(() => {
    if (!preview) return null
    if (preview.code) return preview.code
    let body: unknown = preview.body
    try {
      body = JSON.parse(preview.body)
    } catch {
      // shown as written
    }
    return exportCode({
      method: preview.method === 'GET' ? 'GET' : 'POST',
      url: preview.url,
      headers: Object.fromEntries(preview.headers),
      body,
    })
  }, [preview])
  if (!code) return <p className="muted">Building the request…</p>
  return <CodeExport code={code} label="Column code export" />
}

/** The frame picked on the timeline, above the Inspector's Stream tab. */
function FrameFocus({ runId, frame }: { runId: string | undefined; frame: number }) {
  const f = useCompareStore((s) => (runId ? s.lanes[runId]?.frames[frame] : undefined))
  if (!f) return null
  return (
    <div className="frame-focus" data-testid="frame-focus">
      <strong>
        Frame {frame + 1} at +{f.t.toFixed(1)} ms{f.event ? ` · ${f.event}` : ''}
      </strong>
      <pre className="code">{pretty(f.data)}</pre>
    </div>
  )
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

/** Arrow keys on a focused column move to its neighbour. */
function moveBetweenColumns(e: React.KeyboardEvent<HTMLElement>): void {
  if (e.target !== e.currentTarget) return
  if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return
  const next =
    e.key === 'ArrowLeft' || e.key === 'ArrowUp'
      ? e.currentTarget.previousElementSibling
      : e.currentTarget.nextElementSibling
  if (next instanceof HTMLElement) {
    e.preventDefault()
    next.focus()
  }
}
