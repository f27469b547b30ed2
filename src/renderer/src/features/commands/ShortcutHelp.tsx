// The help sheet (`?`): every shortcut of the app in one modal dialog, with the keys as this machine names them
// (Cmd on a Mac). Esc or Close closes it and the focus goes back where it was.
import { useRef } from 'react'
import { isMac, keyName, SHORTCUTS } from './shortcuts'
import { useModal } from '../../components/focus/useModal'
import './commands.css'

/** Keys the app answers that are not shortcuts of their own: lists, tabs and fields. */
const MOVES: { keys: string[][]; label: string }[] = [
  { keys: [['↑'], ['↓'], ['Home'], ['End']], label: 'Move between the panels in the sidebar, and between tabs' },
  { keys: [['Enter']], label: 'Rename a conversation: keep the name (Esc leaves it as it was)' },
]

function Keys({ ways, mac }: { ways: string[][]; mac: boolean }) {
  return (
    <>
      {ways.map((keys, n) => (
        <span key={n} className="shortcut-way">
          {n > 0 && <span className="muted small"> or </span>}
          {keys.map((k, i) => (
            <kbd key={i}>{keyName(k, mac)}</kbd>
          ))}
        </span>
      ))}
    </>
  )
}

export function ShortcutHelp({ onClose }: { onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null)
  useModal(ref)
  const mac = isMac()
  return (
    <dialog
      ref={ref}
      className="shortcut-help"
      aria-labelledby="shortcut-help-title"
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        // Esc closes the sheet and nothing else (not a run streaming behind it).
        e.preventDefault()
        e.stopPropagation()
        onClose()
      }}
    >
      <h2 id="shortcut-help-title">Keyboard shortcuts</h2>
      <table className="shortcut-table">
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">What it does</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.id}>
              <td>
                <Keys ways={s.keys} mac={mac} />
              </td>
              <td>
                {s.label}
                {s.where && <span className="muted small"> ({s.where})</span>}
              </td>
            </tr>
          ))}
          {MOVES.map((m) => (
            <tr key={m.label}>
              <td>
                <Keys ways={m.keys} mac={mac} />
              </td>
              <td>{m.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">
        {mac ? '⌘' : 'Ctrl'}+K lists every action, panel and conversation: type a few letters and press Enter.
      </p>
      <div className="actions">
        <button autoFocus onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  )
}
