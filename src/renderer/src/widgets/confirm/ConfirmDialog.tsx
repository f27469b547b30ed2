// The app's one confirmation dialog: a modal <dialog> (focus moves in on open, Esc cancels, focus returns to
// the control that asked when it closes). The safe choice (Cancel) has the first focus.
import { useEffect, useRef } from 'react'
import { useConfirmStore } from '../../stores/app'
import './confirm.css'

export function ConfirmDialog() {
  const question = useConfirmStore((s) => s.question)
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (question && !dialog.open) {
      opener.current = document.activeElement
      dialog.showModal()
    } else if (!question && dialog.open) {
      dialog.close()
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus()
    }
  }, [question])

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onCancel={(e) => {
        e.preventDefault()
        question?.answer(false)
      }}
    >
      {question && (
        <>
          <h2 id="confirm-title">{question.title}</h2>
          <p id="confirm-message">{question.message}</p>
          <div className="actions">
            <button autoFocus onClick={() => question.answer(false)}>
              Cancel
            </button>
            {question.alternative && (
              <button onClick={() => question.answer('alternative')}>{question.alternative}</button>
            )}
            <button className="danger" onClick={() => question.answer(true)}>
              {question.confirm}
            </button>
          </div>
        </>
      )}
    </dialog>
  )
}
