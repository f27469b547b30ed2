// What main computed from an embed: usage and timing, per input the dimension count, norm and first values
// (copy as JSON), downloads of every vector (JSON, CSV, .npy), the heatmap, the PCA scatter, nearest
// neighbours of a chosen input, and the cross-format check. Every outcome shows: done, stopped or failed (why).
import { memo, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { ExportFormat } from '../../../../shared/ipc/embeddings'
import { sameItems, useEmbeddingsStore } from '../../stores/embeddings'
import { PreviousInputs } from './PreviousInputs'
import { useAppStore } from '../../stores/app'
import { Heatmap } from './Heatmap'
import { Projection } from './Projection'
import { CrossCheck } from './CrossCheck'
import { downloadMedia } from '../../components/download/download'

const fmt = (x: number, digits = 4) => (Number.isFinite(x) ? x.toFixed(digits) : '—')

export function EmbedResults() {
  const s = useEmbeddingsStore(
    useShallow((x) => ({
      outcome: x.embedOutcome,
      rows: x.rows,
      rowsTotal: x.rowsTotal,
      heatmap: x.heatmap,
      selected: x.selected,
      neighbours: x.neighbours,
      crossCheck: x.crossCheck,
      stale: !sameItems(x.embedSent, x.embedDraft.inputs),
    })),
  )
  const { select, loadMoreRows } = useEmbeddingsStore.getState()
  const { outcome } = s

  return (
    <section className="emb-results" aria-label="Embed results">
      {!outcome && !s.crossCheck && (
        <p className="muted">
          Embed the inputs to see each vector's size and norm, a similarity heatmap, a 2-D projection and
          nearest neighbours. The cross-format check embeds them three ways and compares the vectors.
        </p>
      )}
      {outcome?.status === 'failed' && (
        <div className="error-banner" role="alert" data-testid="embed-error">
          <strong>Embedding failed.</strong> {outcome.error.message}
          <div className="muted small">Your inputs are unchanged; fix the problem and send again.</div>
        </div>
      )}
      {outcome?.status === 'stopped' && (
        <p className="warn-banner" role="status">
          Stopped: no vectors were kept.
        </p>
      )}
      {s.crossCheck && <CrossCheck outcome={s.crossCheck} />}
      {outcome?.status === 'done' && (
        <>
          {s.stale && <PreviousInputs subject="These vectors are" />}
          <p className="emb-summary" role="status" data-testid="embed-summary">
            <strong>
              {outcome.set.count} {outcome.set.count === 1 ? 'vector' : 'vectors'} × {outcome.set.dimensions}{' '}
              dimensions
            </strong>
            <span className="muted">
              {' · '}
              {outcome.usage.promptTokens !== null ? `prompt_tokens ${outcome.usage.promptTokens} · ` : ''}
              {outcome.usage.totalTokens !== null ? `total_tokens ${outcome.usage.totalTokens} · ` : ''}
              request took {outcome.timing.totalMs} ms · similarities worked out in {outcome.timing.computeMs}{' '}
              ms
            </span>
          </p>
          <ExportButtons />
          <div className="emb-figures">
            {s.heatmap && <Heatmap data={s.heatmap} labels={outcome.set.labels} />}
            <Projection
              points={outcome.set.projection.points}
              explained={outcome.set.projection.explained}
              labels={outcome.set.labels}
              selected={s.selected}
              onSelect={select}
            />
          </div>
          {s.selected !== null && (
            <section className="emb-neighbours" aria-label="Nearest neighbours">
              <h3>
                Nearest to <em>{outcome.set.labels[s.selected]}</em>
              </h3>
              {s.neighbours === null ? (
                <p className="muted small">Finding neighbours…</p>
              ) : (
                <ol>
                  {s.neighbours.map((nb) => (
                    <li key={nb.index}>
                      <button type="button" className="link" onClick={() => void select(nb.index)}>
                        {outcome.set.labels[nb.index]}
                      </button>{' '}
                      <span className="mono small">cosine {fmt(nb.cosine)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          )}
          <RowsTable
            labels={outcome.set.labels}
            rows={s.rows}
            total={s.rowsTotal}
            selected={s.selected}
            onSelect={select}
            onMore={loadMoreRows}
          />
        </>
      )}
    </section>
  )
}

function ExportButtons() {
  const host = useAppStore((x) => x.host)
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null)
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const save = async (format: ExportFormat) => {
    setBusy(format)
    setNote(null)
    try {
      const r = await useEmbeddingsStore.getState().exportSet(format)
      if (r.url) {
        downloadMedia(r.url, r.name)
        setNote({ text: `Downloading ${r.name}`, error: false })
      } else if (r.path) setNote({ text: `Saved to ${r.path}`, error: false })
    } catch (error) {
      setNote({ text: `Could not export: ${(error as Error).message}`, error: true })
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="actions emb-export" role="group" aria-label="Download all vectors">
      <span className="muted small">
        {host?.host === 'electron' ? 'Save all vectors as' : 'Download all vectors as'}
      </span>
      {(['json', 'csv', 'npy'] as const).map((f) => (
        <button key={f} type="button" disabled={busy !== null} onClick={() => void save(f)}>
          {f === 'npy' ? '.npy' : f.toUpperCase()}
        </button>
      ))}
      {note && (
        <span className={note.error ? 'field-error' : 'muted small'} role={note.error ? 'alert' : 'status'}>
          {note.text}
        </span>
      )}
    </div>
  )
}

interface RowsProps {
  labels: string[]
  rows: { index: number; dimensions: number; norm: number; first: number[] }[]
  total: number
  selected: number | null
  onSelect(index: number): unknown
  onMore(): unknown
}

/** Memoised: heatmap tiles arriving re-render the results, not the hundred rows of this table. */
const RowsTable = memo(function RowsTable({ labels, rows, total, selected, onSelect, onMore }: RowsProps) {
  return (
    <div className="emb-rows">
      <table aria-label="Vectors">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Label</th>
            <th scope="col">Dimensions</th>
            <th scope="col">Norm</th>
            <th scope="col">First values</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.index} aria-selected={r.index === selected} data-testid="vector-row">
              <td>{r.index + 1}</td>
              <td>{labels[r.index]}</td>
              <td>{r.dimensions}</td>
              <td className="mono">{fmt(r.norm)}</td>
              <td className="mono small">[{r.first.map((v) => fmt(v, 4)).join(', ')}, …]</td>
              <td className="emb-row-actions">
                <button type="button" className="ghost" onClick={() => onSelect(r.index)}>
                  Neighbours
                </button>
                <CopyVector index={r.index} label={labels[r.index] ?? `#${r.index + 1}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length < total && (
        <button type="button" className="ghost" onClick={onMore}>
          Show more ({rows.length} of {total})
        </button>
      )}
    </div>
  )
})

function CopyVector({ index, label }: { index: number; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = async () => {
    try {
      const json = await useEmbeddingsStore.getState().copyVector(index)
      await navigator.clipboard.writeText(json)
      setState('copied')
    } catch {
      setState('failed')
    }
    setTimeout(() => setState('idle'), 1500)
  }
  return (
    <button
      type="button"
      className="ghost"
      aria-label={`Copy the vector of ${label} as JSON`}
      onClick={() => void copy()}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy JSON'}
    </button>
  )
}
