// The Undo toast: a polite status at the bottom of the window saying what was just removed, with Undo (and a
// close button) for a few seconds. It never takes focus, so typing goes on where it was.
import { dismissUndo, takeUndo, useUndoStore } from '../../stores/app'
import './undoToast.css'

export function UndoToast() {
  const offer = useUndoStore((s) => s.offer)
  return (
    <div className="undo-region" role="status" aria-live="polite">
      {offer && (
        <div className="undo-toast">
          <span>{offer.message}</span>
          <button className="primary" onClick={takeUndo}>
            Undo
          </button>
          <button className="ghost" aria-label="Dismiss" onClick={() => dismissUndo()}>
            ×
          </button>
        </div>
      )}
    </div>
  )
}
