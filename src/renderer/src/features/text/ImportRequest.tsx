// "Import request…" (the command palette): a dialog to paste a curl command, an SDK call or a request's JSON body
// into. It goes the way a paste into the message box goes (stores/handoffs.ts: one reader, one notice): brought in,
// the dialog closes on Text with the notice above the message box; not brought in, the dialog keeps the text and
// says why in the same words. The text is kept nowhere: a key in it is dropped.
import { useRef, useState } from 'react'
import { showImportRequest, type PastedNotice } from '../../stores/text'
import { useModal } from '../../components/focus/useModal'
import { PastedNoticeView } from './PastedNotice'

export function ImportRequest({ onClosed }: { onClosed(): void }) {
  const ref = useRef<HTMLDialogElement>(null)
  useModal(ref)
  const box = useRef<HTMLTextAreaElement>(null)
  const [text, setText] = useState('')
  const [empty, setEmpty] = useState(false)
  const [refused, setRefused] = useState<PastedNotice | null>(null)
  const [busy, setBusy] = useState(false)

  const close = () => {
    showImportRequest(false)
    onClosed()
  }
  const submit = async () => {
    if (busy) return
    if (!text.trim()) {
      setEmpty(true)
      box.current?.focus()
      return
    }
    setBusy(true)
    try {
      const { importPastedRequest } = await import('../../stores/handoffs')
      const notice = await importPastedRequest(text, false)
      if (notice.ok) close()
      else setRefused(notice)
    } finally {
      setBusy(false)
    }
  }

  return (
    <dialog
      ref={ref}
      className="confirm-dialog import-request"
      aria-labelledby="import-request-title"
      onCancel={(e) => {
        e.preventDefault()
        close()
      }}
      onKeyDown={(e) => {
        // Esc closes the dialog and nothing else (not a run streaming behind it).
        if (e.key !== 'Escape') return
        e.preventDefault()
        e.stopPropagation()
        close()
      }}
    >
      <h2 id="import-request-title">Import a request</h2>
      <p className="muted small" id="import-request-help">
        Paste a curl command, an OpenAI, Anthropic or Gemini SDK call, or a request’s JSON body. It opens in
        Text with its format, model, turns and parameters: in the open conversation when that one is empty,
        else in a new one. A key in it is dropped, never kept.
      </p>
      <textarea
        ref={box}
        autoFocus
        className="mono"
        rows={12}
        aria-label="Request to import"
        aria-describedby="import-request-help"
        aria-invalid={empty || undefined}
        spellCheck={false}
        value={text}
        placeholder={"curl https://…/v1/chat/completions -H 'Authorization: Bearer …' -d '{…}'"}
        onChange={(e) => {
          setText(e.target.value)
          setEmpty(false)
          setRefused(null)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault()
            void submit()
          }
        }}
      />
      {empty && (
        <p className="field-error" role="alert">
          Request to import: paste a curl command, an SDK call or a JSON body first
        </p>
      )}
      {refused && <PastedNoticeView notice={refused} />}
      <div className="actions">
        <button onClick={close}>Cancel</button>
        <button className="primary" disabled={busy} onClick={() => void submit()}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
    </dialog>
  )
}
