// What a run records when it ends: the port services call (text, embeddings, rerank, jobs), kept apart from the
// store so a service depends on one method. `record` commits the row synchronously, so a caller that records
// before it emits a run's terminal event never lets the renderer see an end the database does not hold; the
// search index and the capture file follow off that path.
import type { Exchange } from '../../../shared/ipc/exchange'
import type { RunKind } from '../../../shared/ipc/history'

export interface RunRecord {
  id: string
  kind: RunKind
  createdAt: number
  format: string | null
  model: string | null
  /** The profile's name, never its key or id. */
  profile: string | null
  status: string
  ttftMs: number | null
  totalMs: number | null
  inputTokens: number | null
  outputTokens: number | null
  /** The last user text (or the job's prompt / inputs), searchable. */
  prompt: string
  /** The final answer text (or a description of the result), searchable. */
  answer: string
  requestBody: string | null
  draft: unknown
  result: unknown
  error: string | null
  /**
   * The captured exchange (already redacted) and raw response body, kept in a file beside the database. A
   * function is read after the row is committed, so a large body costs nothing before the terminal event.
   */
  capture: RunCapture | (() => RunCapture) | null
  /** What the run cost, when known (amount in millionths of the currency's unit). */
  cost?: RunCost | null
  /** Kept whatever the retention setting says. */
  pinned?: boolean
}

export interface RunCost {
  micros: number
  currency: string
  /** Worked out from a price list rather than reported by the gateway. */
  estimate: boolean
}

export interface RunCapture {
  exchange: Exchange
  rawBody: string
}

export interface RunRecorder {
  /**
   * Records a finished run. It never blocks its caller on the database: a read made after it returns (a window's
   * call on hearing of the run's end) sees the run, and a worker that dies before committing it is given it again.
   */
  record(run: RunRecord): void
  /**
   * Keeps what a run still going has so far (status `running`, no search index, no capture, no notice), so a
   * kill loses at most the last moments; its `record` replaces it. A `running` row found on the next open is
   * marked `interrupted`.
   */
  checkpoint?(run: RunRecord): void
}

/** What the history tells its watchers once a run (or a batch of `count` runs) is committed. */
export interface RecordedRun {
  id: string
  kind: RunKind
  createdAt: number
  count: number
}
