// What one load-test request cost, priced as the run settles it (never on the path that times requests): a text
// answer from the usage its format reported (all-zero or missing usage: "usage not reported", never $0), an
// embedding from its reported tokens; an answer that was not a success (an error status, no answer at all) was
// not billed. Warm-up requests count: the gateway bills them like any other.
import { billedRun, type BilledCost } from '../../../shared/cost/billed'
import { isTextFormat, type LoadTarget } from '../../../shared/load/plan'
import type { Usage } from '../../../shared/wire/events'
import type { CostService } from '../cost/costService'

export interface PricedRequest {
  httpStatus: number | null
  /** The usage the answer reported last (usage events carry the whole usage so far). */
  usage: Usage | null
  /** An embedding answer's reported input tokens. */
  usageInput: number | null
}

export function loadRequestCost(
  costs: CostService,
  profileId: string,
  target: Pick<LoadTarget, 'model' | 'format'>,
  request: PricedRequest,
): BilledCost {
  const status = request.httpStatus
  if (status === null || status < 200 || status > 299) return { kind: 'unbilled' }
  if (!costs.priceOf(profileId, target.model)) return { kind: 'unpriced', model: target.model.slice(0, 200) }
  const { format } = target
  if (!isTextFormat(format)) {
    const tokens = request.usageInput
    return tokens && tokens > 0
      ? billedRun(costs.embeddingCost(profileId, target.model, tokens))
      : { kind: 'unreported' }
  }
  const cost = costs.textCost({ profileId, format, model: target.model, usage: request.usage ?? undefined })
  return cost ? billedRun(cost) : { kind: 'unreported' }
}
