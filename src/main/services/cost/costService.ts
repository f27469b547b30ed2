// The cost of runs and jobs, computed in main from the usage the gateway reported and the profile's prices (its
// table first, then prices the gateway's model list carries), never guessed silently: a run whose usage reports
// nothing is priced from the local tokenizer's counts and marked as an estimate. Every cost is charged to the
// profile's spend for the month as the run ends, and batch work is estimated and weighed against the budget.
import type { WireFormat } from '../../../shared/format'
import type { Usage } from '../../../shared/wire/events'
import type { ModelPrice } from '../../../shared/cost/prices'
import { tokenAccount } from '../../../shared/cost/accounting'
import {
  embeddingCost,
  imageCost,
  rerankCost,
  tokenCost,
  videoCost,
  type RunCost,
} from '../../../shared/cost/runCost'
import { storedCost } from '../../../shared/cost/keptCost'
import type { StoredCost } from '../../../shared/cost/storedCost'
import {
  ESTIMATE_ITEMS_MAX,
  type EstimateItem,
  type WorkEstimate,
  type WorkItem,
} from '../../../shared/cost/estimate'
import type { ProfileSpend } from '../../../shared/ipc/prices'
import type { PriceStore } from './priceStore'
import { monthOf, type SpendLedger } from './spendLedger'

export interface TextCostInput {
  profileId: string
  format: WireFormat
  /** The model asked for; the model the answer names is looked up after it. */
  model: string
  reportedModel?: string | undefined
  usage: Usage | undefined
  /** Input and output tokens by the local tokenizer, for a run whose usage reports nothing (null: cannot). */
  estimate?: () => { input: number; output: number } | null
}

/** What a job billed: images made, or seconds of video at a resolution. */
export type JobBill = { images: number } | { seconds: number; resolution: string | null }

export class CostService {
  private listed: (profileId: string, ids: string[]) => ModelPrice | undefined = () => undefined

  constructor(
    readonly prices: PriceStore,
    readonly spend: SpendLedger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Prices a gateway's model list carries (OpenRouter-style `pricing`), used where the table has no row. */
  useListedPrices(lookup: (profileId: string, ids: string[]) => ModelPrice | undefined): void {
    this.listed = lookup
  }

  priceOf(profileId: string, ...ids: (string | null | undefined)[]): ModelPrice | undefined {
    const wanted = ids.filter((id): id is string => !!id)
    return this.prices.index(profileId).find(...wanted) ?? this.listed(profileId, wanted)
  }

  /** A text answer's cost; undefined when its usage reports nothing and no estimate can be made. */
  textCost(input: TextCostInput): RunCost | undefined {
    const price = this.priceOf(input.profileId, input.model, input.reportedModel)
    const account = tokenAccount(input.format, input.usage)
    if (account) return tokenCost(input.model, account, price, false)
    const counted = input.estimate?.()
    if (!counted) return undefined
    const estimated = {
      input: counted.input,
      cachedRead: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
      output: counted.output,
      reasoning: 0,
    }
    return tokenCost(input.model, estimated, price, true)
  }

  jobCost(profileId: string, model: string, bill: JobBill): RunCost {
    const price = this.priceOf(profileId, model)
    return 'images' in bill
      ? imageCost(model, bill.images, price)
      : videoCost(model, bill.seconds, bill.resolution, price)
  }

  embeddingCost(profileId: string, model: string, tokens: number, estimate = false): RunCost {
    return embeddingCost(model, tokens, this.priceOf(profileId, model), estimate)
  }

  rerankCost(profileId: string, model: string, searches = 1): RunCost {
    return rerankCost(model, searches, this.priceOf(profileId, model))
  }

  /** Adds a cost to the profile's spend this month (a run without a price adds no amount: it is counted apart). */
  charge(profileId: string, cost: RunCost | undefined): void {
    if (cost?.kind === 'unpriced') return this.spend.unpriced(profileId, cost.model, this.now())
    this.chargeKept(profileId, storedCost(cost))
  }

  /** Adds a kept cost (a check cell's, a load test's) to the profile's spend this month. */
  chargeKept(profileId: string, stored: StoredCost | null): void {
    if (stored && stored.micros > 0) this.spend.charge(profileId, stored, this.now())
  }

  /** An estimate item: its runs' tokens (or searches, images, seconds) at the model's price, marked estimate. */
  workItem(profileId: string, item: WorkItem): EstimateItem {
    if (item.kind === undefined || item.kind === 'text') return this.textItem(profileId, item)
    const label = item.label ?? `${item.kind} · ${item.model}`
    const runs = item.runs
    const of = (cost: RunCost, inputTokens = 0): EstimateItem => ({
      label,
      model: item.model,
      runs,
      inputTokens,
      outputTokens: 0,
      cost: cost.kind === 'priced' ? { ...cost, estimate: true } : cost,
    })
    switch (item.kind) {
      case 'embedding':
        return of(
          this.embeddingCost(profileId, item.model, item.inputTokens * runs, true),
          item.inputTokens * runs,
        )
      case 'rerank':
        return of(this.rerankCost(profileId, item.model, runs))
      case 'images':
        return of(this.jobCost(profileId, item.model, { images: item.images * runs }))
      case 'video':
        return of(
          this.jobCost(profileId, item.model, { seconds: item.seconds * runs, resolution: item.resolution }),
        )
    }
  }

  /** An estimate item for runs of a text model: its token counts over all runs at the model's price. */
  private textItem(profileId: string, item: Extract<WorkItem, { format: string }>): EstimateItem {
    const inputTokens = item.inputTokens * item.runs
    const outputTokens = item.outputTokens * item.runs
    const account = {
      input: inputTokens,
      cachedRead: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
      output: outputTokens,
      reasoning: 0,
    }
    return {
      label: item.label ?? `${item.format} · ${item.model}`,
      model: item.model,
      runs: item.runs,
      inputTokens,
      outputTokens,
      cost: tokenCost(item.model, account, this.priceOf(profileId, item.model), true),
    }
  }

  /** Items summed per currency, with the models left unpriced and this month's budget check. */
  estimate(profileId: string, profile: string, items: readonly EstimateItem[]): WorkEstimate {
    const byCurrency: Record<string, number> = {}
    const unpriced = new Set<string>()
    for (const item of items) {
      if (item.cost.kind === 'priced')
        byCurrency[item.cost.currency] = (byCurrency[item.cost.currency] ?? 0) + item.cost.micros
      else unpriced.add(item.model)
    }
    const budget = this.prices.budget(profileId)
    let check: WorkEstimate['budget'] = null
    if (budget) {
      const spentMicros = this.spend.spent(profileId, monthOf(this.now()))[budget.currency]?.micros ?? 0
      const estimateMicros = byCurrency[budget.currency] ?? 0
      const over = spentMicros + estimateMicros > Math.round(budget.amount * 1_000_000)
      check = { budget, spentMicros, estimateMicros, over }
    }
    return {
      profileId,
      profile,
      items: items.slice(0, ESTIMATE_ITEMS_MAX),
      byCurrency,
      unpriced: [...unpriced],
      budget: check,
    }
  }

  /** This month's spend of each profile named, with its budget. */
  spendOf(profiles: readonly { id: string; name: string }[]): { month: string; profiles: ProfileSpend[] } {
    const month = monthOf(this.now())
    return {
      month,
      profiles: profiles.map((p) => ({
        profileId: p.id,
        name: p.name,
        byCurrency: this.spend.spent(p.id, month),
        unpriced: this.spend.unpricedRuns(p.id, month),
        budget: this.prices.budget(p.id),
      })),
    }
  }

  async flush(): Promise<void> {
    await Promise.all([this.prices.flush(), this.spend.flush()])
  }
}
