// The "Save as case" entry a finished run offers (Text panel and History's run view): a button that opens the
// form with the run's draft, read when the button is pressed so it is the draft the run sent.
import { useState } from 'react'
import type { Draft } from '../../../../shared/wire'
import { SaveCaseForm } from './SaveCaseForm'
import './saveCase.css'

function caseName(draft: Draft): string {
  const last = [...draft.messages].reverse().find((m) => m.role === 'user')
  const text = (last?.parts ?? [])
    .flatMap((p) => (p.type === 'text' ? [p.text] : []))
    .join(' ')
    .trim()
  return (text.length > 60 ? `${text.slice(0, 60)}…` : text) || 'Saved case'
}

export function SaveCaseButton({ draft }: { draft: () => Draft | null }) {
  const [open, setOpen] = useState<Draft | null>(null)
  return (
    <>
      <button
        type="button"
        className="ghost save-case-trigger"
        aria-expanded={!!open}
        onClick={() => setOpen(open ? null : draft())}
      >
        Save as case
      </button>
      {open && (
        <div className="save-case-host">
          <SaveCaseForm draft={open} defaultName={caseName(open)} onClose={() => setOpen(null)} />
        </div>
      )}
    </>
  )
}
