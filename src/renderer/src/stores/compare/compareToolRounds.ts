// Each Compare column's tool loop: when a column's answer calls tools, its calls wait for results (asked, run on
// their tool server or canned, as in Text: the shared ToolRoundForm); the results and the answer that called for
// them become the column's round, and its next request carries every round so far after the prompt, in its own
// format. Stop ends a column's loop: the calls still running on their servers are cancelled and the calls waiting
// are dropped, the rounds done stay shown. Run (or Run all) starts a column's loop afresh.
import { assistantTurn, type DraftMessage, type ToolResultInput } from '../../../../shared/wire'
import { serverOfTool } from '../../../../shared/tools/toolRound'
import { roundServersNow, toolRoundActions } from '../tools'
import { runCompletion, type RunView } from '../runs'
import { NO_ROUNDS, useCompareStore, type ColumnRounds } from './compareStore'

function setRounds(columnId: string, change: (r: ColumnRounds) => ColumnRounds): void {
  useCompareStore.setState((s) => ({
    rounds: { ...s.rounds, [columnId]: change(s.rounds[columnId] ?? NO_ROUNDS) },
  }))
}

/** The turns a column's rounds add after the prompt: each answer that called tools, then its results. */
export function roundTurns(rounds: ColumnRounds | undefined): DraftMessage[] {
  return (rounds?.done ?? []).flatMap((r) => [
    r.answer,
    {
      role: 'tool' as const,
      parts: r.results.map((x) => ({
        type: 'toolResult' as const,
        callId: x.callId,
        name: x.name,
        content: x.content,
        ...(x.isError !== undefined ? { isError: x.isError } : {}),
        ...(x.origin !== undefined ? { origin: x.origin } : {}),
      })),
    },
  ])
}

/** A column's loop starts afresh (Run, Run all): no rounds, nothing waiting. */
export function resetRounds(columnId: string): void {
  useCompareStore.setState((s) => {
    if (!s.rounds[columnId]) return s
    const rounds = { ...s.rounds }
    delete rounds[columnId]
    return { rounds }
  })
}

/** A column's run finished: the tools it called wait for their results. */
export function noteRunCalls(columnId: string, run: RunView): void {
  if (run.status !== 'done' || run.toolCalls.length === 0) return
  setRounds(columnId, (r) => ({ ...r, pending: run.toolCalls, stopped: false }))
}

/**
 * The results of the calls waiting in a column become its next round; returns false when nothing was waiting (a
 * second submit, or Stop came first). The caller starts the column's next request.
 */
export function takeRound(
  columnId: string,
  run: RunView | undefined,
  results: ToolResultInput[],
  automatic: boolean,
  notes: (string | undefined)[],
): boolean {
  const r = useCompareStore.getState().rounds[columnId]
  if (!r || r.pending.length === 0 || !run) return false
  const answer = assistantTurn(runCompletion(run))
  setRounds(columnId, (x) => ({
    done: [...x.done, { answer, results, notes, automatic }],
    pending: [],
    autoInARow: automatic ? x.autoInARow + 1 : 0,
    stopped: false,
  }))
  return true
}

/** Stop: the column's calls still running on their servers are cancelled; those waiting are dropped. */
export function stopRound(columnId: string): boolean {
  const r = useCompareStore.getState().rounds[columnId]
  if (!r || r.pending.length === 0) return false
  const servers = roundServersNow()
  for (const call of r.pending) {
    const server = serverOfTool(servers, call.name)
    if (server) void toolRoundActions.stopCall(server.id, call.id).catch(() => undefined)
  }
  setRounds(columnId, (x) => ({ ...x, pending: [], stopped: true }))
  return true
}

export const waitingForTools = (s: { rounds: Record<string, ColumnRounds> }): boolean =>
  Object.values(s.rounds).some((r) => r.pending.length > 0)
