// What a finished answer carries beside its text, next to it: the sources it cites (URL citations with titles,
// native grounding with the spans each source supports and the search queries), native safety ratings and a
// block reason, and the response id with a copy button and, for the responses format, "Continue from this
// response". Links pass the app's safe-URL rule and open through main's check; anything else shows as text.
import { memo } from 'react'
import type { Citation } from '../../../../shared/wire/answerExtras'
import { safeLinkUrl } from '../markdown/safeUrl'
import { CopyButton } from '../inspector/CopyButton'
import type { RunView } from '../../stores/runs'
import './runOutput.css'

/** Citation kinds every source of a search has: not worth a badge (file citations and the like get one). */
const COMMON_KINDS = new Set(['citation', 'url_citation', 'grounding', 'web_search_result_location'])

interface Props {
  run: Pick<RunView, 'status' | 'format' | 'summary' | 'text'> & { responseId?: string | undefined }
  /** Starts the next turn from this response by id (responses format); absent where there is no next turn. */
  onContinue?: ((responseId: string) => void) | undefined
  /** This response is the one the next turn continues from. */
  continuing?: boolean
  /** Opens a source's link (through main's check). */
  onOpenLink: (url: string) => void
}

export const AnswerDetails = memo(function AnswerDetails({ run, onContinue, continuing, onOpenLink }: Props) {
  const s = run.summary
  if (!s || run.status === 'running') return null
  const sources = groupSources(s.citations ?? [], run.text)
  const id = s.id ?? run.responseId
  const ratings = s.safety?.ratings ?? []
  const flagged = ratings.filter(
    (r) => r.blocked || (r.probability && !/NEGLIGIBLE|UNSPECIFIED/.test(r.probability)),
  )
  return (
    <div className="answer-details" data-testid="answer-details">
      {sources.length > 0 && (
        <section className="citations" aria-label="Sources" data-testid="citations">
          <h4 className="small">Sources ({sources.length})</h4>
          <ol>
            {sources.map((source, i) => (
              <li key={`${source.url ?? source.title ?? ''}-${i}`} data-testid="citation">
                <SourceLink url={source.url} title={source.title} onOpen={onOpenLink} />
                {!COMMON_KINDS.has(source.kind) && <span className="badge">{source.kind}</span>}
                {source.spans.map((span, j) => (
                  <blockquote key={j} className="supported-span small" data-testid="supported-span">
                    {span.text}
                    {span.confidence !== undefined && (
                      <span className="muted"> · confidence {Math.round(span.confidence * 100)}%</span>
                    )}
                  </blockquote>
                ))}
              </li>
            ))}
          </ol>
          {(s.searchQueries?.length ?? 0) > 0 && (
            <p className="muted small" data-testid="search-queries">
              Searched for: {s.searchQueries!.map((q) => `“${q}”`).join(', ')}
            </p>
          )}
        </section>
      )}
      {s.safety && (
        <section className="safety" aria-label="Safety" data-testid="safety">
          {s.safety.blockReason && (
            <p className="run-error" role="alert" data-testid="block-reason">
              <strong>Blocked: {s.safety.blockReason}</strong>
              {s.safety.blockMessage && <span> {s.safety.blockMessage}</span>}
            </p>
          )}
          {ratings.length > 0 && (
            <details>
              <summary className="small">
                Safety ratings: {flagged.length === 0 ? 'all negligible' : `${flagged.length} flagged`}
              </summary>
              <table className="safety-ratings small">
                <tbody>
                  {ratings.map((r) => (
                    <tr key={r.category} data-testid="safety-rating">
                      <th scope="row">
                        {r.category
                          .replace(/^HARM_CATEGORY_/, '')
                          .replace(/_/g, ' ')
                          .toLowerCase()}
                      </th>
                      <td>{r.probability ?? '—'}</td>
                      <td>{r.blocked ? <span className="badge">blocked</span> : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
        </section>
      )}
      {id && (
        <p className="response-id small" data-testid="response-id">
          <span className="muted">Response id</span> <code>{id}</code>
          <CopyButton what="response id" text={id} />
          {onContinue && run.format === 'responses' && run.status === 'done' && (
            <button
              type="button"
              className="ghost"
              aria-pressed={continuing === true}
              onClick={() => onContinue(id)}
              title="The next turn sends previous_response_id and only the new message, not the whole conversation"
            >
              {continuing ? 'Next turn continues from this response' : 'Continue from this response'}
            </button>
          )}
        </p>
      )}
    </div>
  )
})

function SourceLink({
  url,
  title,
  onOpen,
}: {
  url: string | undefined
  title: string | undefined
  onOpen: (url: string) => void
}) {
  const safe = url ? safeLinkUrl(url) : null
  const label = title ?? url ?? 'Untitled source'
  if (!safe) {
    // Not a link the app follows (another scheme, or none): shown as text, never as an anchor.
    return (
      <span className="citation-title">
        {label}
        {url && url !== label && <span className="muted small"> {url}</span>}
      </span>
    )
  }
  return (
    <span className="citation-title">
      <a
        href={safe}
        rel="noopener noreferrer"
        onClick={(e) => {
          e.preventDefault()
          onOpen(safe)
        }}
      >
        {label}
      </a>
      <span className="muted small citation-host"> {hostOf(safe)}</span>
    </span>
  )
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}

interface Source {
  kind: string
  url: string | undefined
  title: string | undefined
  spans: { text: string; confidence: number | undefined }[]
}

/** One entry per source, each with the distinct answer spans it supports (from the text when only offsets came). */
export function groupSources(citations: Citation[], answer: string): Source[] {
  const byKey = new Map<string, Source>()
  for (const c of citations) {
    const key = c.url ?? c.title ?? JSON.stringify(c)
    let source = byKey.get(key)
    if (!source) {
      source = { kind: c.kind, url: c.url, title: c.title, spans: [] }
      byKey.set(key, source)
    }
    source.title ??= c.title
    const text =
      c.text ??
      (c.start !== undefined && c.end !== undefined && c.end > c.start && c.end <= answer.length
        ? answer.slice(c.start, c.end)
        : undefined)
    if (text && !source.spans.some((s) => s.text === text))
      source.spans.push({
        text: text.length > 400 ? `${text.slice(0, 399)}…` : text,
        confidence: c.confidence,
      })
  }
  return [...byKey.values()]
}
