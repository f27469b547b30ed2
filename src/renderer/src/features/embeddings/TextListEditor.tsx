// The list editor for embedding inputs and rerank documents: a label and a text per item; add, remove, move up
// and down, paste many lines at once, or import a .txt, .csv (pick a column) or .jsonl file through main.
// Invariant: the list changes only by the user's hand; a failed import leaves it exactly as it was.
import { memo, useRef, useState } from 'react'
import type { TextItem } from '../../../../shared/embed/requests'
import { embeddingsCalls } from '../../ipc/embeddingsCalls'
import { mediaCalls } from '../../ipc/mediaCalls'
import { useEmbeddingsStore, withText, type EmbedMode } from '../../stores/embeddings'
import { touchOnBlur } from './issues'
import { offerUndo } from '../../stores/app'

const currentItems = (mode: EmbedMode): TextItem[] => {
  const s = useEmbeddingsStore.getState()
  return mode === 'embed' ? s.embedDraft.inputs : s.rerankDraft.documents
}

interface Props {
  /** Whose list: the embed inputs or the rerank documents. */
  mode: EmbedMode
  /** "input" or "document": names the items in labels and messages. */
  noun: string
  /** Issues by field (`inputs[2]`, `inputs`), shown beside the item. */
  issues: Map<string, string>
  field: string
}

const MAX_SHOWN = 200

const capital = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`

export function TextListEditor({ mode, noun, issues, field }: Props) {
  const items = useEmbeddingsStore((s) => (mode === 'embed' ? s.embedDraft.inputs : s.rerankDraft.documents))
  const { editItems } = useEmbeddingsStore.getState()
  const onChange = (next: TextItem[]) => editItems(mode, () => next)
  const [paste, setPaste] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [csv, setCsv] = useState<{ mediaId: string; columns: string[]; column: string } | null>(null)
  const [showAll, setShowAll] = useState(false)
  const picker = useRef<HTMLInputElement>(null)

  const readFile = async (mediaId: string, column?: string) => {
    const r = await embeddingsCalls.readTextFile(mediaId, column)
    if (!r.ok) return setProblem(r.error.message)
    setProblem(null)
    setCsv(
      r.value.columns && r.value.column
        ? { mediaId, columns: r.value.columns, column: r.value.column }
        : null,
    )
    replaceWithUndo(r.value.items, `Imported ${r.value.items.length} ${noun}s`)
  }

  const take = async (file: File | undefined) => {
    if (!file) return
    setProblem(null)
    setBusy(`Importing ${file.name}…`)
    try {
      const media = await mediaCalls.importFile(file)
      await readFile(media.mediaId)
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(null)
    }
  }

  /** Replaces the list; typed items that go offer Undo for a few seconds. */
  const replaceWithUndo = (next: TextItem[], what: string) => {
    const before = currentItems(mode)
    onChange(next)
    if (before.some((item) => item.text.trim() || item.label.trim()))
      offerUndo(`${what}; the ${before.length} before can be put back.`, () => onChange(before))
  }

  const shown = showAll ? items : items.slice(0, MAX_SHOWN)
  const listIssue = issues.get(field)
  return (
    <fieldset className="emb-list" aria-label={`${capital(noun)}s`}>
      <legend>
        {capital(noun)}s <span className="muted small">({items.length})</span>
      </legend>
      {listIssue && (
        <p className="field-error" role="alert">
          {listIssue}
        </p>
      )}
      <ol className="emb-items">
        {shown.map((item, i) => (
          <ItemRow
            key={i}
            mode={mode}
            noun={noun}
            field={field}
            index={i}
            item={item}
            last={i === items.length - 1}
            issue={issues.get(`${field}[${i}]`) ?? null}
          />
        ))}
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
          <button type="button" onClick={() => replaceWithUndo([], `Cleared ${items.length} ${noun}s`)}>
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

interface RowProps {
  mode: EmbedMode
  noun: string
  field: string
  index: number
  item: TextItem
  last: boolean
  issue: string | null
}

/**
 * One item of the list. Memoised, and edits go to the store by index, so typing in one of 1,000 items re-renders
 * that item only.
 */
const ItemRow = memo(function ItemRow({ mode, noun, field, index: i, item, last, issue }: RowProps) {
  const edit = (fn: (items: TextItem[]) => TextItem[]) => useEmbeddingsStore.getState().editItems(mode, fn)
  const update = (patch: Partial<TextItem>) =>
    edit((items) => items.map((it, k) => (k === i ? { ...it, ...patch } : it)))
  const move = (by: number) =>
    edit((items) => {
      const j = i + by
      if (j < 0 || j >= items.length) return items
      const next = [...items]
      ;[next[i], next[j]] = [next[j]!, next[i]!]
      return next
    })
  return (
    <li className="emb-item">
      <input
        className="emb-label"
        aria-label={`Label of ${noun} ${i + 1}`}
        placeholder={`#${i + 1}`}
        value={item.label}
        onChange={(e) => update({ label: e.target.value })}
      />
      <textarea
        aria-label={`${capital(noun)} ${i + 1}`}
        aria-invalid={issue ? true : undefined}
        rows={1}
        value={item.text}
        onChange={(e) => {
          const text = e.target.value
          edit((items) => items.map((it, k) => (k === i ? withText(it, text) : it)))
        }}
        onBlur={touchOnBlur(() => useEmbeddingsStore.getState().touch(mode, `${field}[${i}]`))}
      />
      <span className="emb-item-actions">
        <button
          type="button"
          aria-label={`Move ${noun} ${i + 1} up`}
          disabled={i === 0}
          onClick={() => move(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          aria-label={`Move ${noun} ${i + 1} down`}
          disabled={last}
          onClick={() => move(1)}
        >
          ↓
        </button>
        <button
          type="button"
          aria-label={`Remove ${noun} ${i + 1}`}
          onClick={() => edit((items) => items.filter((_, k) => k !== i))}
        >
          ✕
        </button>
      </span>
      {issue && <span className="field-error emb-item-error">{issue}</span>}
    </li>
  )
})
