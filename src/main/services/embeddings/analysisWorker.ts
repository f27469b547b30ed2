// The analysis worker: a worker thread that computes its share of a result set's Gram matrix, and then the
// cosine matrix and projection, off main's event loop. Invariant: vectors, Gram matrix and cosine matrix
// all live in shared memory (no copy either way); jobs run one at a time in arrival order, and a failed job
// answers with its error instead of ending the worker.
import { parentPort } from 'node:worker_threads'
import { finishAnalysis } from './analysis'
import { gramMatrix } from './vectorMath'
import type { AnalysisJob, AnalysisReply } from './analysisRunner'

const port = parentPort
if (!port) throw new Error('the analysis worker runs only as a worker thread')
const noPause = async () => undefined

async function run(job: AnalysisJob): Promise<AnalysisReply> {
  if (job.kind === 'gram') {
    const { data, n, d, gram, part, parts } = job
    await gramMatrix({ data, n, d }, noPause, { part, parts, into: gram })
    return { id: job.id, kind: 'gram' }
  }
  return { id: job.id, kind: 'finish', ...(await finishAnalysis(job.gram, job.n, noPause, true)) }
}

port.on('message', (job: AnalysisJob) => {
  void run(job).then(
    (reply) => port.postMessage(reply),
    (error: unknown) =>
      port.postMessage({
        id: job.id,
        kind: 'error',
        error: error instanceof Error ? error.message : String(error),
      } satisfies AnalysisReply),
  )
})
