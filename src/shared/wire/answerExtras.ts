// What an answer carries beside its text, in one format-neutral shape: citations (responses url_citation
// annotations, chat annotations and `citations`, messages text-block citations, native grounding sources and
// the spans they support), search queries, native safety ratings and block reasons, the model version and
// system fingerprint, native createTime, messages' matched stop sequence, and usage counts beyond the common ones. Readers never throw on odd shapes; what they
// cannot read is absent, and the raw body stays in the Inspector.
import { z } from 'zod'

type JsonObject = Record<string, unknown>
const obj = (v: unknown): JsonObject | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonObject) : undefined
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)

export const citationSchema = z.object({
  /** The format's name for it: `url_citation`, `web_search_result_location`, `grounding`, `citation`. */
  kind: z.string(),
  url: z.string().optional(),
  title: z.string().optional(),
  /** The part of the answer this source supports, or the source's cited text. */
  text: z.string().optional(),
  /** Character offsets into the answer, when the format gives them. */
  start: z.number().optional(),
  end: z.number().optional(),
  /** Native grounding confidence for this source and span (0-1). */
  confidence: z.number().optional(),
})
export type Citation = z.infer<typeof citationSchema>

export const safetyRatingSchema = z.object({
  category: z.string(),
  probability: z.string().optional(),
  blocked: z.boolean().optional(),
})

export const safetySchema = z.object({
  ratings: z.array(safetyRatingSchema),
  /** `promptFeedback.blockReason`: the prompt was blocked. */
  blockReason: z.string().optional(),
  blockMessage: z.string().optional(),
})
export type Safety = z.infer<typeof safetySchema>

/** The optional fields the `meta` event, the completion and the run summary share. */
export const answerExtrasShape = {
  citations: z.array(citationSchema).optional(),
  searchQueries: z.array(z.string()).optional(),
  safety: safetySchema.optional(),
  /** Native `modelVersion`. */
  modelVersion: z.string().optional(),
  /** Chat `system_fingerprint`. */
  systemFingerprint: z.string().optional(),
  /** Native `createTime` (ISO 8601), as the gateway wrote it. */
  createTime: z.string().optional(),
  /** Messages `stop_sequence`: the stop sequence that matched, when one ended the answer. */
  stopSequence: z.string().optional(),
}
export const answerExtrasSchema = z.object(answerExtrasShape)
export type AnswerExtras = z.infer<typeof answerExtrasSchema>

function compactCitation(c: Citation): Citation {
  const out: Citation = { kind: c.kind }
  if (c.url !== undefined) out.url = c.url
  if (c.title !== undefined) out.title = c.title
  if (c.text !== undefined) out.text = c.text
  if (c.start !== undefined) out.start = c.start
  if (c.end !== undefined) out.end = c.end
  if (c.confidence !== undefined) out.confidence = c.confidence
  return out
}

const spanOf = (text: string | undefined, start: number | undefined, end: number | undefined) =>
  text !== undefined && start !== undefined && end !== undefined && end > start && end <= text.length
    ? text.slice(start, end)
    : undefined

/** Responses and chat `annotations` (`url_citation`, flat or under `url_citation`). */
export function annotationCitations(annotations: unknown, answer?: string): Citation[] {
  return arr(annotations).flatMap((raw) => {
    const a = obj(raw)
    if (!a) return []
    const inner = obj(a.url_citation) ?? a
    const url = str(inner.url)
    const kind = str(a.type) ?? 'citation'
    if (!url && kind !== 'file_citation') return []
    const start = num(inner.start_index)
    const end = num(inner.end_index)
    return [
      compactCitation({
        kind,
        url,
        title: str(inner.title) ?? str(inner.filename),
        text: spanOf(answer, start, end),
        start,
        end,
      }),
    ]
  })
}

/** Chat's top-level `citations: [url, …]` some servers send. */
export function urlListCitations(list: unknown): Citation[] {
  return arr(list).flatMap((u) => (str(u) ? [{ kind: 'citation', url: u as string }] : []))
}

/** Messages text-block `citations` (web search result locations, document locations). */
export function messagesBlockCitations(list: unknown): Citation[] {
  return arr(list).flatMap((raw) => {
    const c = obj(raw)
    if (!c || !(str(c.url) ?? str(c.cited_text) ?? str(c.title) ?? str(c.document_title))) return []
    return [
      compactCitation({
        kind: str(c.type) ?? 'citation',
        url: str(c.url),
        title: str(c.title) ?? str(c.document_title),
        text: str(c.cited_text),
      }),
    ]
  })
}

/** Native candidate `groundingMetadata`, `safetyRatings` and the chunk's `promptFeedback`, `modelVersion`. */
export function nativeExtras(chunk: JsonObject, candidate: JsonObject | undefined): AnswerExtras {
  const out: AnswerExtras = {}
  const version = str(chunk.modelVersion)
  if (version) out.modelVersion = version
  const created = str(chunk.createTime)
  if (created) out.createTime = created.slice(0, 64)
  const grounding = obj(candidate?.groundingMetadata)
  if (grounding) {
    const sources = arr(grounding.groundingChunks).map((raw) => {
      const web = obj(obj(raw)?.web) ?? obj(obj(raw)?.retrievedContext) ?? {}
      return { url: str(web.uri), title: str(web.title) ?? str(web.domain) }
    })
    const citations: Citation[] = []
    const used = new Set<number>()
    for (const raw of arr(grounding.groundingSupports)) {
      const support = obj(raw)
      const segment = obj(support?.segment) ?? {}
      const scores = arr(support?.confidenceScores)
      arr(support?.groundingChunkIndices).forEach((i, n) => {
        const source = typeof i === 'number' ? sources[i] : undefined
        if (!source) return
        used.add(i as number)
        citations.push(
          compactCitation({
            kind: 'grounding',
            ...source,
            text: str(segment.text),
            confidence: num(scores[n]),
          }),
        )
      })
    }
    sources.forEach((s, i) => {
      if (!used.has(i) && (s.url || s.title)) citations.push(compactCitation({ kind: 'grounding', ...s }))
    })
    if (citations.length) out.citations = citations
    const queries = arr(grounding.webSearchQueries).flatMap((q) => (str(q) ? [q as string] : []))
    if (queries.length) out.searchQueries = queries
  }
  const feedback = obj(chunk.promptFeedback)
  const ratings = [
    ...arr(candidate?.safetyRatings),
    ...(candidate ? [] : arr(feedback?.safetyRatings)),
  ].flatMap((raw) => {
    const r = obj(raw)
    const category = str(r?.category)
    if (!r || !category) return []
    const rating: Safety['ratings'][number] = { category }
    const probability = str(r.probability)
    if (probability) rating.probability = probability
    if (r.blocked === true) rating.blocked = true
    return [rating]
  })
  const blockReason = str(feedback?.blockReason)
  if (ratings.length || blockReason) {
    const safety: Safety = { ratings }
    if (blockReason) safety.blockReason = blockReason
    const message = str(feedback?.blockReasonMessage)
    if (message) safety.blockMessage = message
    out.safety = safety
  }
  return out
}

/**
 * Numeric usage fields beyond the common counts, flattened to dotted names
 * (`completion_tokens_details.audio_tokens`, `server_tool_use.web_search_requests`); `undefined` when none.
 */
export function usageDetails(
  usage: JsonObject,
  mapped: readonly string[],
): Record<string, number> | undefined {
  const out: Record<string, number> = {}
  const walk = (o: JsonObject, prefix: string, depth: number) => {
    for (const [k, v] of Object.entries(o)) {
      const name = prefix + k
      if (mapped.includes(name)) continue
      if (typeof v === 'number' && Number.isFinite(v)) out[name] = v
      else if (depth < 2 && obj(v)) walk(v as JsonObject, `${name}.`, depth + 1)
      else if (depth < 2 && Array.isArray(v)) {
        // Native `promptTokensDetails: [{modality, tokenCount}]`: one count per modality.
        for (const item of v) {
          const e = obj(item)
          const modality = str(e?.modality)
          const count = num(e?.tokenCount)
          if (modality && count !== undefined) out[`${name}.${modality}`] = count
        }
      }
    }
  }
  walk(usage, '', 0)
  return Object.keys(out).length ? out : undefined
}
