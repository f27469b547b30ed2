// The messages between main's history client and the history's worker thread. Writes travel in numbered batches
// that the worker acknowledges once they are committed (the client keeps each until then, to give it again to a
// new worker if this one dies); calls are answered by id. Everything here is structured-clone data.
import type { Capture } from './captures'
import type { StoredRun } from './historyStore'
import type { InterruptedRun } from '../../../shared/ipc/history'
import type { RecordedRun } from './ports'

export interface WriteBatch {
  type: 'write'
  batch: number
  /** The secrets to scrub from what is written, when they changed since the last batch. */
  secrets?: string[]
  records: StoredRun[]
  checkpoints: StoredRun[]
  captures: { id: string; capture: Capture }[]
}

export interface CallMessage {
  type: 'call'
  id: number
  method: string
  args: unknown[]
}

export type ToWorker = WriteBatch | CallMessage | { type: 'close' }

export type FromWorker =
  | { type: 'opened'; problem: string | null; interrupted: InterruptedRun[] }
  | { type: 'ack'; batch: number }
  /** `workerMs`: the time the call took in the worker, apart from the messages' way there and back. */
  | { type: 'reply'; id: number; workerMs: number; ok: true; value: unknown }
  | {
      type: 'reply'
      id: number
      workerMs: number
      ok: false
      error: { code: string | null; message: string }
    }
  | { type: 'recorded'; runs: RecordedRun[] }
  | { type: 'log'; message: string }
  | { type: 'closed' }

export interface WorkerStart {
  dataDir: string
  /** The previous worker of this process died: its lock on the file is stale. */
  reclaim: boolean
}
