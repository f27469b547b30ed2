// Main's side of the history: a worker thread owns the database (historyWorker.ts) and this client talks to it.
// Recording never blocks: runs, checkpoints (the latest per run) and captures are queued and posted once per turn
// of main's loop as one batch, which the worker commits in one transaction; a read posts what is queued first, so
// it sees every run recorded before it. The client keeps each batch until the worker acknowledges its commit:
// a worker that dies is logged, started again, and given the unacknowledged batches and unanswered calls again,
// so no run is lost. Only a worker that keeps dying makes the history unavailable (and that is said).
/// <reference types="electron-vite/node" />
import { Worker } from 'node:worker_threads'
import type { InterruptedRun } from '../../../shared/ipc/history'
import { AppError } from '../../../shared/ipc/result'
import type { Capture } from './captures'
import { FOLLOW_UP_DELAY_MS } from './deferredIndex'
import type { StoredRun } from './historyStore'
import type { RecordedRun, RunCapture, RunRecord, RunRecorder } from './ports'
import type { WorkerCalls } from './workerCalls'
import type { FromWorker, WorkerStart, WriteBatch } from './workerProtocol'

export type WorkerEntry = () => Promise<{ file: string | URL; eval?: boolean }>

/** Where the worker's code is: bundled by electron-vite, or the TypeScript beside this file through tsx. */
const workerEntry: WorkerEntry = async () => {
  if (import.meta.url.endsWith('.ts')) {
    const worker = new URL('./historyWorker.ts', import.meta.url).href
    const tsx = import.meta.resolve('tsx/esm/api')
    return {
      file: `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(worker)}, ${JSON.stringify(worker)}))`,
      eval: true,
    }
  }
  return { file: (await import('./historyWorker?modulePath')).default }
}

export interface HistoryClientOptions {
  log?: (message: string) => void
  /** The secrets to scrub from everything written (read at each batch; sent when they change). */
  secrets?: () => Iterable<string>
  entry?: WorkerEntry
  /** Hears how long each call took in the worker (the benchmark tells it apart from the round trip). */
  onAnswered?: (method: string, workerMs: number) => void
}

/** Deaths within a minute after which the worker is not started again. */
const MAX_RESTARTS = 5

type Args<K extends keyof WorkerCalls> =
  Parameters<WorkerCalls[K]> extends [unknown, ...infer Rest] ? Rest : never
type Answer<K extends keyof WorkerCalls> = Awaited<ReturnType<WorkerCalls[K]>>

interface Pending {
  method: string
  args: unknown[]
  resolve: (value: unknown) => void
  reject: (error: Error) => void
}

export class HistoryClient implements RunRecorder {
  private worker: Worker | null = null
  private ready: Promise<void>
  private problemText: string | null = null
  private closing = false
  private deaths: number[] = []
  private batchNo = 0
  private callNo = 0
  private readonly unacked = new Map<number, WriteBatch>()
  private readonly calls = new Map<number, Pending>()
  private readonly records: StoredRun[] = []
  private readonly checkpoints = new Map<string, StoredRun>()
  private readonly captures: { id: string; capture: Capture }[] = []
  private flushing: ReturnType<typeof setImmediate> | null = null
  private secretsKey: string | null = null
  private readonly watchers = new Set<(run: RecordedRun) => void>()
  private readonly log: (message: string) => void
  private closed: (() => void) | null = null
  /** Runs found still `running` when the history first opened (the previous process stopped mid-run). */
  interrupted: InterruptedRun[] = []

  constructor(
    readonly dataDir: string,
    private readonly options: HistoryClientOptions = {},
  ) {
    this.log = options.log ?? (() => undefined)
    this.ready = this.start(false, true)
  }

  /** Why there is no history (null while it works). */
  get problem(): string | null {
    return this.problemText
  }

  /** Resolves once the worker has opened the database (or failed to: then `problem` says why). */
  whenReady(): Promise<void> {
    return this.ready
  }

  record(run: RunRecord): void {
    this.recordMany([run])
  }

  /** Records many runs at once (evals, load tests): one transaction for all that arrive in one turn. */
  recordMany(runs: readonly RunRecord[]): void {
    for (const run of runs) {
      this.checkpoints.delete(run.id)
      const source = run.capture
      this.records.push({ ...run, capture: source ? 'later' : null })
      if (source) this.captureLater(run.id, source)
    }
    this.schedule()
  }

  checkpoint(run: RunRecord): void {
    this.checkpoints.set(run.id, { ...run, capture: null })
    this.schedule()
  }

  watch(listener: (run: RecordedRun) => void): () => void {
    this.watchers.add(listener)
    return () => this.watchers.delete(listener)
  }

  dismissInterrupted(): number {
    return this.interrupted.splice(0).length
  }

  /** Asks the worker; a read made after a record sees that run. */
  async call<K extends keyof WorkerCalls>(method: K, ...args: Args<K>): Promise<Answer<K>> {
    await this.ready
    if (this.problemText) throw new AppError('HISTORY_UNAVAILABLE', this.problemText)
    this.flush()
    return new Promise<Answer<K>>((resolve, reject) => {
      const id = ++this.callNo
      this.calls.set(id, { method, args, resolve: resolve as (v: unknown) => void, reject })
      this.worker?.postMessage({ type: 'call', id, method, args })
    })
  }

  /** Ends the worker as a crash would (tests of recovery). */
  async crashForTest(): Promise<void> {
    await this.worker?.terminate()
  }

  async close(): Promise<void> {
    if (this.closing) return
    await this.ready
    this.flush()
    this.closing = true
    const worker = this.worker
    if (!worker) return
    await new Promise<void>((resolve) => {
      this.closed = resolve
      worker.postMessage({ type: 'close' })
      setTimeout(resolve, 10_000).unref()
    })
    await worker.terminate()
  }

  private captureLater(id: string, source: RunCapture | (() => RunCapture)): void {
    // Taken a moment after the run's end, off the path of its terminal event and the window's first reads.
    setTimeout(() => {
      try {
        const capture = typeof source === 'function' ? source() : source
        this.captures.push({ id, capture })
        this.schedule()
      } catch (error) {
        this.log(`history: the capture of run ${id} was not taken: ${(error as Error).message}`)
      }
    }, FOLLOW_UP_DELAY_MS).unref?.()
  }

  private schedule(): void {
    if (this.flushing || this.closing) return
    this.flushing = setImmediate(() => this.flush())
  }

  /** Posts what is queued as one batch (kept until the worker acknowledges it). */
  private flush(): void {
    if (this.flushing) clearImmediate(this.flushing)
    this.flushing = null
    if (!this.worker || this.problemText) return
    if (this.records.length === 0 && this.checkpoints.size === 0 && this.captures.length === 0) return
    const batch: WriteBatch = {
      type: 'write',
      batch: ++this.batchNo,
      records: this.records.splice(0),
      checkpoints: [...this.checkpoints.values()],
      captures: this.captures.splice(0),
    }
    this.checkpoints.clear()
    const secrets = [...(this.options.secrets?.() ?? [])]
    const key = secrets.join('\n')
    if (key !== this.secretsKey) {
      batch.secrets = secrets
      this.secretsKey = key
    }
    this.unacked.set(batch.batch, batch)
    this.worker.postMessage(batch)
  }

  private async start(reclaim: boolean, first: boolean): Promise<void> {
    let entry: Awaited<ReturnType<WorkerEntry>>
    try {
      entry = await (this.options.entry ?? workerEntry)()
    } catch (error) {
      this.problemText = `The history could not start: ${(error as Error).message}`
      return
    }
    const start: WorkerStart = { dataDir: this.dataDir, reclaim }
    const worker = new Worker(entry.file, { eval: entry.eval, workerData: start })
    worker.unref()
    this.worker = worker
    await new Promise<void>((resolve) => {
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'opened') {
          this.problemText = message.problem
          if (message.problem) this.log(message.problem)
          if (first) this.interrupted = message.interrupted
          resolve()
        } else this.receive(message)
      })
      worker.on('error', (error) => this.log(`history: the database worker failed: ${error.message}`))
      worker.on('exit', (code) => {
        resolve()
        if (this.worker === worker) this.died(code)
      })
    })
    if (this.problemText) {
      for (const call of this.calls.values())
        call.reject(new AppError('HISTORY_UNAVAILABLE', this.problemText))
      this.calls.clear()
      return
    }
    // A new worker is given what the one before did not commit or answer, in the order it was sent.
    this.secretsKey = null
    for (const batch of this.unacked.values()) {
      const secrets = [...(this.options.secrets?.() ?? [])]
      worker.postMessage({ ...batch, secrets })
      this.secretsKey = secrets.join('\n')
    }
    for (const [id, call] of this.calls)
      worker.postMessage({ type: 'call', id, method: call.method, args: call.args })
    this.schedule()
  }

  private receive(message: FromWorker): void {
    switch (message.type) {
      case 'ack':
        this.unacked.delete(message.batch)
        return
      case 'reply': {
        const call = this.calls.get(message.id)
        if (!call) return
        this.calls.delete(message.id)
        this.options.onAnswered?.(call.method, message.workerMs)
        if (message.ok) call.resolve(message.value)
        else
          call.reject(
            message.error.code
              ? new AppError(message.error.code as 'HISTORY_UNAVAILABLE', message.error.message)
              : new Error(message.error.message),
          )
        return
      }
      case 'recorded':
        for (const run of message.runs) for (const listener of this.watchers) safely(listener, run, this.log)
        return
      case 'log':
        this.log(message.message)
        return
      case 'closed':
        this.closed?.()
        return
    }
  }

  private died(code: number): void {
    this.worker = null
    if (this.closing) return
    const now = Date.now()
    this.deaths = [...this.deaths.filter((t) => now - t < 60_000), now]
    if (this.deaths.length > MAX_RESTARTS) {
      this.problemText = `The history's database worker stopped ${this.deaths.length} times in a minute (exit code ${code}); runs are not being recorded until the app restarts.`
      this.log(this.problemText)
      for (const call of this.calls.values())
        call.reject(new AppError('HISTORY_UNAVAILABLE', this.problemText))
      this.calls.clear()
      return
    }
    this.log(
      `history: the database worker stopped (exit code ${code}) with ${this.unacked.size} batch(es) of runs not yet committed and ${this.calls.size} call(s) unanswered; starting it again and giving them to it`,
    )
    this.ready = this.start(true, false)
  }
}

function safely(listener: (run: RecordedRun) => void, run: RecordedRun, log: (m: string) => void): void {
  try {
    listener(run)
  } catch (error) {
    log(`history: a watcher failed: ${(error as Error).message}`)
  }
}
