// The command palette (Ctrl/Cmd+K, Ctrl/Cmd+Shift+P): a modal dialog with a search box over one list of actions,
// panels and conversations. Up/Down move (wrapping), Enter does the one chosen, Esc closes; the focus goes back
// where it was, unless the command moved it (to the message box, a tab). What a command could not do is said in
// the dialog, which stays open. WAI-ARIA combobox with a listbox of grouped options (aria-activedescendant).
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { allConversations, useConversationList } from '../../stores/text'
import type { ConversationEntry } from '../../../../shared/ipc/textConversations'
import {
  actionItems,
  conversationItems,
  filterItems,
  panelItems,
  type CommandGroup,
  type CommandItem,
} from './commandItems'
import { isMac, keysText, type PanelName } from './shortcuts'
import { useModal } from '../../components/focus/useModal'
import './commands.css'

const GROUPS: CommandGroup[] = ['Actions', 'Panels', 'Conversations']

interface Props {
  panels: PanelName[]
  onClose(): void
  onHelp(): void
}

export function CommandPalette({ panels, onClose, onHelp }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  useModal(ref)
  const id = useId()
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [entries, setEntries] = useState<ConversationEntry[]>([])
  const openId = useConversationList((s) => s.activeId)
  useEffect(() => {
    let live = true
    void allConversations().then((list) => live && setEntries(list))
    return () => {
      live = false
    }
  }, [])
  const mac = isMac()

  const shown = useMemo(() => {
    const all = [...actionItems(onHelp), ...panelItems(panels), ...conversationItems(entries, openId)]
    const found = filterItems(all, query)
    // Each group in the place of its best match, so the first option is the best one.
    const order = GROUPS.slice().sort((a, b) => {
      const at = (g: CommandGroup) => {
        const n = found.findIndex((i) => i.group === g)
        return n < 0 ? Infinity : n
      }
      return at(a) - at(b)
    })
    return order
      .map((group) => ({ group, items: found.filter((i) => i.group === group) }))
      .filter((g) => g.items.length > 0)
  }, [query, entries, openId, panels, onHelp])
  const flat = shown.flatMap((g) => g.items)
  const current = Math.min(active, Math.max(0, flat.length - 1))
  const optionId = (n: number) => `${id}-option-${n}`

  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current])

  const run = async (item: CommandItem | undefined) => {
    if (!item || busy) return
    setBusy(true)
    setError(null)
    try {
      // The palette closes first for a command that opens another dialog (the shortcuts).
      if (item.id === 'help') return void item.run()
      const why = await item.run()
      if (why) setError(why)
      else onClose()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  let n = -1
  return (
    <dialog
      ref={ref}
      className="command-palette"
      aria-label="Command palette"
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      onClick={(e) => {
        // A click on the backdrop (outside the card) closes it.
        if (e.target === ref.current) onClose()
      }}
    >
      <input
        autoFocus
        className="palette-search"
        role="combobox"
        aria-label="Search actions, panels and conversations"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={flat.length ? optionId(current) : undefined}
        placeholder="Type a command, a panel or a conversation"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setActive(0)
          setError(null)
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault()
            if (!flat.length) return
            const step = e.key === 'ArrowDown' ? 1 : -1
            setActive((current + step + flat.length) % flat.length)
          } else if (e.key === 'Enter') {
            e.preventDefault()
            void run(flat[current])
          } else if (e.key === 'Escape') {
            // Esc closes the palette and nothing else (not a run that is streaming behind it).
            e.preventDefault()
            e.stopPropagation()
            onClose()
          }
        }}
      />
      {error && (
        <p className="field-error palette-error" role="alert">
          {error}
        </p>
      )}
      <div className="palette-list" role="listbox" id={`${id}-list`} aria-label="Commands">
        {shown.map((g) => (
          <div key={g.group} role="group" aria-labelledby={`${id}-${g.group}`}>
            <div className="palette-group muted small" id={`${id}-${g.group}`} role="presentation">
              {g.group}
            </div>
            {g.items.map((item) => {
              const index = ++n
              return (
                <div
                  key={item.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  className={`palette-option${index === current ? ' active' : ''}`}
                  onPointerMove={() => index !== current && setActive(index)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => void run(item)}
                >
                  <span className="palette-label">{item.label}</span>
                  {item.keys && <kbd className="palette-keys">{keysText(item.keys, mac)}</kbd>}
                </div>
              )
            })}
          </div>
        ))}
      </div>
      {flat.length === 0 && (
        <p className="muted palette-empty" role="status">
          Nothing matches “{query}”.
        </p>
      )}
      <p className="muted small palette-foot" aria-hidden="true">
        ↑↓ to choose · Enter to do it · Esc to close
      </p>
    </dialog>
  )
}
