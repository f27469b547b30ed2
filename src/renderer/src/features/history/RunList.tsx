// The list of recorded runs, virtualised: only the rows in view (and a few around them) are mounted, and the
// pages they fall in are fetched as the list scrolls, so a million runs open as fast as ten (P5, P8).
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import { RUN_KIND_LABELS, type HistoryRow } from '../../../../shared/ipc/history'
import { useHistoryStore } from '../../stores/history'
import { formatName, formatWhen, rowCostText, statusClass } from './runFacts'

const ROW_HEIGHT = 58

export function RunList() {
  const total = useHistoryStore((s) => s.total)
  const rows = useHistoryStore((s) => s.rows)
  const selected = useHistoryStore((s) => s.selected)
  const openId = useHistoryStore((s) => s.openId)
  const ensureRange = useHistoryStore((s) => s.ensureRange)
  const toggle = useHistoryStore((s) => s.toggle)
  const openRun = useHistoryStore((s) => s.openRun)
  const scroller = useRef<HTMLDivElement | null>(null)
  // The virtualiser's functions are read fresh on every render here; nothing memoises them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? 0
  useEffect(() => {
    if (total) ensureRange(first, last)
  }, [first, last, total, rows, ensureRange])

  return (
    <div className="history-list" ref={scroller} data-testid="history-list">
      <ul aria-label="Runs" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index]
          return (
            <li
              key={item.key}
              className={`history-row${row && row.id === openId ? ' open' : ''}`}
              style={{ transform: `translateY(${item.start}px)`, height: item.size }}
              data-testid="history-row"
            >
              {row ? (
                <Row row={row} checked={!!selected[row.id]} onToggle={toggle} onOpen={openRun} />
              ) : (
                <span className="muted small">Loading…</span>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function Row({
  row,
  checked,
  onToggle,
  onOpen,
}: {
  row: HistoryRow
  checked: boolean
  onToggle: (id: string, on?: boolean) => void
  onOpen: (id: string) => Promise<void>
}) {
  const title = row.prompt || '(no prompt)'
  return (
    <>
      <input
        type="checkbox"
        checked={checked}
        aria-label={`Select run: ${title.slice(0, 60)}`}
        onChange={(e) => onToggle(row.id, e.target.checked)}
      />
      <button type="button" className="history-open" onClick={() => void onOpen(row.id)}>
        <span className="history-line">
          {row.pinned && (
            <span aria-label="Pinned" title="Pinned: kept whatever the retention setting says">
              📌
            </span>
          )}
          <strong className="history-prompt">{title}</strong>
          <span className={`badge ${statusClass(row.status)}`}>{row.status}</span>
        </span>
        <span className="history-line small muted">
          <span>{formatWhen(row.createdAt)}</span>
          <span>
            {row.kind === 'text'
              ? row.format && formatName(row.format)
              : `${RUN_KIND_LABELS[row.kind]}${row.format ? ` · ${formatName(row.format)}` : ''}`}
          </span>
          <span>{row.model}</span>
          <span>{row.profile}</span>
          {row.totalMs !== null && <span>{(row.totalMs / 1000).toFixed(1)} s</span>}
          {rowCostText(row) && <span>{rowCostText(row)}</span>}
          <span className="history-answer">{row.answer}</span>
        </span>
      </button>
    </>
  )
}
