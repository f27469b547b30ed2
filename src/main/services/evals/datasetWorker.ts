// The dataset reader's worker thread: reads one dataset file (CSV, JSONL or JSON) into rows off main's event
// loop, then sends them a chunk at a time, the next only when main asks for it, so main takes in a
// 100,000-row file a slice per turn of its loop and never in one go. Invariant: the worker reads exactly the file
// it is given and answers once, with `done` after its rows or with `failed`.
import { readFile } from 'node:fs/promises'
import { parentPort, workerData } from 'node:worker_threads'
import { readDatasetBytes } from '../../../shared/evals/dataset'
import { ROWS_A_MESSAGE, type DatasetJob, type FromDatasetWorker } from './datasetReader'

const port = parentPort
if (!port) throw new Error('the dataset reader runs only as a worker thread')
const job = workerData as DatasetJob
const send = (message: FromDatasetWorker) => port.postMessage(message)
let asked: (() => void) | null = null
port.on('message', () => asked?.())
const nextAsked = () => new Promise<void>((resolve) => (asked = resolve))

async function read(): Promise<void> {
  const result = readDatasetBytes(job.kind, await readFile(job.path), job.defaults)
  const { rows, columns } = result.dataset
  for (let i = 0; i < rows.length; i += ROWS_A_MESSAGE) {
    const more = nextAsked()
    send({ type: 'rows', rows: rows.slice(i, i + ROWS_A_MESSAGE) })
    await more
  }
  send({ type: 'done', columns, problems: result.problems, unmapped: result.unmapped })
}

read().catch((error: unknown) =>
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
)
