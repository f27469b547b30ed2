// A failure's message with its code in words (errorWords.ts). The app's own code, if any, is no words of its own: it
// is kept in the message's title (for a bug report), never shown as text under the plain words.
import { errorInWords } from './errorWords'

export function ErrorWords({
  code,
  message,
}: {
  code?: string | number | null | undefined
  message: string
}) {
  const said = errorInWords(code, message)
  if (!said.code) return <>{said.text}</>
  return (
    <span title={`Error code ${said.code}`} data-error-code={said.code}>
      {said.text}
    </span>
  )
}

/** The app's own code of a failure, folded away under the plain words: there to copy into a bug report. */
export function AppErrorCode({ code }: { code: string }) {
  return (
    <details className="error-code">
      <summary className="muted small">Details</summary>
      <span className="small">
        Error code <code>{code}</code>
      </span>
    </details>
  )
}
