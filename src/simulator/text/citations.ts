// Synthetic search sources for answers that asked the gateway to search (vendorSearch, web search tools and
// options): two made-up pages on example.org (a reserved domain, so nothing real is cited) and the span of
// the answer they support, in each format's own shape (responses url_citation annotations, chat annotations,
// messages text-block citations, native groundingMetadata).
import type { Json } from './body'

export interface SimSource {
  url: string
  title: string
}

export interface SupportedSpan {
  text: string
  /** Character offsets into the answer text. */
  start: number
  end: number
}

export function searchSources(query: string): SimSource[] {
  const q = encodeURIComponent(query.slice(0, 60))
  return [
    { url: `https://example.org/sim-search/1?q=${q}`, title: 'Simulated source one (example.org)' },
    { url: `https://example.org/sim-search/2?q=${q}`, title: 'Simulated source two (example.org)' },
  ]
}

/** The answer's search sentence (reply.ts writes it when searching), or its first sentence. */
export function supportedSpan(text: string): SupportedSpan | undefined {
  if (text === '') return undefined
  const marker = text.indexOf('Simulated search:')
  const start = marker >= 0 ? marker : 0
  const stop = text.indexOf('.', start)
  const end = stop < 0 ? text.length : stop + 1
  return { text: text.slice(start, end), start, end }
}

/** Responses `output_text.annotations`. */
export function responsesAnnotations(text: string, query: string): Json[] {
  const span = supportedSpan(text)
  if (!span) return []
  return searchSources(query).map((s) => ({
    type: 'url_citation',
    url: s.url,
    title: s.title,
    start_index: span.start,
    end_index: span.end,
  }))
}

/** Chat `message.annotations` (web_search_options). */
export function chatAnnotations(text: string, query: string): Json[] {
  const span = supportedSpan(text)
  if (!span) return []
  return searchSources(query).map((s) => ({
    type: 'url_citation',
    url_citation: { url: s.url, title: s.title, start_index: span.start, end_index: span.end },
  }))
}

/** Messages text-block `citations` (web search result locations). */
export function messagesCitations(text: string, query: string): Json[] {
  const span = supportedSpan(text)
  if (!span) return []
  return searchSources(query).map((s) => ({
    type: 'web_search_result_location',
    url: s.url,
    title: s.title,
    cited_text: span.text,
    encrypted_index: 'sim',
  }))
}

/** Native `groundingMetadata` with its sources and the span they support. */
export function nativeGrounding(text: string, query: string): Json {
  const sources = searchSources(query)
  const span = supportedSpan(text)
  const bytes = (s: string) => Buffer.byteLength(s, 'utf8')
  return {
    webSearchQueries: [query],
    groundingChunks: sources.map((s) => ({ web: { uri: s.url, title: s.title } })),
    groundingSupports: span
      ? [
          {
            // The real API counts segment offsets in UTF-8 bytes.
            segment: {
              startIndex: bytes(text.slice(0, span.start)),
              endIndex: bytes(text.slice(0, span.end)),
              text: span.text,
            },
            groundingChunkIndices: [0, 1],
            confidenceScores: [0.92, 0.81],
          },
        ]
      : [],
  }
}
