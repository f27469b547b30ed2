// Comparisons between vectors of the same inputs: the cross-format check (float vs base64 of endpoint 9,
// and endpoint 9 vs native batchEmbedContents) and documents ranked by cosine to a query. Invariant: the
// three requests of a check run in order and a failure names the step it happened in, with every exchange
// made so far; a disagreement is anything beyond float32 precision.
import type { ExchangeRecorder } from '../exchangeRecorder'
import type { CrossCheckOutcome } from '../../../shared/ipc/embeddings'
import type { EmbedDraft } from '../../../shared/embed/requests'
import type { CallGuard, Vectors } from './embedCall'
import { agreesWithinFloat32, compareVectors, createPacer } from './vectorMath'

export type FetchVectors = (draft: EmbedDraft, signal: AbortSignal) => Promise<Vectors>

export const finite = (x: number): number => (Number.isFinite(x) ? x : -1)

const finiteComparison = (c: { cosine: number; maxAbsDiff: number; agrees: boolean }) => ({
  ...c,
  cosine: finite(c.cosine),
  maxAbsDiff: finite(c.maxAbsDiff),
})

export async function crossCheck(
  guard: CallGuard,
  requestId: string,
  draft: EmbedDraft,
  fetch: FetchVectors,
): Promise<CrossCheckOutcome> {
  const exchanges: ExchangeRecorder[] = []
  const steps: { name: string; draft: EmbedDraft }[] = [
    { name: '/v1/embeddings (float)', draft: { ...draft, format: 'embeddings', encoding: 'float' } },
    { name: '/v1/embeddings (base64)', draft: { ...draft, format: 'embeddings', encoding: 'base64' } },
    { name: 'batchEmbedContents', draft: { ...draft, format: 'batchEmbedContents' } },
  ]
  const results: Float32Array[][] = []
  let step = steps[0]!.name
  const outcome = await guard.run(requestId, async (signal) => {
    for (const s of steps) {
      step = s.name
      try {
        const got = await fetch(s.draft, signal)
        exchanges.push(got.exchange)
        results.push(got.vectors)
      } catch (error) {
        const ex = (error as { exchange?: ExchangeRecorder | null }).exchange
        if (ex) exchanges.push(ex)
        throw error
      }
    }
    return null
  })
  if (outcome !== null) {
    const error =
      outcome.status === 'stopped'
        ? { code: 'EMBED_STOPPED', httpStatus: null, message: 'The check was stopped.' }
        : outcome.error
    return { status: 'failed', step, error, exchanges: exchanges.map((e) => e.snapshot()) }
  }
  const [float, base64, native] = results as [Float32Array[], Float32Array[], Float32Array[]]
  // Paced: 3 × 1,000 × 3,072 values are compared without holding main's event loop.
  const pace = createPacer()
  const rows = []
  for (const [index, v] of float.entries()) {
    const b = compareVectors(v, base64[index]!)
    const n = compareVectors(v, native[index]!)
    rows.push({
      index,
      base64: { ...b, agrees: agreesWithinFloat32(b) },
      native: { ...n, agrees: agreesWithinFloat32(n) },
    })
    await pace()
  }
  return {
    status: 'done',
    model: draft.model,
    rows: rows.map((r) => ({ ...r, base64: finiteComparison(r.base64), native: finiteComparison(r.native) })),
    disagreements: rows.filter((r) => !r.base64.agrees || !r.native.agrees).length,
    exchanges: exchanges.map((e) => e.snapshot()),
  }
}

/** The documents (every vector after the first) ordered by cosine to the query (the first vector). */
export function rankByCosine(vectors: Float32Array[]): { index: number; cosine: number }[] {
  const [q, ...docs] = vectors
  return docs
    .map((d, index) => ({ index, cosine: finite(compareVectors(q!, d).cosine) }))
    .sort((a, b) => b.cosine - a.cosine)
}
