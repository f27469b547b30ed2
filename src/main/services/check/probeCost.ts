// What a check probe cost: each answer the gateway bills priced by the profile's prices through the cost service,
// the way a run of the same kind is priced elsewhere: a text answer from the usage its format reported, an
// embedding from its reported tokens, a rerank per search, a video job by its seconds and resolution once it
// succeeded, a console image task per image. An answer whose usage reports nothing (or only zeros) makes the
// cell "usage not reported", never $0; a probe that sent requests but got no billed answer "failed before billing".
import type { BilledCost } from '../../../shared/cost/billed'
import type { RunCost } from '../../../shared/cost/runCost'
import type { PlannedCell } from '../../../shared/check/battery'
import type { WireFormat } from '../../../shared/wire'
import { usageOf } from '../../../shared/check/conformance'
import { num } from '../../../shared/wire/read'
import type { CostService } from '../cost/costService'
import { foldAnswer, type ProbeOutcome } from './judge'
import type { ProbeAnswer } from './probeHttp'

const TEXT_KINDS = new Set(['chat', 'responses', 'messages', 'native'])

const answered = (a: ProbeAnswer): boolean =>
  a.exchange.status !== null && a.exchange.status >= 200 && a.exchange.status <= 299

/** The cost of one billed answer; null when it bills nothing (an error, a count, a poll), 'unreported' when its usage says nothing. */
function answerCost(
  costs: CostService,
  profileId: string,
  p: PlannedCell,
  a: ProbeAnswer,
): RunCost | 'unreported' | null {
  if (!answered(a)) return null
  const kind = a.exchange.kind
  if (p.group === 'text' && TEXT_KINDS.has(kind)) {
    const format = kind as WireFormat
    const usage = foldAnswer(format, a).completion.usage
    return costs.textCost({ profileId, format, model: p.model, usage }) ?? 'unreported'
  }
  if (kind === 'embeddings' || kind === 'nativeEmbed') {
    const u = usageOf(a.exchange)
    const tokens = num(u?.prompt_tokens ?? u?.promptTokenCount) ?? num(u?.total_tokens ?? u?.totalTokenCount)
    return tokens && tokens > 0 ? costs.embeddingCost(profileId, p.model, tokens) : 'unreported'
  }
  if (kind === 'rerank') return costs.rerankCost(profileId, p.model, 1)
  return null
}

/** A cell's cost from its probe's answers; null when the probe sent nothing (skipped, not run). */
export function probeCost(
  costs: CostService,
  profileId: string,
  p: PlannedCell,
  o: Pick<ProbeOutcome, 'answers' | 'bill'>,
): BilledCost | null {
  if (o.answers.length === 0) return null
  const billed: (RunCost | 'unreported')[] = []
  if (o.bill) billed.push(costs.jobCost(profileId, p.model, o.bill))
  else
    for (const a of o.answers) {
      const c = answerCost(costs, profileId, p, a)
      if (c) billed.push(c)
    }
  if (billed.length === 0) return { kind: 'unbilled' }
  if (!costs.priceOf(profileId, p.model) || billed.some((c) => c !== 'unreported' && c.kind === 'unpriced'))
    return { kind: 'unpriced', model: p.model }
  if (billed.includes('unreported')) return { kind: 'unreported' }
  const priced = billed.filter((c): c is Extract<RunCost, { kind: 'priced' }> => c !== 'unreported' && c.kind === 'priced')
  const exact = priced.reduce((sum, c) => sum + c.lines.reduce((s, l) => s + l.micros, 0), 0)
  return { kind: 'priced', micros: exact, currency: priced[0]!.currency, estimate: false }
}
