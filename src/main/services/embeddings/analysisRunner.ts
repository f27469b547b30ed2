// Runs result-set analysis (cosine matrix, projection) in the analysis worker, so main's event loop stays free
// while 1,000 × 3,072 vectors are multiplied. Invariants: the vectors are shared with the worker, never copied
// per call; every job ends with a result even if the worker cannot start or dies (the job is then computed in
// main, in slices with yields); the worker never keeps the process alive and is ended on close.
/// <reference types="electron-vite/node" />
import { Worker } from 'node:worker_threads'
import { analyseVectors, type Analysis } from './analysis'
import { createPacer, type PackedVectors } from './vectorMath'

export interface AnalysisJob {
  id: number
  /** Row-major n × d, backed by a SharedArrayBuffer. */
  data: Float32Array
  n: number
  d: number
}

export type AnalysisReply = { id: number } & (Analysis | { error: string })

interface Pending {
  vectors: PackedVectors
  resolve: (a: Analysis) => void
  reject: (e: Error) => void
}

export type WorkerEntry = () => Promise<{ file: string | URL; eval?: boolean }>

/**
 * Where the worker's code is. Built by electron-vite, `?modulePath` bundles the worker on its own and gives
 * its file. Run from source (browser mode and the tests run main through tsx or vitest), the worker is the
 * TypeScript file beside this one: a one-line bootstrap loads it through tsx's scoped import, since a
 * worker does not inherit the host's loader on Node 20.
 */
const workerEntry: WorkerEntry = async () => {
  if (import.meta.url.endsWith('.ts')) {
    const worker = new URL('./analysisWorker.ts', import.meta.url).href
    const tsx = import.meta.resolve('tsx/esm/api')
    return {
      file: `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(worker)}, ${JSON.stringify(worker)}))`,
      eval: true,
    }
  }
  return { file: (await import('./analysisWorker?modulePath')).default }
}

export class AnalysisRunner {
  private worker: Promise<Worker | null> | null = null
  /** The worker could not start: analysis runs in main from then on. */
  private unavailable = false
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  /** Where the last analysis ran: in the worker, or in main when the worker was not there. */
  lastRanIn: 'worker' | 'main' | null = null

  constructor(
    private readonly log?: (message: string) => void,
    private readonly entry: WorkerEntry = workerEntry,
  ) {}

  /** The cosine matrix and projection of packed vectors (in shared memory, as `packVectors(…, true)` makes). */
  async analyse(vectors: PackedVectors): Promise<Analysis> {
    const worker = await this.start()
    if (!worker) return this.inMain(vectors)
    return new Promise<Analysis>((resolve, reject) => {
      const id = this.nextId++
      this.pending.set(id, { vectors, resolve, reject })
      worker.postMessage({ id, data: vectors.data, n: vectors.n, d: vectors.d } satisfies AnalysisJob)
    })
  }

  async close(): Promise<void> {
    const worker = await this.worker
    this.worker = null
    this.unavailable = true
    await worker?.terminate()
  }

  private start(): Promise<Worker | null> {
    if (this.unavailable) return Promise.resolve(null)
    this.worker ??= this.spawn()
    return this.worker
  }

  private async spawn(): Promise<Worker | null> {
    let worker: Worker
    try {
      const { file, eval: isCode } = await this.entry()
      worker = new Worker(file, { eval: isCode })
    } catch (error) {
      this.giveUp(error)
      return null
    }
    worker.unref()
    // The worker counts as started once it has answered; one that dies before that will not start at all.
    let answered = false
    worker.on('message', (reply: AnalysisReply) => {
      answered = true
      const job = this.pending.get(reply.id)
      if (!job) return
      this.pending.delete(reply.id)
      if ('error' in reply)
        job.reject(new Error(`The similarity matrix could not be computed: ${reply.error}`))
      else {
        this.lastRanIn = 'worker'
        job.resolve(reply)
      }
    })
    const ended = (error: unknown) => {
      this.worker = null
      if (!answered) this.giveUp(error)
      // Jobs the worker took with it are computed here instead, so each still ends with a result.
      const orphans = [...this.pending.values()]
      this.pending.clear()
      for (const job of orphans) this.inMain(job.vectors).then(job.resolve, job.reject)
    }
    worker.once('error', ended)
    worker.once('exit', (code) => ended(new Error(`the worker exited with code ${code}`)))
    return worker
  }

  private inMain(vectors: PackedVectors): Promise<Analysis> {
    this.lastRanIn = 'main'
    return analyseVectors(vectors, createPacer(), false)
  }

  private giveUp(error: unknown): void {
    if (this.unavailable) return
    this.unavailable = true
    this.log?.(
      `the analysis worker did not start, so similarity matrices are computed on main's thread: ${
        error instanceof Error ? error.message : String(error)
      }`,
    )
  }
}
