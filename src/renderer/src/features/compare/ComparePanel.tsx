// The Compare panel: one draft, 2–8 columns (each a wire format, model and profile), all streaming at once, and
// every difference between them visible: the bodies and what each format loses before sending, then the answers,
// metrics, a stream timeline, usage reconciliation and body and answer diffs; exported as JSON or Markdown.
// Keyboard: Ctrl/Cmd+Enter runs all, Esc stops all, arrow keys move between focused columns.
import { useEffect, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { type WireFormat } from '../../../../shared/wire'
import {
  anyRunning,
  exportComparison,
  MAX_COLUMNS,
  oneFormatSeveralModels,
  oneModelAllFormats,
  runAll,
  stopAll,
  useCompareStore,
} from '../../stores/compare'
import { issueShown } from '../../stores/form'
import { downloadMedia } from '../../components/download/download'
import { DraftEditor } from './DraftEditor'
import { ModelPicker } from '../../widgets/modelPicker/ModelPicker'
import { AddModel, addToModelList } from '../../widgets/modelPicker/AddModel'
import { useProfilesStore } from '../../stores/profiles'
import { ColumnView } from './ColumnView'
import { Timeline } from './Timeline'
import { UsageTable } from './UsageTable'
import { AnswerDiffView, BodyDiffView } from './DiffViews'
import { ColumnPreviews } from './ColumnPreviews'
import './compare.css'
import { RunAnnouncer, runsAnnouncement } from '../../components/announce/RunAnnouncer'
import { TabList } from '../../components/tabs/TabList'
import { FormatOptions } from '../../components/selectOptions/SelectOptions'

type View = 'timeline' | 'usage' | 'body-diff' | 'answer-diff'
const VIEWS: { id: View; label: string }[] = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'usage', label: 'Usage' },
  { id: 'body-diff', label: 'Body diff' },
  { id: 'answer-diff', label: 'Answer diff' },
]

/** The columns' runs, announced when they start and once all of them have ended (quiet while tokens stream). */
function CompareRunAnnouncer() {
  const message = useCompareStore((s) =>
    runsAnnouncement(
      s.columns.map((c, i) => ({
        who: `Column ${i + 1} (${c.model})`,
        run: s.columnRuns[c.id] ? s.runs[s.columnRuns[c.id]!] : undefined,
      })),
    ),
  )
  return <RunAnnouncer label="Run status" message={message} />
}

export function ComparePanel() {
  const columns = useCompareStore((s) => s.columns)
  const layout = useCompareStore((s) => s.layout)
  const running = useCompareStore(anyRunning)
  const issues = useCompareStore((s) => s.issues)
  const shown = useCompareStore(useShallow((s) => ({ touched: s.touched, attempted: s.attempted })))
  const [view, setView] = useState<View>('timeline')
  const [exported, setExported] = useState<string | null>(null)

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && anyRunning(useCompareStore.getState())) {
        e.preventDefault()
        void stopAll()
      } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault()
        void runAll()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const doExport = async (format: 'json' | 'markdown') => {
    setExported(null)
    try {
      const r = await exportComparison(format)
      if (r.url) downloadMedia(r.url, r.name)
      setExported(r.path ? `Saved ${r.path}` : r.url ? `Downloaded ${r.name}` : 'Not saved')
    } catch (error) {
      setExported(`Export failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  const visible = issues.filter((i) => issueShown(shown, i))
  return (
    <section className={`panel compare-panel layout-${layout}`} aria-labelledby="compare-title">
      <CompareRunAnnouncer />
      <ColumnPreviews />
      <header className="panel-header">
        <h1 id="compare-title">Compare</h1>
      </header>
      <div className="toolbar" role="toolbar" aria-label="Comparison">
        {running ? (
          <button className="danger" onClick={() => void stopAll()}>
            Stop all
          </button>
        ) : (
          <button className="primary" onClick={() => void runAll()}>
            Run all
          </button>
        )}
        <button
          className="ghost"
          aria-pressed={layout === 'stacked'}
          onClick={() => useCompareStore.getState().set({ layout: layout === 'side' ? 'stacked' : 'side' })}
        >
          {layout === 'side' ? 'Stack columns' : 'Side by side'}
        </button>
        <button className="ghost" onClick={() => void doExport('json')}>
          Export JSON
        </button>
        <button className="ghost" onClick={() => void doExport('markdown')}>
          Export Markdown
        </button>
        {exported && (
          <span className="muted small" role="status">
            {exported}
          </span>
        )}
      </div>
      {visible.length > 0 && (
        <div className="issues error-banner" role="alert" aria-label="Cannot run">
          <ul>
            {visible.map((i, n) => (
              <li key={n}>{i.message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="compare-setup">
        <DraftEditor />
        <ColumnPresets count={columns.length} />
      </div>
      <div className="compare-columns" data-testid="compare-columns">
        {columns.map((c, i) => (
          <ColumnView key={c.id} columnId={c.id} index={i} />
        ))}
      </div>
      <section className="compare-analysis" aria-label="Differences">
        <TabList
          label="Differences"
          className="compare-tabs"
          tabClass={(on) => (on ? 'selected' : '')}
          items={VIEWS}
          selected={view}
          onSelect={setView}
        />
        {view === 'timeline' && <Timeline />}
        {view === 'usage' && <UsageTable />}
        {view === 'body-diff' && <BodyDiffView />}
        {view === 'answer-diff' && <AnswerDiffView />}
      </section>
    </section>
  )
}

function ColumnPresets({ count }: { count: number }) {
  const activeId = useProfilesStore((p) => p.activeId)
  const [model, setModel] = useState('gpt-4o-mini')
  const [format, setFormat] = useState<WireFormat>('chat')
  const [models, setModels] = useState('gpt-4o-mini, claude-sonnet-4-6')
  const [modelsTouched, setModelsTouched] = useState(false)
  const { setColumns, addColumn } = useCompareStore.getState()
  const several = oneFormatSeveralModels(format, models.split(','))
  return (
    <section className="compare-presets" aria-label="Columns">
      <div className="preset-row">
        <label>
          <span className="muted small">Model</span>
          <ModelPicker
            ariaLabel="Preset model"
            kind="text"
            value={model}
            profileId={activeId}
            onChange={setModel}
          />
        </label>
        <button onClick={() => setColumns(oneModelAllFormats(model.trim()))} disabled={!model.trim()}>
          One model, all four formats
        </button>
      </div>
      <div className="preset-row">
        <label>
          <span className="muted small">Format</span>
          <select
            aria-label="Preset format"
            value={format}
            onChange={(e) => setFormat(e.target.value as WireFormat)}
          >
            <FormatOptions />
          </select>
        </label>
        <label>
          <span className="muted small">Models, comma-separated</span>
          <input
            aria-label="Preset models"
            value={models}
            onChange={(e) => {
              setModels(e.target.value)
              setModelsTouched(true)
            }}
          />
        </label>
        <AddModel
          ariaLabel="Add a preset model"
          kind="text"
          profileId={activeId}
          onAdd={(m) => {
            setModels((list) => addToModelList(list, m))
            setModelsTouched(true)
          }}
        />
        <button onClick={() => setColumns(several)} disabled={several.length < 2}>
          One format, several models
        </button>
      </div>
      {modelsTouched && several.length < 2 && (
        <span className="field-error small">Models: name at least two different models</span>
      )}
      <p className="small muted">
        {count} columns ·{' '}
        <button className="ghost" onClick={addColumn} disabled={count >= MAX_COLUMNS}>
          Add column
        </button>
      </p>
    </section>
  )
}
