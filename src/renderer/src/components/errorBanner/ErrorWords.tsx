// A failure's message with its code in words (errorWords.ts); the app's own code, if any, in small print after it.
import { errorInWords } from './errorWords'

export function ErrorWords({
  code,
  message,
}: {
  code?: string | number | null | undefined
  message: string
}) {
  const said = errorInWords(code, message)
  return (
    <>
      {said.text}
      {said.code && (
        <>
          {' '}
          <code className="muted small error-code">{said.code}</code>
        </>
      )}
    </>
  )
}
