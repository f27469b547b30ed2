// A case's tool loop: a case that needs a tool round runs its request, and while the model calls tools, the calls
// are answered by the tool server the case names (or its canned results) and the answer and the results go back
// in the next request, in the target's format, up to the case's round limit. What the graders then read is the
// final answer, with every round's tool calls (a "Tool called" assertion passes on a call of any round). Who
// answers is given by the caller: the app's tool servers (connected by the user, never by a case), or the
// command line's canned results and the server it started because a flag said so.
import type { CaseToolRound } from '../../../shared/cases/caseModel'
import type { RunRequest } from '../../../shared/ipc/text'
import type { BilledCost } from '../../../shared/cost/billed'
import {
  appendToolResults,
  type DraftMessage,
  type DraftPart,
  type ToolResultInput,
} from '../../../shared/wire'
import { emptyAnswer, type Answer } from './runAnswer'

/** Rounds a case's loop takes at most when the case does not say. */
export const DEFAULT_CASE_TOOL_ROUNDS = 4

export interface CaseToolAnswer {
  text: string
  isError: boolean
  origin: 'ran' | 'canned'
}

/** Who answers a case's tool calls. */
export interface CaseTools {
  /** Why calls to this server cannot be answered now (a name, a connection missing); null when they can. */
  problem(server: string): string | null
  /** One call answered (run on the server, or its canned result); a failure is an error result, not a throw. */
  answer(
    server: string,
    tool: string,
    args: string,
    callId: string,
    signal: AbortSignal,
  ): Promise<CaseToolAnswer>
}

/** The assistant turn of an answer that called tools: its text, then its calls (ids and signatures kept). */
function callingTurn(answer: Answer): DraftMessage {
  const parts: DraftPart[] = []
  if (answer.text) parts.push({ type: 'text', text: answer.text })
  for (const c of answer.calls)
    parts.push({
      type: 'toolCall',
      id: c.id,
      name: c.name,
      arguments: c.arguments,
      ...(c.signature !== undefined ? { signature: c.signature } : {}),
    })
  return { role: 'assistant', parts }
}

const sum = (values: (number | null)[]): number | null =>
  values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v ?? 0), 0)

/** The rounds' bills as one: summed when every round was priced in one currency, else the first reason one was not. */
function joinedBill(bills: (BilledCost | null)[]): BilledCost | null {
  const priced = bills.filter((b): b is Extract<BilledCost, { kind: 'priced' }> => b?.kind === 'priced')
  const currency = priced[0]?.currency
  if (
    priced.length === bills.length &&
    priced.every((b) => b.currency === currency) &&
    currency !== undefined
  )
    return {
      kind: 'priced',
      micros: priced.reduce((a, b) => a + b.micros, 0),
      currency,
      estimate: priced.some((b) => b.estimate),
    }
  return bills.find((b) => b !== null && b.kind !== 'priced') ?? null
}

/** Every round's answers as one: the last one's text and stop, every round's calls, times and costs summed. */
function joined(answers: Answer[], rounds: number): Answer & { rounds: number } {
  const last = answers.at(-1)!
  const costs = answers.map((a) => a.cost)
  const currency = costs[0]?.currency
  const cost =
    costs.every((c) => c !== null && c.currency === currency) && currency !== undefined
      ? {
          micros: costs.reduce((a, c) => a + (c?.micros ?? 0), 0),
          currency,
          estimate: costs.some((c) => c?.estimate),
        }
      : null
  return {
    ...last,
    bill: joinedBill(answers.map((a) => a.bill)),
    toolCalls: answers.flatMap((a) => a.toolCalls),
    ttftMs: answers[0]!.ttftMs,
    totalMs: sum(answers.map((a) => a.totalMs)),
    outputTokens: sum(answers.map((a) => a.outputTokens)),
    inputTokens: sum(answers.map((a) => a.inputTokens)),
    cost,
    rounds,
  }
}

/**
 * Runs a case's request and its tool rounds. `runOnce` is one recorded run (the matrix's); `stopped` says the
 * matrix was stopped (no next round starts, and the calls on servers are cancelled through `signal`).
 */
export async function runToolLoop(
  request: RunRequest,
  round: CaseToolRound,
  tools: CaseTools | undefined,
  runOnce: (request: RunRequest) => Promise<Answer>,
  signal: AbortSignal,
): Promise<Answer & { rounds: number }> {
  const problem = tools
    ? tools.problem(round.server)
    : `tool server "${round.server}": this run has no tool servers to answer the case's calls`
  if (problem) return { ...emptyAnswer('error'), error: problem, rounds: 0 }
  const max = round.maxRounds ?? DEFAULT_CASE_TOOL_ROUNDS
  const answers: Answer[] = []
  let next = request
  for (let rounds = 0; ; rounds++) {
    const answer = await runOnce(next)
    answers.push(answer)
    if (!answer.runId || answer.status !== 'done' || answer.calls.length === 0) return joined(answers, rounds)
    if (signal.aborted) return { ...joined(answers, rounds), status: 'aborted' }
    if (rounds >= max)
      return {
        ...joined(answers, rounds),
        status: 'error',
        error: `the model still called tools after ${max} tool round${max === 1 ? '' : 's'} (the case allows ${max})`,
      }
    const results: ToolResultInput[] = await Promise.all(
      answer.calls.map(async (c) => {
        const got = await tools!
          .answer(round.server, c.name, c.arguments, c.id, signal)
          .catch((e: unknown) => ({
            text: `The call failed: ${e instanceof Error ? e.message : String(e)}`,
            isError: true,
            origin: 'ran' as const,
          }))
        return { callId: c.id, name: c.name, content: got.text, isError: got.isError, origin: got.origin }
      }),
    )
    if (signal.aborted) return { ...joined(answers, rounds), status: 'aborted' }
    const draft = next.draft
    next = {
      ...next,
      draft: appendToolResults({ ...draft, messages: [...draft.messages, callingTurn(answer)] }, results),
    }
  }
}
