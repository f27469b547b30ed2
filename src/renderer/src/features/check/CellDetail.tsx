// One cell opened beside the matrix: its verdict in words, each deviation named, its speed, and its recorded
// exchanges in the Inspector (one tab per request, fetched from main when shown); a text cell can be saved as a
// case with the draft it sent.
import { useEffect, useRef, useState } from 'react'
import type { CheckCell } from '../../../../shared/check/model'
import type { Exchange } from '../../../../shared/ipc/exchange'
import type { Draft } from '../../../../shared/wire'
import { probeById } from '../../../../shared/check/battery'
import { billedText } from '../../../../shared/cost/billed'
import { Inspector } from '../../components/inspector'
import { SaveCaseButton } from '../../widgets/saveCase/SaveCaseButton'
import { checkCalls } from '../../ipc/checkCalls'
import { useCheckStore } from '../../stores/check'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

export function CellDetail({
  checkId,
  cell,
  onClose,
}: {
  checkId: string
  cell: CheckCell
  onClose: () => void
}) {
  // The parent keys this view by cell, so the chosen request starts at the first for every cell.
  const [index, setIndex] = useState(0)
  const box = useRef<HTMLElement>(null)
  // Below the matrix (narrow windows) the opened cell would be out of sight. A block body: scrollIntoView
  // answers a promise in newer Chromium, and an effect may return nothing but its cleanup.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' })
  }, [])
  const [loaded, setLoaded] = useState<{ id: string; exchange?: Exchange; problem?: string } | null>(null)
  const [draft, setDraft] = useState<Draft | null>(null)
  const id = cell.exchangeIds[index]
  const exchange = loaded && loaded.id === id ? (loaded.exchange ?? null) : null
  const problem = loaded && loaded.id === id ? (loaded.problem ?? null) : null

  useEffect(() => {
    if (cell.group !== 'text') return
    let live = true
    checkCalls.cellDraft(checkId, cell.key).then(
      (d) => live && setDraft(d.draft),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [checkId, cell.key, cell.group])

  useEffect(() => {
    if (!id) return
    let live = true
    checkCalls.exchange(id).then(
      (e) => live && setLoaded({ id, exchange: e }),
      (error: Error) => live && setLoaded({ id, problem: error.message }),
    )
    return () => {
      live = false
    }
  }, [id])

  const probe = probeById(cell.probeId)
  const rerun = useCheckStore((s) => s.rerun)
  const rerunning = useCheckStore((s) => !!s.rerunning[cell.key])
  const ended = useCheckStore((s) => !!s.run?.ended)
  return (
    <aside ref={box} className="check-detail" aria-label="Cell detail">
      <div className="check-detail-head">
        <h3>
          {cell.subject} · {probe?.label ?? cell.probeId}
        </h3>
        <button type="button" className="ghost" onClick={onClose} aria-label="Close the cell">
          ✕
        </button>
      </div>
      <p className={`check-verdict cell-${cell.status}`} data-testid="check-verdict">
        <strong>{cell.status}</strong>: {cell.detail}
      </p>
      {cell.deviations.length > 0 && (
        <ul className="check-deviations" aria-label="Deviations from the spec">
          {cell.deviations.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      <p className="muted small">
        Spec: {probe?.expects}
        {cell.ttftMs !== null && ` · first token ${cell.ttftMs} ms`}
        {cell.tokensPerSecond !== null && ` · ${cell.tokensPerSecond} tokens/s`}
        {cell.totalMs !== null && ` · ${cell.totalMs} ms in all`}
        {cell.cost &&
          (cell.cost.kind === 'unbilled'
            ? ' · nothing billed (no answer the gateway bills)'
            : ` · cost ${billedText(cell.cost)}`)}
      </p>
      <div className="check-inline">
        {draft && <SaveCaseButton draft={() => draft} />}
        {ended && cell.status !== 'skipped' && (
          <button type="button" disabled={rerunning} onClick={() => void rerun(cell.key)}>
            {rerunning ? 'Running again…' : 'Run this probe again'}
          </button>
        )}
      </div>
      {cell.exchangeIds.length > 1 && (
        <div className="check-exchange-tabs" role="group" aria-label="Requests of this cell">
          {cell.exchangeIds.map((x, i) => (
            <button key={x} type="button" aria-pressed={i === index} onClick={() => setIndex(i)}>
              Request {i + 1}
            </button>
          ))}
        </div>
      )}
      {cell.exchangeIds.length === 0 && <p className="muted">No request was sent for this cell.</p>}
      <ErrorBanner>{problem}</ErrorBanner>
      {exchange && (
        <Inspector
          key={exchange.id}
          exchange={exchange}
          preview={null}
          label="Cell exchange"
          initialTab="response"
        />
      )}
    </aside>
  )
}
