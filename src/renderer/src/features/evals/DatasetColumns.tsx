// The dataset's columns edited in the table: a column's name opens for renaming on a click (Enter or leaving keeps
// it, Escape puts it back; a bad name keeps the box open with the error naming the field and the rule), ✕ deletes
// it (Undo until the next edit), Add column asks for a name. The errors show once the user acted, never before.
import { useEffect, useRef, useState } from 'react'
import type { DatasetInfo } from '../../../../shared/ipc/evals'
import {
  staleVariables,
  useDatasetColumns,
  useDatasetTable,
  useEvalsStore,
  writeNewName,
} from '../../stores/evals'

/** A column's head cell: its name (a button that opens the rename box) and its delete button. */
export function ColumnHead(props: {
  name: string
  column: number
  locked: boolean
  last: boolean
  onProblem(text: string | null): void
}) {
  const [editing, setEditing] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const box = useRef<HTMLInputElement>(null)
  const done = useRef(false)
  const show = (text: string | null) => {
    setProblem(text)
    props.onProblem(text)
  }
  useEffect(() => {
    if (editing) {
      done.current = false
      box.current?.focus()
      box.current?.select()
    }
  }, [editing])
  const keep = async (value: string) => {
    if (done.current) return
    done.current = true
    const wrong = await useDatasetColumns.getState().rename(props.column, value)
    if (wrong) {
      done.current = false
      show(wrong)
    } else {
      show(null)
      setEditing(false)
    }
  }
  if (editing)
    return (
      <th scope="col" className="evals-col-head">
        <input
          ref={box}
          className="mono"
          aria-label={`Rename column ${props.name}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'dataset-column-problem' : undefined}
          defaultValue={props.name}
          size={Math.max(8, Math.min(24, props.name.length + 2))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              void keep(e.currentTarget.value)
            } else if (e.key === 'Escape') {
              e.preventDefault()
              done.current = true
              show(null)
              setEditing(false)
            }
          }}
          onBlur={(e) => void keep(e.currentTarget.value)}
        />
      </th>
    )
  return (
    <th scope="col" className="evals-col-head">
      <button
        type="button"
        className="ghost mono evals-col-name"
        disabled={props.locked}
        title="Rename this column (its {{variable}})"
        aria-label={`Column ${props.name}: rename`}
        onClick={() => setEditing(true)}
      >
        {props.name}
      </button>
      <button
        type="button"
        className="ghost evals-col-delete"
        disabled={props.locked || props.last}
        title={props.last ? 'A dataset keeps at least one column' : undefined}
        aria-label={`Delete column ${props.name}`}
        onClick={() => void useDatasetColumns.getState().remove(props.column).then(props.onProblem)}
      >
        ✕
      </button>
    </th>
  )
}

/** Add column, the last delete's Undo, and the column problem (a bad name) in words. */
export function ColumnsBar({
  d,
  locked,
  problem,
  onProblem,
}: {
  d: DatasetInfo
  locked: boolean
  problem: string | null
  onProblem(text: string | null): void
}) {
  const [adding, setAdding] = useState(false)
  const [name, setName] = useState('')
  const [note, setNote] = useState<string | null>(null)
  const deleted = useDatasetColumns((s) => s.deleted)
  const edits = useDatasetTable((s) => s.edits)
  const undoable = deleted && deleted.datasetId === d.datasetId && deleted.atEdit === edits
  const add = async () => {
    const wrong = await useDatasetColumns.getState().add(name)
    onProblem(wrong)
    if (!wrong) {
      setNote(`Column ${name} added, empty in every row.`)
      setName('')
      setAdding(false)
    }
  }
  return (
    <>
      {adding ? (
        <form
          className="evals-inline evals-add-column"
          aria-label="Add column"
          onSubmit={(e) => {
            e.preventDefault()
            void add()
          }}
        >
          <input
            autoFocus
            className="mono"
            aria-label="New column name"
            placeholder="e.g. region"
            value={name}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'dataset-column-problem' : undefined}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setAdding(false)
                onProblem(null)
              }
            }}
          />
          <button type="submit">Add</button>
          <button
            type="button"
            className="ghost"
            onClick={() => {
              setAdding(false)
              onProblem(null)
            }}
          >
            Cancel
          </button>
        </form>
      ) : (
        <button
          type="button"
          disabled={locked}
          onClick={() => {
            setNote(null)
            setAdding(true)
          }}
        >
          Add column
        </button>
      )}
      {undoable ? (
        <span role="status" className="evals-inline">
          Column {deleted.name} deleted ({deleted.values.toLocaleString('en')} value
          {deleted.values === 1 ? '' : 's'}).
          <button
            type="button"
            disabled={locked}
            onClick={() => void useDatasetColumns.getState().undo().then(onProblem)}
          >
            Undo
          </button>
        </span>
      ) : (
        note && (
          <span role="status" className="muted">
            {note}
          </span>
        )
      )}
    </>
  )
}

/** The prompt's `{{variables}}` still under a renamed column's old name, each with the new name offered. */
export function StaleVariables() {
  const renamed = useDatasetColumns((s) => s.renamed)
  const d = useEvalsStore((s) => s.dataset)
  const text = useEvalsStore((s) => `${s.system}\n${s.user}`)
  const stale = staleVariables(text, renamed, d?.datasetId, d?.columns ?? [])
  return stale.map(({ from, to }) => (
    <p key={from} className="field-error evals-stale" role="alert">
      Prompt: {`{{${from}}}`} no longer matches a column (renamed to {`{{${to}}}`}).
      <button type="button" onClick={() => writeNewName(from, to)}>
        Write {`{{${to}}}`} instead
      </button>
    </p>
  ))
}
