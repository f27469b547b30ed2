// The History panel: every recorded run, newest first, searchable as you type and filterable, in a
// virtualised list that takes in new runs as main records them; a run opens whole beside the list; runs are
// deleted or exported one or many at a time; the footer shows the history's size and how long captures stay.
import { useEffect, useState } from 'react'
import { useHistoryStore } from '../../stores/history'
import { formatBytes } from '../../components/inspector/SaveCapture'
import { HistoryFilters } from './HistoryFilters'
import { HistorySums } from './HistorySums'
import { RunDetail } from './RunDetail'
import { RunList } from './RunList'
import './history.css'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

const RETENTION_CHOICES = [1, 7, 30, 90, 365, 0]

export function HistoryPanel() {
  const s = useHistoryStore()
  const [confirming, setConfirming] = useState(false)
  const refresh = s.refresh
  const loadStorage = s.loadStorage
  const watchLive = s.watchLive
  useEffect(() => {
    void refresh()
    void loadStorage()
  }, [refresh, loadStorage])
  // A run recorded while the panel is open appears without reopening it.
  useEffect(() => {
    return watchLive()
  }, [watchLive])
  // While runs of an earlier layout are moved over, the panel follows the move and lists them as they arrive.
  const moving = s.storage?.layoutMove ?? null
  const refreshLive = s.refreshLive
  useEffect(() => {
    if (!moving) return
    const t = setTimeout(() => void refreshLive(), 1_000)
    return () => clearTimeout(t)
  }, [moving, refreshLive])
  const selectedIds = Object.keys(s.selected)

  return (
    <section className="panel history-panel" aria-labelledby="history-title">
      <header className="panel-header">
        <h1 id="history-title">History</h1>
        <p className="muted">
          Every run, kept on this machine. Profiles are recorded by name; keys never are.
        </p>
      </header>
      <HistoryFilters />
      {moving && (
        <div className="history-move small" role="status" data-testid="history-layout-move">
          <progress max={moving.moved + moving.left} value={moving.moved} aria-label="Moving runs" />
          Updating the history to its compact layout: {moving.moved.toLocaleString()} of{' '}
          {(moving.moved + moving.left).toLocaleString()} runs moved, the newest first. Runs not moved yet
          show up as they are.
        </div>
      )}
      <HistorySums />
      <div className="history-status small" role="status">
        {s.total === null
          ? 'Loading…'
          : `${s.capped ? 'At least ' : ''}${s.total.toLocaleString()} run${s.total === 1 ? '' : 's'}${s.searchMs !== null ? ` · ${s.searchMs} ms` : ''}`}
        {s.capped && (
          <span className="muted">
            {' '}
            (the newest matches of a search with filters; add words to narrow it)
          </span>
        )}
        {selectedIds.length > 0 && (
          <span className="history-bulk">
            {selectedIds.length} selected{' '}
            <button type="button" onClick={() => void s.exportRuns(selectedIds)}>
              Export selected
            </button>{' '}
            {confirming ? (
              <>
                Delete {selectedIds.length} run{selectedIds.length === 1 ? '' : 's'}?{' '}
                <button
                  type="button"
                  className="danger"
                  onClick={() => {
                    setConfirming(false)
                    void s.deleteRuns(selectedIds)
                  }}
                >
                  Delete
                </button>{' '}
                <button type="button" onClick={() => setConfirming(false)}>
                  Keep
                </button>
              </>
            ) : (
              <button type="button" className="danger" onClick={() => setConfirming(true)}>
                Delete selected
              </button>
            )}{' '}
            <button type="button" className="ghost" onClick={s.clearSelection}>
              Clear selection
            </button>
          </span>
        )}
        {selectedIds.length === 0 && s.total ? (
          <button type="button" className="ghost" onClick={() => void s.exportRuns()}>
            Export all shown as JSON
          </button>
        ) : null}
      </div>
      <ErrorBanner>{s.error}</ErrorBanner>
      {s.notice && (
        <p className="muted small" role="status">
          {s.notice}
        </p>
      )}
      {s.exported && (
        <p className="small" role="status">
          Exported {s.exported.runs} run{s.exported.runs === 1 ? '' : 's'}:{' '}
          <a href={s.exported.url} download={s.exported.name}>
            Download {s.exported.name}
          </a>
        </p>
      )}
      <div className={`history-body${s.openId ? ' with-detail' : ''}`}>
        {s.total === 0 ? (
          <p className="muted history-empty">
            {Object.keys(s.filter).length
              ? 'No run matches this search and these filters.'
              : 'No runs yet. Send something from the Text panel and it appears here.'}
          </p>
        ) : (
          <RunList />
        )}
        {s.openId &&
          (s.open ? (
            <RunDetail key={s.open.id} run={s.open} />
          ) : s.openError ? (
            <ErrorBanner>{s.openError}</ErrorBanner>
          ) : (
            <p className="muted">Opening…</p>
          ))}
      </div>
      <footer className="history-foot small muted">
        {s.storage && (
          <span data-testid="history-storage">
            {s.storage.runs.toLocaleString()} runs · database {formatBytes(s.storage.databaseBytes)} (texts{' '}
            {formatBytes(s.storage.textBytes)} kept in {formatBytes(s.storage.textStoredBytes)}) · captures{' '}
            {formatBytes(s.storage.captureBytes)} in {s.storage.captureFiles} file
            {s.storage.captureFiles === 1 ? '' : 's'}
          </span>
        )}
        <label className="inline">
          Keep captures
          <select
            value={s.storage?.retentionDays ?? 30}
            onChange={(e) => void s.setRetention(Number(e.target.value))}
          >
            {RETENTION_CHOICES.map((d) => (
              <option key={d} value={d}>
                {d === 0 ? 'forever' : d === 1 ? '1 day' : `${d} days`}
              </option>
            ))}
          </select>
        </label>
      </footer>
    </section>
  )
}
