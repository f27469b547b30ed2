// The frame both Embeddings forms share: a form that sends on submit and on Ctrl/Cmd+Enter, the note when the
// edited request JSON is what Send uses, why Send cannot go (after Send was pressed), and Send or Stop with what
// is running. Each form brings its own fields and send buttons.
import { useRef, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useEmbeddingsStore, type EmbedMode, type RunKind } from '../../stores/embeddings'
import { CannotSend } from './CannotSend'
import { visibleIssues } from './issues'
import type { DraftIssue } from '../../../../shared/embed/requests'

/** A form's state in the store, and which of its draft's issues are shown (touched fields, or after Send). */
export function useFormState(mode: EmbedMode, issues: readonly DraftIssue[]) {
  const s = useEmbeddingsStore(
    useShallow((x) => ({
      touched: x.touched[mode],
      sendPressed: x.sendPressed[mode],
      running: x.running,
      rawBody: x.rawBody[mode],
    })),
  )
  return { ...s, busy: s.running !== null, shown: visibleIssues(issues, s.touched, s.sendPressed) }
}

interface Props {
  mode: EmbedMode
  /** The form's accessible name: "Embed request". */
  label: string
  issues: readonly DraftIssue[]
  onSend(): void
  /** The buttons shown while nothing runs (the first one submits). */
  sendButtons: ReactNode
  /** What the status line says while a request of each kind runs. */
  runningText(kind: RunKind): string
  children: ReactNode
}

export function RequestForm({ mode, label, issues, onSend, sendButtons, runningText, children }: Props) {
  const { sendPressed, running, rawBody, busy, shown } = useFormState(mode, issues)
  const stop = useEmbeddingsStore((x) => x.stop)
  const formRef = useRef<HTMLFormElement>(null)
  const send = () => {
    onSend()
    // A refused Send (the form's own errors): once they show, the first field they name takes focus.
    if (rawBody === null && issues.some((i) => i.severity === 'error'))
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
  }
  return (
    <form
      ref={formRef}
      className="emb-form"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault()
          send()
        }
      }}
    >
      {children}
      {rawBody !== null && (
        <p className="warn-banner small">Send uses the request JSON as you edited it, not this form.</p>
      )}
      {sendPressed && rawBody === null && <CannotSend issues={shown} />}
      <div className="actions">
        {busy ? (
          <button type="button" className="danger" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          sendButtons
        )}
        {running && (
          <span className="muted small" role="status">
            {runningText(running.kind)}
          </span>
        )}
      </div>
    </form>
  )
}
