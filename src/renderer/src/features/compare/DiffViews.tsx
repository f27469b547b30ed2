// The two diffs of a comparison: a structural diff of any two columns' request bodies (microdiff: changed, added
// and missing paths with both values) and a word-level diff of any two columns' final answers (jsdiff). Each
// is computed when asked for, from the bodies and answers on screen.
import { useMemo, useState } from 'react'
import { diffBodies } from '../../../../shared/compare/bodyDiff'
import { diffAnswers } from '../../../../shared/compare/answerDiff'
import { columnLabel, useCompareStore } from '../../stores/compare'

function PairPicker(props: { what: string; a: number; b: number; onChange(a: number, b: number): void }) {
  const columns = useCompareStore((s) => s.columns)
  const options = columns.map((c, i) => (
    <option key={c.id} value={i}>
      {columnLabel(c, i)}
    </option>
  ))
  return (
    <div className="diff-pair">
      <label>
        <span className="muted small">{props.what}: first</span>
        <select
          aria-label={`${props.what} first column`}
          value={props.a}
          onChange={(e) => props.onChange(Number(e.target.value), props.b)}
        >
          {options}
        </select>
      </label>
      <label>
        <span className="muted small">second</span>
        <select
          aria-label={`${props.what} second column`}
          value={props.b}
          onChange={(e) => props.onChange(props.a, Number(e.target.value))}
        >
          {options}
        </select>
      </label>
    </div>
  )
}

const value = (v: unknown) => (v === undefined ? '' : JSON.stringify(v))

export function BodyDiffView() {
  const [[a, b], setPair] = useState<[number, number]>([0, 1])
  const columns = useCompareStore((s) => s.columns)
  const previews = useCompareStore((s) => s.previews)
  const first = previews[columns[a]?.id ?? '']?.preview?.body
  const second = previews[columns[b]?.id ?? '']?.preview?.body
  const diff = useMemo(() => (first && second ? diffBodies(first, second) : null), [first, second])
  return (
    <section className="compare-diff" aria-label="Body diff">
      <PairPicker what="Body diff" a={a} b={b} onChange={(x, y) => setPair([x, y])} />
      {!diff ? (
        <p className="muted">Waiting for both request bodies…</p>
      ) : diff.error ? (
        <p className="field-error">{diff.error}</p>
      ) : (
        <>
          <p className="small" data-testid="body-diff-counts">
            {diff.counts.changed} changed · {diff.counts.added} added · {diff.counts.missing} missing
          </p>
          <div className="table-scroll">
            <table className="body-diff-table">
              <thead>
                <tr>
                  <th scope="col">Path</th>
                  <th scope="col">Change</th>
                  <th scope="col">First</th>
                  <th scope="col">Second</th>
                </tr>
              </thead>
              <tbody>
                {diff.changes.map((c) => (
                  <tr key={c.kind + c.path} className={`diff-${c.kind}`} data-testid="body-diff-row">
                    <td>
                      <code>{c.path}</code>
                    </td>
                    <td>{c.kind}</td>
                    <td className="mono small">{value(c.before)}</td>
                    <td className="mono small">{value(c.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}

export function AnswerDiffView() {
  const [[a, b], setPair] = useState<[number, number]>([0, 1])
  const first = useCompareStore((s) => answerOf(s, a))
  const second = useCompareStore((s) => answerOf(s, b))
  const diff = useMemo(
    () => (first !== null && second !== null ? diffAnswers(first, second) : null),
    [first, second],
  )
  return (
    <section className="compare-diff" aria-label="Answer diff">
      <PairPicker what="Answer diff" a={a} b={b} onChange={(x, y) => setPair([x, y])} />
      {!diff ? (
        <p className="muted">Both columns need a finished answer.</p>
      ) : diff.tooDifferent ? (
        <p className="muted">The answers differ almost everywhere; there is nothing to align.</p>
      ) : (
        <>
          <p className="small" data-testid="answer-diff-counts">
            {diff.removedWords} words only in the first · {diff.addedWords} words only in the second
          </p>
          <div className="answer-diff" data-testid="answer-diff">
            {diff.segments.map((s, i) =>
              s.kind === 'same' ? (
                <span key={i}>{s.text}</span>
              ) : s.kind === 'added' ? (
                <ins key={i}>{s.text}</ins>
              ) : (
                <del key={i}>{s.text}</del>
              ),
            )}
          </div>
        </>
      )}
    </section>
  )
}

/** A column's answer once its run ended (a streaming answer is not diffed yet). */
function answerOf(s: ReturnType<typeof useCompareStore.getState>, index: number): string | null {
  const column = s.columns[index]
  const run = column ? s.runs[s.columnRuns[column.id] ?? ''] : undefined
  return run && run.status !== 'running' ? run.text : null
}
