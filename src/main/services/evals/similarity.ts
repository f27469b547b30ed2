// The similarity grader: the answer and the expected text embedded in one call through the gateway's
// `/v1/embeddings` (the profile's own HTTP client, its retries), compared by cosine against a threshold.
import type { GradeResult, SimilarityGrader } from '../../../shared/evals/graders'
import type { GatewayClient } from '../gateway'
import type { ProfileService } from '../profiles'
import { fetchVectors } from '../embeddings/embedCall'
import { compareVectors } from '../embeddings/vectorMath'

/** Characters of each text sent to be embedded (embedding models read a few thousand tokens at most). */
const MAX_CHARS = 32_000

export async function gradeSimilarity(
  g: SimilarityGrader,
  answer: string,
  deps: { gateway: GatewayClient; profiles: ProfileService },
  profileId: string,
  signal: AbortSignal,
): Promise<Pick<GradeResult, 'pass' | 'score' | 'message'>> {
  if (!answer.trim()) return { pass: false, score: 0, message: 'the answer is empty: nothing to compare' }
  try {
    const profile = await deps.profiles.resolve(g.profileId ?? profileId)
    const { vectors } = await fetchVectors(
      deps.gateway,
      profile,
      {
        format: 'embeddings',
        model: g.model,
        inputs: [
          { label: 'answer', text: answer.slice(0, MAX_CHARS) },
          { label: 'expected', text: (g.expected || ' ').slice(0, MAX_CHARS) },
        ],
        encoding: 'float',
        dimensions: '',
        taskType: '',
        apiVersion: 'v1beta',
      },
      undefined,
      signal,
    )
    if (vectors.length < 2 || !vectors[0] || !vectors[1] || vectors[0].length !== vectors[1].length)
      return {
        pass: false,
        score: 0,
        message: 'the embeddings answer did not carry two vectors of one length',
      }
    const cosine = compareVectors(vectors[0], vectors[1]).cosine
    const score = Math.min(1, Math.max(0, cosine))
    const shown = Math.round(cosine * 1000) / 1000
    return score >= g.threshold
      ? { pass: true, score, message: `similarity ${shown} is at least ${g.threshold}` }
      : { pass: false, score, message: `similarity ${shown} is under ${g.threshold}` }
  } catch (error) {
    return {
      pass: false,
      score: 0,
      message: `the embeddings call failed: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
}
