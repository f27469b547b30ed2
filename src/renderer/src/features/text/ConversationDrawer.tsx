// The Text panel's list of conversations, a drawer over the panel's left side: each conversation opened, renamed,
// duplicated or deleted (with Undo), the list searched by name and text (ConversationList.tsx opens it).
import { useEffect, useRef, useState } from 'react'
import type { ConversationEntry } from '../../../../shared/ipc/textConversations'
import {
  copyConversation,
  deleteConversation,
  openConversation,
  renameConversation,
  searchConversations,
  useConversationList,
} from '../../stores/text'

export function ConversationDrawer({ onClose }: { onClose: () => void }) {
  const { entries, activeId, query, count, maxCount, error } = useConversationList()
  const [typed, setTyped] = useState(query)
  const search = useRef<HTMLInputElement>(null)
  useEffect(() => {
    search.current?.focus()
  }, [])
  useEffect(() => {
    if (typed === useConversationList.getState().query) return
    const timer = setTimeout(() => searchConversations(typed), 200)
    return () => clearTimeout(timer)
  }, [typed])
  return (
    <div
      id="conversation-drawer"
      className="conversation-drawer"
      role="dialog"
      aria-label="Conversations"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !(e.target instanceof HTMLInputElement && e.target.dataset.rename)) {
          e.stopPropagation()
          onClose()
        }
      }}
    >
      <div className="conversation-drawer-head">
        <strong>Conversations</strong>
        <span className="muted small">
          {count} of {maxCount} kept
        </span>
        <button className="ghost" aria-label="Close conversations" onClick={onClose}>
          ✕
        </button>
      </div>
      <input
        ref={search}
        type="search"
        aria-label="Search conversations"
        placeholder="Search names and text"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ul className="conversation-items" aria-label="Saved conversations">
        {entries.map((entry) => (
          <ConversationItem key={entry.id} entry={entry} active={entry.id === activeId} onOpened={onClose} />
        ))}
      </ul>
      {entries.length === 0 && query.trim() !== '' && (
        <p className="muted small">No conversation has “{query.trim()}” in its name or text.</p>
      )}
    </div>
  )
}

function ConversationItem(props: { entry: ConversationEntry; active: boolean; onOpened: () => void }) {
  const { entry, active } = props
  const [renaming, setRenaming] = useState<string | null>(null)
  const [nameError, setNameError] = useState<string | null>(null)
  const saveName = async () => {
    if (renaming === null) return
    if (!renaming.trim()) return setNameError('Name: write a name, or press Esc to keep the old one.')
    if (renaming.trim() !== entry.title && !(await renameConversation(entry.id, renaming.trim()))) return
    setRenaming(null)
    setNameError(null)
  }
  return (
    <li className={`conversation-item${active ? ' active' : ''}`}>
      {renaming === null ? (
        <button
          className="conversation-open"
          aria-current={active ? 'true' : undefined}
          onClick={() => void openConversation(entry.id).then((ok) => ok && props.onOpened())}
        >
          <span className="conversation-name">{entry.title}</span>
          <span className="muted small">
            {entry.turns} turn{entry.turns === 1 ? '' : 's'} · {when(entry.updatedAt)}
          </span>
        </button>
      ) : (
        <>
          <input
            aria-label={`New name for ${entry.title}`}
            data-rename="true"
            autoFocus
            maxLength={200}
            value={renaming}
            aria-invalid={nameError ? true : undefined}
            onChange={(e) => setRenaming(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void saveName()
              if (e.key === 'Escape') {
                e.stopPropagation()
                setRenaming(null)
                setNameError(null)
              }
            }}
          />
          {nameError && (
            <span className="field-error" role="alert">
              {nameError}
            </span>
          )}
        </>
      )}
      <div className="conversation-actions">
        {renaming === null ? (
          <button
            className="ghost small"
            aria-label={`Rename ${entry.title}`}
            onClick={() => setRenaming(entry.title)}
          >
            Rename
          </button>
        ) : (
          <button className="ghost small" onClick={() => void saveName()}>
            Save name
          </button>
        )}
        <button
          className="ghost small"
          aria-label={`Duplicate ${entry.title}`}
          onClick={() => void copyConversation(entry.id, `${entry.title} (copy)`)}
        >
          Duplicate
        </button>
        <button
          className="ghost small"
          aria-label={`Delete ${entry.title}`}
          onClick={() => void deleteConversation(entry)}
        >
          Delete
        </button>
      </div>
    </li>
  )
}

/** When a conversation last changed, as a person says it. */
function when(at: number): string {
  const date = new Date(at)
  const today = new Date()
  return date.toDateString() === today.toDateString()
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })
}
