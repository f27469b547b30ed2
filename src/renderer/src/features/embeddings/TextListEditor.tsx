// The list editor for embedding inputs and rerank documents: a label and a text per item; add, remove, move up
// and down, paste many lines at once, or import a .txt, .csv (pick a column) or .jsonl file through main.
// Invariant: the list changes only by the user's hand; a failed import leaves it exactly as it was.
import { useRef, useState } from 'react'
import type { TextItem } from '../../../../shared/embed/requests'
import { client } from '../../ipc/client'
import { importFile } from '../../ipc/importFile'
import { touchOnBlur } from './issues'

interface Props {
  /** "input" or "document": names the items in labels and messages. */
  noun: string
  items: TextItem[]
  onChange(items: TextItem[]): void
  /** Issues by field (`inputs[2]`, `inputs`), shown beside the item. */
  issues: Map<string, string>
  field: string
  onTouch(field: string): void
}

const MAX_SHOWN = 200

export function TextListEditor({ noun, items, onChange, issues, field, onTouch }: Props) {
  const [paste, setPaste] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [csv, setCsv] = useState<{ mediaId: string; columns: string[]; column: string } | null>(null)
  const [showAll, setShowAll] = useState(false)
  const picker = useRef<HTMLInputElement>(null)

  const update = (i: number, patch: Partial<TextItem>) =>
    onChange(items.map((item, k) => (k === i ? { ...item, ...patch } : item)))
  const move = (i: number, by: number) => {
    const j = i + by
    if (j < 0 || j >= items.length) return
    const next = [...items]
    ;[next[i], next[j]] = [next[j]!, next[i]!]
    onChange(next)
  }

  const readFile = async (mediaId: string, column?: string) => {
    const r = await client.call('embeddings.readTextFile', { mediaId, ...(column ? { column } : {}) })
    if (!r.ok) return setProblem(r.error.message)
    setProblem(null)
    setCsv(
      r.value.columns && r.value.column
        ? { mediaId, columns: r.value.columns, column: r.value.column }
        : null,
    )
    onChange(r.value.items)
    onTouch(field)
  }

  const take = async (file: File | undefined) => {
    if (!file) return
    setProblem(null)
    setBusy(`Importing ${file.name}…`)
    try {
      const media = await importFile(client, file)
      await readFile(media.mediaId)
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(null)
    }
  }

  const shown = showAll ? items : items.slice(0, MAX_SHOWN)
  const listIssue = issues.get(field)
  return (
    <fieldset className="emb-list" aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)}s`}>
      <legend>
        {noun[0]!.toUpperCase()}
        {noun.slice(1)}s <span className="muted small">({items.length})</span>
      </legend>
      {listIssue && (
        <p className="field-error" role="alert">
          {listIssue}
        </p>
      )}
      <ol className="emb-items">
        {shown.map((item, i) => {
          const issue = issues.get(`${field}[${i}]`)
          return (
            <li key={i} className="emb-item">
              <input
                className="emb-label"
                aria-label={`Label of ${noun} ${i + 1}`}
                placeholder={`#${i + 1}`}
                value={item.label}
                onChange={(e) => update(i, { label: e.target.value })}
              />
              <textarea
                aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)} ${i + 1}`}
                aria-invalid={issue ? true : undefined}
                rows={1}
                value={item.text}
                onChange={(e) => update(i, { text: e.target.value })}
                onBlur={touchOnBlur(() => onTouch(`${field}[${i}]`))}
              />
              <span className="emb-item-actions">
                <button
                  type="button"
                  aria-label={`Move ${noun} ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={`Move ${noun} ${i + 1} down`}
                  disabled={i === items.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${noun} ${i + 1}`}
                  onClick={() => onChange(items.filter((_, k) => k !== i))}
                >
                  ✕
                </button>
              </span>
              {issue && <span className="field-error emb-item-error">{issue}</span>}
            </li>
          )
        })}
      </ol>
      {items.length > MAX_SHOWN && !showAll && (
        <button type="button" className="link" onClick={() => setShowAll(true)}>
          Show all {items.length} {noun}s
        </button>
      )}
      <div className="toolbar">
        <button type="button" onClick={() => onChange([...items, { label: '', text: '' }])}>
          Add {noun}
        </button>
        <button
          type="button"
          onClick={() => setPaste(paste === null ? '' : null)}
          aria-expanded={paste !== null}
        >
          Paste lines…
        </button>
        <button type="button" onClick={() => picker.current?.click()} disabled={busy !== null}>
          Import file…
        </button>
        {items.length > 0 && (
          <button type="button" onClick={() => onChange([])}>
            Clear
          </button>
        )}
        <input
          ref={picker}
          type="file"
          hidden
          accept=".txt,.csv,.jsonl,.ndjson,text/plain,text/csv"
          aria-label={`Import ${noun}s from a file`}
          onChange={(e) => {
            void take(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      </div>
      {busy && (
        <p className="muted small" role="status">
          {busy}
        </p>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {csv && (
        <label className="emb-inline">
          CSV column
          <select
            aria-label="CSV column"
            value={csv.column}
            onChange={(e) => void readFile(csv.mediaId, e.target.value)}
          >
            {csv.columns.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      )}
      {paste !== null && (
        <div className="emb-paste">
          <textarea
            aria-label={`Paste ${noun}s, one a line`}
            rows={4}
            value={paste}
            placeholder={`One ${noun} a line`}
            onChange={(e) => setPaste(e.target.value)}
          />
          <button
            type="button"
            onClick={() => {
              const lines = paste.split(/\r?\n/).filter((l) => l.trim() !== '')
              onChange([
                ...items.filter((i) => i.text.trim() !== '' || i.label !== ''),
                ...lines.map((text) => ({ label: '', text })),
              ])
              setPaste(null)
            }}
          >
            Add lines
          </button>
        </div>
      )}
    </fieldset>
  )
}
