// Rerank (endpoint 10) over HTTP: the draft checked, sent through the gateway client, and the ranked answer
// parsed. Invariant: a bad draft is refused before sending with the field named, and an unreadable answer
// fails with the gateway's status and the parser's reason.
import type { GatewayClient } from '../gateway'
import { responseText } from '../gateway'
import type { ResolvedProfile } from '../profiles'
import {
  buildRerank,
  hasErrors,
  parseRerank,
  validateRerank,
  type RerankDraft,
} from '../../../shared/embed/requests'
import { CallFailed, httpFailure, issuesFailure } from './embedCall'
import { sendRequest } from '../sendRequest'

export async function sendRerank(
  gateway: GatewayClient,
  profile: () => Promise<ResolvedProfile>,
  draft: RerankDraft,
  rawBody: string | undefined,
  signal: AbortSignal,
) {
  if (rawBody === undefined) {
    const issues = validateRerank(draft)
    if (hasErrors(issues)) throw issuesFailure(issues)
  }
  const resolved = await profile()
  const built = buildRerank(draft)
  const t0 = performance.now()
  const res = await sendRequest(gateway, resolved, built, { rawBody, signal })
  const text = responseText(res)
  if (!res.ok) throw httpFailure(res.status, text, res.exchange)
  let parsed: ReturnType<typeof parseRerank>
  try {
    parsed = parseRerank(JSON.parse(text))
  } catch (error) {
    throw new CallFailed(
      {
        code: 'EMBED_BAD_RESPONSE',
        httpStatus: res.status,
        message: `The rerank response could not be read: ${(error as Error).message}`,
      },
      res.exchange,
    )
  }
  return {
    status: 'done' as const,
    model: parsed.model,
    results: parsed.results,
    totalTokens: parsed.totalTokens,
    timing: { totalMs: Math.round(performance.now() - t0) },
    exchange: res.exchange.snapshot(),
  }
}
