// "Save capture": asks main to write the raw response body (the SSE text `npm run replay` reads) and offers
// the file as a download link. The link is only rendered for the schemes main hands out for local media.
import { useEffect, useRef, useState } from 'react'

export interface SavedCapture {
  url: string
  name: string
  bytes: number
}

type State =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; capture: SavedCapture }
  | { kind: 'failed'; message: string }

const LINK_SCHEMES = new Set(['media:', 'app:', 'blob:', 'http:', 'https:'])

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

function safeHref(url: string): string | null {
  try {
    return LINK_SCHEMES.has(new URL(url, document.baseURI).protocol) ? url : null
  } catch {
    return null
  }
}

export function SaveCapture({ onSave }: { onSave: () => Promise<SavedCapture> }) {
  const [state, setState] = useState<State>({ kind: 'idle' })
  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])

  const save = async () => {
    setState({ kind: 'saving' })
    try {
      const capture = await onSave()
      if (alive.current) setState({ kind: 'saved', capture })
    } catch (error) {
      if (alive.current)
        setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  }

  const href = state.kind === 'saved' ? safeHref(state.capture.url) : null
  return (
    <div className="inspector-capture">
      <button
        type="button"
        onClick={() => void save()}
        disabled={state.kind === 'saving'}
        title="Save the raw response body, as received, for npm run replay"
      >
        {state.kind === 'saving' ? 'Saving capture…' : 'Save capture'}
      </button>
      {state.kind === 'saved' && (
        <span role="status" className="small">
          Saved {state.capture.name} ({formatBytes(state.capture.bytes)}){' '}
          {href ? (
            <a href={href} download={state.capture.name}>
              Download {state.capture.name}
            </a>
          ) : (
            <span className="muted">(no download link: unexpected address)</span>
          )}
        </span>
      )}
      {state.kind === 'failed' && (
        <span role="alert" className="field-error">
          Could not save the capture: {state.message}
        </span>
      )}
    </div>
  )
}
