// The end of a settings form: its Save button (busy while saving), the note once saved and the banner when saving
// failed; and the state behind them, so each form only says what it saves and what the note is.
import { useState } from 'react'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

export interface SaveState {
  saving: boolean
  note: string | null
  error: string | null
}

/** The save state of one form: `run` saves (the work answers the note to show), `clearNote` on any edit. */
export function useSave() {
  const [state, setState] = useState<SaveState>({ saving: false, note: null, error: null })
  const run = async (work: () => Promise<string>) => {
    setState({ saving: true, note: null, error: null })
    try {
      setState({ saving: false, note: await work(), error: null })
    } catch (error) {
      setState({ saving: false, note: null, error: error instanceof Error ? error.message : String(error) })
    }
  }
  const clearNote = () => setState((s) => (s.note === null ? s : { ...s, note: null }))
  return { state, run, clearNote }
}

export function SaveRow({ state, label, failed }: { state: SaveState; label: string; failed: string }) {
  return (
    <>
      <div className="actions">
        <button className="primary" type="submit" disabled={state.saving}>
          {state.saving ? 'Saving…' : label}
        </button>
        {state.note && (
          <span className="muted small" role="status">
            {state.note}
          </span>
        )}
      </div>
      <ErrorBanner what={failed}>{state.error}</ErrorBanner>
    </>
  )
}
