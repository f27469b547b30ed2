// The pieces both sides of an exchange share: a header table and a body view. Values are shown exactly as
// recorded: secrets arrive already masked by main (`Bearer ***`) and are never rewritten here.
import { useMemo, useState } from 'react'
import { CopyButton } from './CopyButton'
import { layoutJson } from './jsonText'

export type HeaderPairs = readonly (readonly [string, string])[]

export function headersText(headers: HeaderPairs): string {
  return headers.map(([name, value]) => `${name}: ${value}`).join('\n')
}

const SOURCE_WORDS = { app: 'the app', profile: 'the profile (yours)' } as const

/**
 * A header table; with `sources`, a column says who set each header (the app by itself, or the profile), and
 * `removed` lists the app's own headers the profile stopped sending.
 */
export function HeadersTable({
  headers,
  what,
  sources,
  removed,
}: {
  headers: HeaderPairs
  what: string
  sources?: Record<string, 'app' | 'profile'>
  removed?: readonly string[]
}) {
  return (
    <div className="inspector-block">
      <div className="inspector-block-head">
        <h3>{what[0]!.toUpperCase() + what.slice(1)}</h3>
        {headers.length > 0 && <CopyButton what={what} text={() => headersText(headers)} />}
      </div>
      {headers.length === 0 ? (
        <p className="muted small">No headers.</p>
      ) : (
        <table className="inspector-headers" aria-label={what}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              {sources && <th scope="col">Set by</th>}
            </tr>
          </thead>
          <tbody>
            {headers.map(([name, value], i) => (
              <tr key={`${i}:${name}`}>
                <th scope="row">{name}</th>
                <td>
                  <code>{value}</code>
                </td>
                {sources && (
                  <td className="muted small">{sources[name] ? SOURCE_WORDS[sources[name]] : 'the app'}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {removed && removed.length > 0 && (
        <p className="muted small" data-testid="removed-headers">
          Not sent (removed by the profile):{' '}
          {removed.map((r) => (
            <code key={r}>{r} </code>
          ))}
        </p>
      )}
    </div>
  )
}

/** A body pretty-printed when it is JSON, with a toggle back to the text as recorded. */
export function BodyView({ body, what }: { body: string | null; what: string }) {
  const [raw, setRaw] = useState(false)
  const formatted = useMemo(() => (body === null ? null : layoutJson(body, 2)), [body])
  const showRaw = raw || formatted === null
  const text = showRaw ? (body ?? '') : formatted
  return (
    <div className="inspector-block">
      <div className="inspector-block-head">
        <h3>{what[0]!.toUpperCase() + what.slice(1)}</h3>
        {formatted !== null && (
          <button
            type="button"
            className="inspector-toggle"
            aria-pressed={raw}
            aria-label={`Show ${what} raw`}
            onClick={() => setRaw((r) => !r)}
          >
            Raw
          </button>
        )}
        {body ? <CopyButton what={what} text={text} /> : null}
      </div>
      {body === null || body === '' ? (
        <p className="muted small">No body.</p>
      ) : (
        <pre className="inspector-body" data-format={showRaw ? 'raw' : 'json'}>
          {text}
        </pre>
      )}
    </div>
  )
}
