// Runs the checks main must not run inline (a pattern only JavaScript's backtracking engine runs, RE2 on a large
// answer, any JSON Schema validation) in one worker thread, one job at a time, each under a time limit (the
// thread's CPU time where Linux tells it). A job over its limit ends as "timeout" and the worker is terminated and
// replaced, so main's event loop never waits on a regular expression. The worker runs code written here as text (no second build entry), loading Ajv and re2js by
// the paths main resolved.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { PatternPlan } from '../../../shared/cases/safePattern'

/** A runnable plan: RE2's source and flags, or JavaScript's pattern and flags. */
export type RunnablePlan =
  { engine: 're2'; source: string; re2Flags: number } | { engine: 'js'; pattern: string; flags: string }

export type PatternJob =
  | { op: 'match'; plan: RunnablePlan; text: string }
  /** Validates `value` against `schema`; every pattern in it is planned in `patterns` (key: `flags/pattern`). */
  | { op: 'schema'; schema: Record<string, unknown>; patterns: Record<string, RunnablePlan>; value: unknown }

export type PatternJobResult =
  | { ok: true; matched: boolean }
  | { ok: true; valid: boolean; errors: string[] }
  | { ok: false; reason: 'timeout' | 'failed'; message: string }

/** The plan for the worker of a pattern `planPattern` accepted. */
export function runnable(plan: PatternPlan, pattern: string, flags: string): RunnablePlan | null {
  if (!plan.ok) return null
  return plan.engine === 're2'
    ? { engine: 're2', source: plan.source, re2Flags: plan.re2Flags }
    : { engine: 'js', pattern, flags }
}

// CommonJS, because an eval'd worker is a script: `require` by absolute path works in Node and in Electron's asar.
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads')
const { RE2JS } = require(workerData.re2js)
const Ajv = require(workerData.ajv).default
// A runaway check must not take CPU from main's thread: on Linux a thread has its own nice value, and main reads
// this thread's CPU time by its id.
let tid = 0
try {
  tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()) || 0
  if (tid > 0) require('node:os').setPriority(tid, 19)
} catch {}
const compile = (plan) => (plan.engine === 're2' ? RE2JS.compile(plan.source, plan.re2Flags) : new RegExp(plan.pattern, plan.flags))
let patterns = {}
const regExp = (pattern, flags) => {
  const key = flags + '/' + pattern
  const plan = patterns[key]
  if (!plan) throw new Error('pattern ' + JSON.stringify(pattern) + ' was not planned')
  const rx = compile(plan)
  return { test: (text) => rx.test(text), toString: () => key }
}
regExp.code = 'safePattern'
// One Ajv (a new one compiles the meta-schema again), renewed with the cache of validators it serves.
let ajv = null
const validators = new Map()
function validator(schema) {
  const key = JSON.stringify(schema)
  let found = validators.get(key)
  if (!found) {
    if (!ajv || validators.size > 200) {
      ajv = new Ajv({ allErrors: true, strict: false, logger: false, code: { regExp } })
      validators.clear()
    }
    found = ajv.compile(schema)
    ajv.removeSchema(schema)
    validators.set(key, found)
  }
  return found
}
function run(job) {
  if (job.op === 'match') return { ok: true, matched: compile(job.plan).test(job.text) }
  patterns = job.patterns
  const validate = validator(job.schema)
  if (validate(job.value)) return { ok: true, valid: true, errors: [] }
  const errors = (validate.errors || []).slice(0, 3).map((e) => (e.instancePath || '(root)') + ' ' + (e.message || ''))
  return { ok: true, valid: false, errors }
}
parentPort.on('message', (job) => {
  let reply
  try {
    reply = run(job)
  } catch (error) {
    reply = { ok: false, reason: 'failed', message: String((error && error.message) || error) }
  }
  parentPort.postMessage(reply)
})
// A first Ajv compiles the meta-schema: done before the first job's clock starts.
validator({ type: 'object' })
parentPort.postMessage({ ready: true, tid })
`

/** CPU milliseconds a thread of this process has used (Linux), or null where that cannot be read. */
function threadCpuMs(tid: number): number | null {
  if (!tid) return null
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

/** A job may wait this many times its limit in wall time for CPU a busy machine does not give its thread. */
const STARVED_WALL_FACTOR = 3

interface Queued {
  job: PatternJob
  limitMs: number
  resolve: (result: PatternJobResult) => void
}

const STOPPED: PatternJobResult = { ok: false, reason: 'failed', message: 'stopped' }

export class PatternWorker {
  private worker: Worker | null = null
  /** Set once the worker has loaded Ajv and re2js: a job's time limit starts when it can run, not while loading. */
  private ready = false
  /** The worker thread's id on Linux (0 elsewhere): its CPU time is what a job's limit counts. */
  private tid = 0
  private readonly queue: Queued[] = []
  private current: (Queued & { timer: NodeJS.Timeout }) | null = null
  /** Workers started so far (a replaced worker counts again); for tests and diagnostics. */
  started = 0

  /** True while a job runs in the worker. */
  get busy(): boolean {
    return this.current !== null
  }

  /**
   * Runs one job; resolves (never rejects) with its result, a timeout or the worker's failure. Aborting `signal`
   * drops the job if it waits, or ends the worker if it runs (a stopped matrix does not wait for its checks).
   */
  run(job: PatternJob, limitMs: number, signal?: AbortSignal): Promise<PatternJobResult> {
    if (signal?.aborted) return Promise.resolve(STOPPED)
    return new Promise((resolve) => {
      const queued: Queued = { job, limitMs, resolve }
      signal?.addEventListener('abort', () => this.drop(queued), { once: true })
      this.queue.push(queued)
      this.next()
    })
  }

  private drop(queued: Queued): void {
    const at = this.queue.indexOf(queued)
    if (at >= 0) {
      this.queue.splice(at, 1)
      queued.resolve(STOPPED)
    } else if (this.current?.resolve === queued.resolve) {
      const running = this.worker
      this.worker = null
      void running?.terminate()
      this.finish(STOPPED)
    }
  }

  /** Ends the worker; jobs still waiting fail. */
  async close(): Promise<void> {
    const worker = this.worker
    this.worker = null
    for (const q of this.queue.splice(0))
      q.resolve({ ok: false, reason: 'failed', message: 'the checker was closed' })
    this.finish({ ok: false, reason: 'failed', message: 'the checker was closed' })
    if (worker) await worker.terminate()
  }

  private spawn(): Worker {
    const require = createRequire(import.meta.url)
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ajv: require.resolve('ajv'), re2js: require.resolve('re2js') },
      // A runaway job may grow memory too; the worker dies at this bound instead of the process.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    })
    this.started += 1
    worker.on('message', (result: PatternJobResult | { ready: true; tid: number }) => {
      if (worker !== this.worker) return
      if ('ready' in result) {
        this.ready = true
        this.tid = result.tid
        this.next()
      } else this.finish(result)
    })
    worker.on('error', (error) => {
      if (worker !== this.worker) return
      this.worker = null
      this.failOrRetry(`the checker stopped: ${error.message}`)
    })
    worker.on('exit', () => {
      if (worker !== this.worker) return
      this.worker = null
      this.failOrRetry('the checker stopped')
    })
    return worker
  }

  private next(): void {
    if (this.current) return
    if (this.queue.length === 0) {
      // Idle: the worker must not keep a command-line run alive.
      this.worker?.unref()
      return
    }
    try {
      if (!this.worker) {
        this.ready = false
        this.worker = this.spawn()
      }
      this.worker.ref()
    } catch (error) {
      this.worker = null
      const message = `the checker could not start: ${(error as Error).message}`
      for (const q of this.queue.splice(0)) q.resolve({ ok: false, reason: 'failed', message })
      return
    }
    if (!this.ready) return
    const queued = this.queue.shift()!
    this.worker.postMessage(queued.job)
    const startedAt = performance.now()
    const cpuAtStart = threadCpuMs(this.tid)
    const expire = () => {
      // The limit counts the worker's CPU time where it can be read: on a machine busy with other work the
      // thread (niced) may have had little of it, and a check that did not get its second waits longer.
      const cpu = cpuAtStart === null ? null : threadCpuMs(this.tid)
      const used = cpu === null ? queued.limitMs : cpu - cpuAtStart!
      const waited = performance.now() - startedAt
      if (used < queued.limitMs && waited < queued.limitMs * STARVED_WALL_FACTOR) {
        this.current!.timer = setTimeout(expire, Math.max(queued.limitMs - used, 50))
        return
      }
      // The job is still running: only ending the thread stops a backtracking regular expression.
      const stuck = this.worker
      this.worker = null
      void stuck?.terminate()
      this.finish({ ok: false, reason: 'timeout', message: `over ${queued.limitMs} ms` })
    }
    this.current = { ...queued, timer: setTimeout(expire, queued.limitMs) }
  }

  /** The worker died: the job it ran fails; one that was waiting for it to load fails too, so none waits forever. */
  private failOrRetry(message: string): void {
    if (this.current) this.finish({ ok: false, reason: 'failed', message })
    else for (const q of this.queue.splice(0)) q.resolve({ ok: false, reason: 'failed', message })
  }

  private finish(result: PatternJobResult): void {
    const current = this.current
    if (!current) return
    this.current = null
    clearTimeout(current.timer)
    current.resolve(result)
    this.next()
  }
}

/** The one checker main shares: cases from the app and from the command line. */
export const patternWorker = new PatternWorker()
