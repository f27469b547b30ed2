// Reads a dataset file off main's event loop: a worker thread (datasetWorker.ts) parses it and sends its rows
// in chunks, each taken in on its own turn of main's loop, so opening 100,000 rows never blocks main for long.
// A worker that dies, runs out of memory or cannot read the file is an error named to the user (nothing is
// kept), never an app that stops; only a worker that cannot be started at all leaves the read to main.
/// <reference types="electron-vite/node" />
import { readFile } from 'node:fs/promises'
import { Worker } from 'node:worker_threads'
import {
  readDatasetBytes,
  type DatasetFileKind,
  type DatasetRead,
  type DatasetRow,
  type RowProblem,
} from '../../../shared/evals/dataset'
import type { AssertDefaults } from '../../../shared/evals/promptfooAsserts'
import { AppError } from '../../../shared/ipc/result'

/** Rows one message from the worker carries (a few milliseconds of main's time to take in). */
export const ROWS_A_MESSAGE = 2000
/** The worker's heap: a 64 MB file's text and its rows fit well inside; a hostile file past it ends the read. */
const WORKER_HEAP_MB = 1536

export interface DatasetJob {
  path: string
  kind: DatasetFileKind
  defaults: AssertDefaults
}

export type FromDatasetWorker =
  | { type: 'rows'; rows: DatasetRow[] }
  | { type: 'done'; columns: string[]; problems: RowProblem[]; unmapped: string[] }
  | { type: 'failed'; message: string }

type DatasetWorkerEntry = () => Promise<{ file: string | URL; eval?: boolean }>

/** Where the worker's code is: bundled by electron-vite, or the TypeScript beside this file through tsx. */
const workerEntry: DatasetWorkerEntry = async () => {
  if (import.meta.url.endsWith('.ts')) {
    const worker = new URL('./datasetWorker.ts', import.meta.url).href
    const tsx = import.meta.resolve('tsx/esm/api')
    return {
      file: `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(worker)}, ${JSON.stringify(worker)}))`,
      eval: true,
    }
  }
  return { file: (await import('./datasetWorker?modulePath')).default }
}

export interface ReadOptions {
  fileName: string
  log?: (message: string) => void
  entry?: DatasetWorkerEntry
}

/** The dataset in the file at `job.path`, read in a worker thread. */
export async function readDatasetFile(job: DatasetJob, options: ReadOptions): Promise<DatasetRead> {
  let worker: Worker
  try {
    const entry = await (options.entry ?? workerEntry)()
    worker = new Worker(entry.file, {
      eval: entry.eval,
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    })
  } catch (error) {
    options.log?.(
      `the dataset reader did not start, so ${options.fileName} is read on main's thread: ${String(error)}`,
    )
    return readDatasetBytes(job.kind, await readFile(job.path), job.defaults)
  }
  const failed = (why: string) =>
    new AppError('EVALS_BAD_FILE', `${options.fileName}: could not be read (${why}); nothing was kept.`)
  return new Promise<DatasetRead>((resolve, reject) => {
    const rows: DatasetRow[] = []
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      outcome()
      void worker.terminate()
    }
    worker.on('message', (message: FromDatasetWorker) => {
      if (message.type === 'rows') {
        for (const row of message.rows) rows.push(row)
        // The next chunk is asked for on the next turn of main's loop: what waits meanwhile goes first.
        setImmediate(() => {
          if (!settled) worker.postMessage('more')
        })
      } else if (message.type === 'failed') settle(() => reject(failed(message.message)))
      else
        settle(() =>
          resolve({
            dataset: { columns: message.columns, rows },
            problems: message.problems,
            unmapped: message.unmapped,
          }),
        )
    })
    worker.once('error', (error) =>
      settle(() =>
        reject(
          failed(
            (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? 'it needs more memory than a dataset may take'
              : `the reader stopped: ${error.message}`,
          ),
        ),
      ),
    )
    worker.once('exit', (code) => settle(() => reject(failed(`the reader stopped with code ${code}`))))
  })
}
