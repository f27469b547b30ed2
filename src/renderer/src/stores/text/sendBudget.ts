// Text's Send past the profile's monthly budget. Before a message goes, the estimate of this one send (its format
// and model, the local tokenizer's count of what is sent, its Max tokens as the most the answer can bill) is
// weighed against the budget; when it would pass it the user is asked: Cancel sends nothing and keeps the message,
// "Send anyway" is remembered for the conversation for the rest of the month (kept with its form, so a reload or a
// restart does not ask again). No budget, or a model without a price: nothing is asked, and nothing is counted.
import { FORMAT_LABELS, type WireFormat } from '../../../../shared/format'
import type { WorkEstimate } from '../../../../shared/cost/estimate'
import { pricesCalls } from '../../ipc/pricesCalls'
import { budgetQuestion } from '../../widgets/costEstimate/estimateWords'
import { askUser } from '../app'

/** What an answer is counted at when the request sets no Max tokens (as the Cases estimate assumes). */
const ASSUMED_OUTPUT = 1024
/** The most tokens an estimate item takes (its schema's bound). */
const TOKENS_MAX = 100_000_000

/** The month the spend ledger counts in (UTC), as `2026-11`. */
export const budgetMonth = (at = Date.now()): string => new Date(at).toISOString().slice(0, 7)

export interface SendBudgetInput {
  profileId: string | null
  format: WireFormat
  model: string
  maxTokens: number | undefined
  /** The month "Send anyway" was said in this conversation, if it was. */
  askedMonth: string | null
  /** The local tokenizer's count of what Send sends; null when it cannot count. */
  count: () => Promise<number | null>
}

/** Whether Send goes on: `send` (nothing to ask), `sendAnyway` (asked, and the user said so: remember it), `cancel`. */
export async function sendBudget(input: SendBudgetInput): Promise<'send' | 'sendAnyway' | 'cancel'> {
  const { profileId, format } = input
  const model = input.model.trim()
  if (!profileId || !model || input.askedMonth === budgetMonth()) return 'send'
  const outputTokens = Math.min(TOKENS_MAX, Math.max(0, Math.round(input.maxTokens ?? ASSUMED_OUTPUT)))
  const estimate = (inputTokens: number): Promise<WorkEstimate | null> =>
    pricesCalls
      .estimateWork(profileId, [{ format, model, runs: 1, inputTokens, outputTokens }])
      .then((r) => (r.ok ? r.value : null))
      .catch(() => null)
  // The common case is one quick call: without a budget or a price there is nothing to weigh.
  const bare = await estimate(0)
  if (!bare?.budget || Object.keys(bare.byCurrency).length === 0) return 'send'
  const tokens = await input.count().catch(() => null)
  const counted = tokens === null ? bare : ((await estimate(Math.min(TOKENS_MAX, tokens))) ?? bare)
  const sent =
    tokens === null ? 'what is sent could not be counted' : `${tokens.toLocaleString('en-US')} tokens sent (local count)`
  const answer =
    input.maxTokens === undefined
      ? `an answer of up to ${ASSUMED_OUTPUT.toLocaleString('en-US')} tokens (no Max tokens set)`
      : `an answer of up to ${outputTokens.toLocaleString('en-US')} tokens (Max tokens)`
  const question = budgetQuestion([counted], `This message (${FORMAT_LABELS[format]} · ${model}: ${sent}, ${answer})`, {
    ask: 'Send it anyway? This conversation will not ask again this month.',
    confirm: 'Send anyway',
  })
  if (!question) return 'send'
  return (await askUser(question)) ? 'sendAnyway' : 'cancel'
}
