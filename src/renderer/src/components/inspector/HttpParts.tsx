// The pieces both sides of an exchange share: a header table and a body view. Values are shown exactly as
// recorded: secrets arrive already masked by main (`Bearer ***`) and are never rewritten here.
import { useMemo, useState } from 'react'
import { CopyButton } from './CopyButton'
import { layoutJson } from './jsonText'

export type HeaderPairs = readonly (readonly [string, string])[]

export function headersText(headers: HeaderPairs): string {
  return headers.map(([name, value]) => `${name}: ${value}`).join('\n')
}

export function HeadersTable({ headers, what }: { headers: HeaderPairs; what: string }) {
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
            </tr>
          </thead>
          <tbody>
            {headers.map(([name, value], i) => (
              <tr key={`${i}:${name}`}>
                <th scope="row">{name}</th>
                <td>
                  <code>{value}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
