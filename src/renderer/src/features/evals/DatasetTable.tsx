// The dataset's rows in a virtualised table (only the rows in view are in the page, asked of main a page at a
// time), searchable, and editable: a cell opens for editing on a click or Enter, Enter or leaving it keeps the
// text (Shift+Enter for a new line), Escape puts it back; a row is added after the last or deleted. The text box
// holds what is typed by itself, so typing re-renders nothing else and nothing goes to main until it is kept.
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, useState } from 'react'
import type { DatasetInfo } from '../../../../shared/ipc/evals'
import { TABLE_PAGE, useDatasetTable } from '../../stores/evals'
import { DatasetExport } from './DatasetExport'
import { ColumnHead, ColumnsBar } from './DatasetColumns'

const ROW_HEIGHT = 30
const SEARCH_DELAY_MS = 200

export function DatasetTable({ d, locked }: { d: DatasetInfo; locked: boolean }) {
  const t = useDatasetTable()
  const scroller = useRef<HTMLDivElement>(null)
  const [editing, setEditing] = useState<{ position: number; column: number } | null>(null)
  const [query, setQuery] = useState('')
  const [columnProblem, setColumnProblem] = useState<string | null>(null)

  useEffect(() => {
    useDatasetTable.getState().reset(d.datasetId, d.rowCount)
    setQuery('')
    setEditing(null)
    setColumnProblem(null)
    // A new dataset (not a new count): the count follows edits through the table's own store.
  }, [d.datasetId]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const timer = setTimeout(() => {
      if (query !== useDatasetTable.getState().query) useDatasetTable.getState().search(query)
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [query])

  // The virtualizer's functions are read each render, never memoized here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: t.datasetId === d.datasetId ? t.total : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? -1
  const { version, total, datasetId } = t
  useEffect(() => {
    if (last >= 0 && datasetId) void useDatasetTable.getState().ensure(first, last)
  }, [first, last, version, total, datasetId])

  const rowAt = (position: number) => t.pages[Math.floor(position / TABLE_PAGE)]?.[position % TABLE_PAGE]
  const padTop = items[0]?.start ?? 0
  const padBottom = items.length ? virtualizer.getTotalSize() - items.at(-1)!.end : 0
  const searching = t.query.trim() !== ''

  // A row added is scrolled to once the table counts it, and its first cell opens for typing.
  const [reveal, setReveal] = useState<number | null>(null)
  useEffect(() => {
    if (reveal === null || reveal >= total) return
    virtualizer.scrollToIndex(reveal, { align: 'end' })
    setEditing({ position: reveal, column: 0 })
    setReveal(null)
  }, [reveal, total, virtualizer])
  const addRow = async () => {
    const at = d.rowCount
    if (!(await t.insertRow(at))) return
    if (useDatasetTable.getState().query) {
      setQuery('')
      useDatasetTable.getState().search('')
    }
    setReveal(at)
  }

  return (
    <>
      <div className="evals-inline small">
        <label className="evals-inline">
          Search rows
          <input
            type="search"
            value={query}
            placeholder="Text in any cell"
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <span role="status" data-testid="dataset-rows-shown">
          {searching
            ? `${t.total.toLocaleString('en')} of ${d.rowCount.toLocaleString('en')} rows match`
            : `${d.rowCount.toLocaleString('en')} rows`}
        </span>
        <button type="button" disabled={locked} onClick={() => void addRow()}>
          Add row
        </button>
        <ColumnsBar d={d} locked={locked} problem={columnProblem} onProblem={setColumnProblem} />
        {locked && <span className="muted">Rows and columns can be edited once the eval ends.</span>}
        <DatasetExport datasetId={d.datasetId} />
      </div>
      {columnProblem && (
        <p className="field-error" role="alert" id="dataset-column-problem">
          {columnProblem}
        </p>
      )}
      {t.error && (
        <p className="field-error" role="alert">
          {t.error}
        </p>
      )}
      <div className="evals-scroll evals-dataset-scroll" ref={scroller} data-testid="dataset-scroll">
        <table className="evals-table evals-dataset" aria-label="Dataset rows" aria-rowcount={t.total + 1}>
          <thead>
            <tr>
              <th scope="col">#</th>
              {d.columns.map((c, ci) => (
                <ColumnHead
                  key={`${ci}:${c}`}
                  name={c}
                  column={ci}
                  locked={locked}
                  last={d.columns.length <= 1}
                  onProblem={setColumnProblem}
                />
              ))}
              <th scope="col">Own graders</th>
              <th scope="col" aria-label="Delete" />
            </tr>
          </thead>
          <tbody>
            {padTop > 0 && <tr aria-hidden="true" style={{ height: padTop }} />}
            {items.map((it) => {
              const r = rowAt(it.index)
              const n = (r?.index ?? it.index) + 1
              return (
                <tr key={it.index} style={{ height: ROW_HEIGHT }} aria-rowindex={it.index + 2}>
                  <th scope="row">{r ? n : ''}</th>
                  {d.columns.map((c, ci) =>
                    !r ? (
                      <td key={ci} className="muted">
                        …
                      </td>
                    ) : editing?.position === it.index && editing.column === ci ? (
                      <td key={ci} className="evals-editing">
                        <CellEditor
                          label={`Row ${n} ${c}`}
                          initial={r.cells[ci] ?? ''}
                          onDone={(value, moved) => {
                            setEditing(null)
                            if (value !== null) void t.setCell(it.index, ci, value)
                            // Enter or Escape: the keyboard goes back to the cell (a click elsewhere keeps its focus).
                            if (!moved)
                              requestAnimationFrame(() =>
                                scroller.current
                                  ?.querySelector<HTMLElement>(`[data-cell="${it.index}:${ci}"]`)
                                  ?.focus(),
                              )
                          }}
                        />
                      </td>
                    ) : (
                      <td key={ci}>
                        <button
                          type="button"
                          className="evals-cell-text"
                          data-cell={`${it.index}:${ci}`}
                          aria-label={`Row ${n} ${c}: ${r.cells[ci] || 'empty'}`}
                          title={
                            r.clipped.includes(ci)
                              ? 'Too long to edit here (over 2,000 characters)'
                              : (r.cells[ci] ?? '').length > 60
                                ? r.cells[ci]
                                : undefined
                          }
                          disabled={locked || r.clipped.includes(ci)}
                          onClick={() => setEditing({ position: it.index, column: ci })}
                        >
                          {r.cells[ci] || '\u00a0'}
                        </button>
                      </td>
                    ),
                  )}
                  <td className="muted">{r?.graders || ''}</td>
                  <td>
                    {r && (
                      <button
                        type="button"
                        className="ghost"
                        aria-label={`Delete row ${n}`}
                        disabled={locked || d.rowCount <= 1}
                        onClick={() => void t.deleteRow(r.index)}
                      >
                        ✕
                      </button>
                    )}
                  </td>
                </tr>
              )
            })}
            {padBottom > 0 && <tr aria-hidden="true" style={{ height: padBottom }} />}
          </tbody>
        </table>
      </div>
    </>
  )
}

/** One cell's text box: keeps its own text while typing; answers the text kept, or null when put back. */
function CellEditor(props: {
  label: string
  initial: string
  /** `moved`: the focus left the box for somewhere else. */
  onDone(value: string | null, moved: boolean): void
}) {
  const box = useRef<HTMLTextAreaElement>(null)
  const done = useRef(false)
  const finish = (value: string | null, moved = false) => {
    if (done.current) return
    done.current = true
    props.onDone(value, moved)
  }
  useEffect(() => {
    const el = box.current
    if (!el) return
    el.focus()
    el.setSelectionRange(el.value.length, el.value.length)
  }, [])
  return (
    <textarea
      ref={box}
      aria-label={props.label}
      defaultValue={props.initial}
      rows={1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault()
          finish(null)
        } else if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault()
          finish(e.currentTarget.value)
        }
      }}
      onBlur={(e) => finish(e.currentTarget.value, true)}
    />
  )
}
