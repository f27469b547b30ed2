// A fenced or indented code block with its language label and a Copy button.
// Invariant: the code is only ever a text child of <code>; the language is only ever a label.
import { memo, useCallback, useRef, useState } from 'react'

/** Lines per separately rendered piece of a long code block. */
const CHUNK_LINES = 64

/** Splits code into pieces of CHUNK_LINES lines; each piece but the last keeps its final newline. */
export function chunkCode(code: string): string[] {
  const chunks: string[] = []
  let start = 0
  let lines = 0
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) {
    if (++lines === CHUNK_LINES) {
      chunks.push(code.slice(start, i + 1))
      start = i + 1
      lines = 0
    }
  }
  if (start < code.length || chunks.length === 0) chunks.push(code.slice(start))
  return chunks
}

// While a long block streams only its last piece changes: the others skip rendering, and as separate
// blocks they keep their layout, so the browser does not re-lay out thousands of lines per update.
const CodeChunk = memo(function CodeChunk({ text }: { text: string }) {
  return <span className="md-code-chunk">{text}</span>
})

type CopyState = 'idle' | 'copied' | 'failed'

export interface CodeBlockProps {
  code: string
  language: string
  /** The fence is not closed yet (still streaming, or the model never closed it). */
  open: boolean
}

/** How long the button says "Copied" or "Copy failed". */
const COPY_SHOWN_MS = 1500

export function CodeBlock({ code, language, open }: CodeBlockProps) {
  const [copy, setCopy] = useState<CopyState>('idle')
  // The label's timer is the click's, not an effect's: a block that mounts (one per code block of a streaming
  // answer) then has no passive effect, after whose commit React would post a task of its own.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const clearTimerOnUnmount = useCallback(() => () => clearTimeout(timer.current), [])
  const show = (state: CopyState) => {
    clearTimeout(timer.current)
    setCopy(state)
    timer.current = setTimeout(() => setCopy('idle'), COPY_SHOWN_MS)
  }

  const onCopy = () => {
    navigator.clipboard.writeText(code).then(
      () => show('copied'),
      () => show('failed'),
    )
  }

  const chunks = chunkCode(code)
  return (
    <div className={open ? 'md-code md-code-open' : 'md-code'}>
      <div className="md-code-header">
        <span className="md-code-lang">{language || 'text'}</span>
        <button
          ref={clearTimerOnUnmount}
          type="button"
          className="md-code-copy"
          onClick={onCopy}
          aria-label="Copy code"
        >
          {copy === 'copied' ? 'Copied' : copy === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
      </div>
      <pre>
        {/* A block of one piece (most are) is the text of its <code>, with no element of its own to style. */}
        <code>
          {chunks.length === 1 ? code : chunks.map((chunk, i) => <CodeChunk key={i} text={chunk} />)}
        </code>
      </pre>
    </div>
  )
}
