// Folding an answer's extras (citations, search queries, safety, model version, fingerprint) together, apart
// from their schemas (answerExtras.ts): the run fold in the renderer's first load reads it, so this module
// declares no schema and keeps zod out of it.
import type { AnswerExtras, Citation } from './answerExtras'

/** At most this many citations are kept per answer (a hostile stream could send thousands). */
const MAX_CITATIONS = 200

/** Folds extras into a target: citations appended without duplicates, the rest replaced when present. */
export function mergeExtras(target: AnswerExtras, extras: AnswerExtras): void {
  if (extras.citations?.length) {
    const list = target.citations ?? []
    const seen = new Set(list.map(citationKey))
    for (const c of extras.citations) {
      if (list.length >= MAX_CITATIONS) break
      const key = citationKey(c)
      if (seen.has(key)) continue
      seen.add(key)
      list.push(c)
    }
    target.citations = list
  }
  if (extras.searchQueries?.length) target.searchQueries = extras.searchQueries
  if (extras.safety) target.safety = extras.safety
  if (extras.modelVersion !== undefined) target.modelVersion = extras.modelVersion
  if (extras.systemFingerprint !== undefined) target.systemFingerprint = extras.systemFingerprint
  if (extras.createTime !== undefined) target.createTime = extras.createTime
  if (extras.stopSequence !== undefined) target.stopSequence = extras.stopSequence
}

const citationKey = (c: Citation) =>
  `${c.kind}|${c.url ?? ''}|${c.text ?? ''}|${c.start ?? ''}|${c.end ?? ''}`

/** Only the extras fields of an object that has them (the completion, a meta event). */
export function pickExtras(o: AnswerExtras): AnswerExtras {
  const out: AnswerExtras = {}
  mergeExtras(out, o)
  return out
}
