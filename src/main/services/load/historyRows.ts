// A load test in History: the run as one row when it ends (its levels as the answer, the report summary as its
// result), then its requests, one row each, handed to the history's batch API (its worker writes them off main's
// event loop) after the run, in batches, so recording never disturbs a measurement. Bounded: at most
// REQUEST_ROWS requests of a run become rows (the run's own files keep all of them).
import type { RunRecord, RunRecorder } from '../history/ports'
import { levelLabel, targetLabel } from '../../../shared/load/plan'
import { levelsTable, reportCost, type LoadReport } from '../../../shared/load/report'
import { billedStored, billedSumWords, sumStored, type BilledCost } from '../../../shared/cost/billed'
import { readStoredRun } from './runFiles'

export const REQUEST_ROWS = 10_000
const BATCH = 500

/** The history's recorder: one run, or many in one batch (neither blocks main). */
export type LoadHistoryPort = RunRecorder & { recordMany(runs: readonly RunRecord[]): void }

const STATUS = {
  done: 'done',
  stopped: 'aborted',
  failed: 'error',
  running: 'interrupted',
  interrupted: 'interrupted',
}

export class LoadHistory {
  private queue: Promise<void> = Promise.resolve()

  constructor(private readonly port: LoadHistoryPort) {}

  /** `requestCosts`: each request's own cost by index (the first REQUEST_ROWS settled), for its row. */
  recordRun(report: LoadReport, root: string, requestCosts?: ReadonlyMap<number, BilledCost>): void {
    const models = [...new Set(report.targets.map((t) => t.model))]
    const profiles = [...new Set(report.targets.map((t) => t.profile))]
    const formats = [...new Set(report.targets.map((t) => t.format))]
    const cost = reportCost(report)
    const kept = cost ? sumStored(cost) : []
    const tokens = report.levels.reduce(
      (sum, l) => sum + (l.outputTokens.mean ?? 0) * l.outputTokens.count,
      0,
    )
    try {
      this.port.record({
        id: report.runId,
        kind: 'load',
        createdAt: report.startedAt,
        format: formats.length === 1 ? formats[0]! : null,
        model: models.join(', ').slice(0, 200),
        profile: profiles.join(', ').slice(0, 200),
        status: STATUS[report.status],
        ttftMs: report.levels[0]?.ttftMs.p50 ?? null,
        totalMs: report.endedAt === null ? null : report.endedAt - report.startedAt,
        inputTokens: null,
        outputTokens: Math.round(tokens),
        prompt: `Load test "${report.name}": ${report.targets.map((t) => targetLabel(t, t.profile)).join('; ')} at ${report.plan.shape.levels.map((l) => levelLabel(report.plan.shape.mode, l)).join(', ')}`,
        answer: cost
          ? `${levelsTable(report)}\nCost: ${billedSumWords(cost, 'nothing billed')}`
          : levelsTable(report),
        requestBody: null,
        draft: null,
        result: {
          runId: report.runId,
          status: report.status,
          requests: report.requests,
          levels: report.levels.length,
        },
        error: report.error,
        capture: null,
        // History keeps one amount a run: the total when the requests were priced in one currency.
        cost: kept.length === 1 ? kept[0] : null,
      })
    } catch {
      // History is a convenience here: the run's own files hold it.
    }
    this.queue = this.queue.then(() => this.recordRequests(report, root, requestCosts)).catch(() => undefined)
  }

  /** Resolves when every row queued so far is written (tests). */
  idle(): Promise<void> {
    return this.queue
  }

  private async recordRequests(
    report: LoadReport,
    root: string,
    requestCosts: ReadonlyMap<number, BilledCost> | undefined,
  ): Promise<void> {
    const stored = await readStoredRun(root, report.runId)
    if (!stored) return
    const rows = stored.points.slice(0, REQUEST_ROWS).map((p): RunRecord => {
      const [index, step, sentAt, ttft, e2e, , tokens, status] = p
      const level = report.levels.find((l) => l.step === step)
      const target = report.targets[level?.targetIndex ?? 0]
      const where = `${target ? targetLabel(target, target.profile) : ''}${level ? ` · ${levelLabel(level.mode, level.level)}` : ''}`
      return {
        id: `${report.runId}-${index}`,
        kind: 'loadRequest',
        createdAt: Math.round(report.startedAt + sentAt),
        format: target?.format ?? null,
        model: target?.model ?? null,
        profile: target?.profile ?? null,
        status: status === 'ok' || status === 'warmup' ? 'done' : status === 'stopped' ? 'aborted' : 'error',
        ttftMs: ttft,
        totalMs: e2e,
        inputTokens: null,
        outputTokens: tokens,
        prompt: `Load test "${report.name}", request ${index + 1}: ${where}`,
        answer: status === 'ok' ? 'done' : status === 'warmup' ? 'warm-up (not measured)' : status,
        requestBody: null,
        draft: null,
        result: { runId: report.runId, index },
        error: status === 'ok' || status === 'warmup' || status === 'stopped' ? null : status,
        capture: null,
        // Its own cost, as priced when the run settled it (none: not priced, or not billed).
        cost: billedStored(requestCosts?.get(index)),
      }
    })
    for (let at = 0; at < rows.length; at += BATCH) {
      this.port.recordMany(rows.slice(at, at + BATCH))
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  }
}
