// The analysis worker: a worker thread that computes a result set's cosine matrix and projection off main's
// event loop. Invariant: the vectors arrive and the matrix leaves in shared memory (no copy either way), one
// job at a time in arrival order, and a failed job answers with its error instead of ending the worker.
import { parentPort } from 'node:worker_threads'
import { analyseVectors } from './analysis'
import type { AnalysisJob, AnalysisReply } from './analysisRunner'

const port = parentPort
if (!port) throw new Error('the analysis worker runs only as a worker thread')
const noPause = async () => undefined

port.on('message', (job: AnalysisJob) => {
  void analyseVectors({ data: job.data, n: job.n, d: job.d }, noPause, true).then(
    (result) => port.postMessage({ id: job.id, ...result } satisfies AnalysisReply),
    (error: unknown) =>
      port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  )
})
