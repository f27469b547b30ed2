// Runs result-set analysis (cosine matrix, projection) in analysis workers, so main's event loop stays free
// while 1,000 × 3,072 vectors are multiplied; up to two workers share the Gram matrix out. Invariants: the
// vectors are shared with the workers, never copied per call; every job ends with a result even if no worker
// can start or one dies (the job is then computed in main, in slices with yields); the workers never keep the
// process alive and are ended on close.
/// <reference types="electron-vite/node" />
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { analyseVectors, type Analysis } from './analysis'
import { createPacer, type PackedVectors } from './vectorMath'

interface GramJob {
  kind: 'gram'
  /** Row-major n × d, backed by a SharedArrayBuffer. */
  data: Float32Array
  n: number
  d: number
  /** n × n, shared: each worker fills its part's cells. */
  gram: Float64Array
  part: number
  parts: number
}

interface FinishJob {
  kind: 'finish'
  gram: Float64Array
  n: number
}

export type AnalysisJob = { id: number } & (GramJob | FinishJob)

export type AnalysisReply = { id: number } & (
  { kind: 'gram' } | ({ kind: 'finish' } & Analysis) | { kind: 'error'; error: string }
)

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

/** The worker ended with jobs unanswered. */
class WorkerGone extends Error {}

/** One worker thread and its unanswered jobs. */
class AnalysisWorker {
  private readonly pending = new Map<
    number,
    { resolve: (r: AnalysisReply) => void; reject: (e: Error) => void }
  >()
  private nextId = 1
  /** It has answered at least once: it started. */
  answered = false
  /** Ended on purpose (close, or another of its set died). */
  stopping = false

  constructor(
    private readonly worker: Worker,
    onEnd: (self: AnalysisWorker, error: unknown) => void,
  ) {
    worker.unref()
    worker.on('message', (reply: AnalysisReply) => {
      this.answered = true
      const job = this.pending.get(reply.id)
      this.pending.delete(reply.id)
      if (reply.kind === 'error')
        job?.reject(new Error(`The similarity matrix could not be computed: ${reply.error}`))
      else job?.resolve(reply)
    })
    let ended = false
    const end = (error: unknown) => {
      if (ended) return
      ended = true
      for (const job of this.pending.values()) job.reject(new WorkerGone(String(error)))
      this.pending.clear()
      onEnd(this, error)
    }
    worker.once('error', end)
    worker.once('exit', (code) => end(new Error(`the worker exited with code ${code}`)))
  }

  call(job: GramJob): Promise<{ kind: 'gram' }>
  call(job: FinishJob): Promise<{ kind: 'finish' } & Analysis>
  call(job: GramJob | FinishJob): Promise<unknown> {
    return new Promise<AnalysisReply>((resolve, reject) => {
      const id = this.nextId++
      this.pending.set(id, { resolve, reject })
      this.worker.postMessage({ ...job, id })
    })
  }

  terminate(): Promise<number> {
    this.stopping = true
    return this.worker.terminate()
  }
}

export class AnalysisRunner {
  private workers: Promise<AnalysisWorker[]> | null = null
  /** Counts worker sets, so that only the current set's end replaces it. */
  private generation = 0
  /** No worker could start (or the runner closed): analysis runs in main from then on. */
  private unavailable = false
  /** Where the last analysis ran: in the workers, or in main when they were not there. */
  lastRanIn: 'worker' | 'main' | null = null

  constructor(
    private readonly log?: (message: string) => void,
    private readonly entry: WorkerEntry = workerEntry,
    private readonly size = Math.min(2, availableParallelism()),
  ) {}

  /** The cosine matrix and projection of packed vectors (in shared memory, as `packVectors(…, true)` makes). */
  async analyse(vectors: PackedVectors): Promise<Analysis> {
    const workers = await this.start()
    if (workers.length === 0) return this.inMain(vectors)
    const { data, n, d } = vectors
    try {
      const gram = new Float64Array(new SharedArrayBuffer(n * n * Float64Array.BYTES_PER_ELEMENT))
      const parts = workers.length
      await Promise.all(workers.map((w, part) => w.call({ kind: 'gram', data, n, d, gram, part, parts })))
      const { cosine, projection } = await workers[0]!.call({ kind: 'finish', gram, n })
      this.lastRanIn = 'worker'
      return { cosine, projection }
    } catch (error) {
      // A worker that died took the job with it: it is computed here instead, so it still ends with a result.
      if (error instanceof WorkerGone) return this.inMain(vectors)
      throw error
    }
  }

  /** Starts the workers ahead of the first analysis (they load while the vectors are still on the wire). */
  warm(): void {
    void this.start()
  }

  async close(): Promise<void> {
    this.unavailable = true
    const workers = (await this.workers) ?? []
    this.workers = null
    await Promise.all(workers.map((w) => w.terminate()))
  }

  private start(): Promise<AnalysisWorker[]> {
    if (this.unavailable) return Promise.resolve([])
    this.workers ??= this.spawn()
    return this.workers
  }

  private async spawn(): Promise<AnalysisWorker[]> {
    let entry: Awaited<ReturnType<WorkerEntry>>
    try {
      entry = await this.entry()
    } catch (error) {
      this.giveUp(error)
      return []
    }
    const workers: AnalysisWorker[] = []
    const generation = ++this.generation
    // A worker that ends takes its set with it: the next analysis starts a new set. One that ends without
    // ever answering means workers cannot start here at all.
    const onEnd = (worker: AnalysisWorker, error: unknown) => {
      if (!worker.answered && !worker.stopping) this.giveUp(error)
      if (generation !== this.generation) return
      this.generation++
      this.workers = null
      for (const other of workers) if (other !== worker) void other.terminate()
    }
    for (let i = 0; i < this.size; i++) {
      try {
        workers.push(new AnalysisWorker(new Worker(entry.file, { eval: entry.eval }), onEnd))
      } catch (error) {
        this.giveUp(error)
        await Promise.all(workers.map((w) => w.terminate()))
        return []
      }
    }
    return workers
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
