// A copy-to-clipboard button that says whether it worked. The text is read when clicked (not when rendered),
// so a button over a large body costs nothing until used; a refused clipboard is reported, never thrown.
import { useEffect, useRef, useState } from 'react'
import './copyButton.css'

interface Props {
  /** What is copied, for the accessible name: "Copy {what}". */
  what: string
  text: string | (() => string)
  className?: string
}

type State = 'idle' | 'copied' | 'failed'

const RESET_MS = 1500

export function CopyButton({ what, text, className }: Props) {
  const [state, setState] = useState<State>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = async () => {
    let next: State
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text)
      next = 'copied'
    } catch {
      next = 'failed'
    }
    setState(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setState('idle'), RESET_MS)
  }

  return (
    <button
      type="button"
      className={className ? `inspector-copy ${className}` : 'inspector-copy'}
      aria-label={`Copy ${what}`}
      title={
        state === 'failed' ? 'The clipboard refused the text; select it and copy by hand.' : `Copy ${what}`
      }
      onClick={() => void copy()}
      data-state={state}
    >
      <span aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
      </span>
    </button>
  )
}
