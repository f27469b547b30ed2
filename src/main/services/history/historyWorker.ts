// The history's worker thread: it owns the database (historyStore.ts) so no query, write or index merge ever
// runs on main's event loop. Write batches commit in one transaction each and are acknowledged after; calls are
// answered by id; between messages it moves an earlier layout's runs over, merges the search index and applies
// the retention setting, a small step at a time so a call never waits long behind them.
import { parentPort, workerData } from 'node:worker_threads'
import { HistoryStore } from './historyStore'
import { scrubSecrets } from '../redact'
import { workerCalls, type WorkerContext } from './workerCalls'
import type { FromWorker, ToWorker, WorkerStart, WriteBatch } from './workerProtocol'
import { claimDatabase } from './staleLock'
import { join } from 'node:path'
import { HISTORY_FILE } from './historyStore'
import { applyRunRetention } from './retention'

const port = parentPort
if (!port) throw new Error('the history worker runs only as a worker thread')
const start = workerData as WorkerStart
const send = (message: FromWorker) => port.postMessage(message)
const log = (message: string) => send({ type: 'log', message })
/** Runs recorded between two index merges. */
const MERGE_EVERY = 2_000
const RETENTION_EVERY_MS = 60 * 60 * 1000

let store: HistoryStore | null = null
try {
  if (start.reclaim) claimDatabase(join(start.dataDir, HISTORY_FILE), true)
  store = new HistoryStore(start.dataDir, { log })
  send({ type: 'opened', problem: null, interrupted: store.interrupted })
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  send({ type: 'opened', problem: `The history database could not be opened: ${message}`, interrupted: [] })
}

const context: WorkerContext = { store: store!, busy: false }
let sinceMerge = 0
let moves = 0
let background: ReturnType<typeof setImmediate> | null = null

function write(batch: WriteBatch): Promise<void> {
  const s = context.store
  if (batch.secrets) {
    const secrets = batch.secrets
    s.setRedact((text) => scrubSecrets(text, secrets))
  }
  if (batch.checkpoints.length) s.checkpointMany(batch.checkpoints)
  if (batch.records.length) {
    s.recordMany(batch.records)
    sinceMerge += batch.records.length
    // One notice for the batch: a thousand runs of a load test refresh a window's list once.
    const last = batch.records.at(-1)!
    send({
      type: 'recorded',
      runs: [{ id: last.id, kind: last.kind, createdAt: last.createdAt, count: batch.records.length }],
    })
  }
  schedule()
  return Promise.all(batch.captures.map((c) => s.writeCapture(c.id, c.capture))).then(() => undefined)
}

/** One step of the work done between messages; answers whether more is left. */
function step(): boolean {
  const s = context.store
  if (s.layout.active) {
    const done = s.layout.step(s)
    if (done || ++moves % 20 === 0) s.checkpointLog()
    if (done) s.mergeIndex(0)
    return true
  }
  // An earlier version's index: its words listed for prefix search, a step at a time.
  if (s.search.terms.listing) return s.search.terms.listStep()
  if (sinceMerge >= MERGE_EVERY) {
    sinceMerge = 0
    s.mergeIndex(200)
    return true
  }
  return false
}

function schedule(): void {
  if (background || !store) return
  background = setImmediate(() => {
    background = null
    try {
      if (step()) schedule()
    } catch (error) {
      log(`history: background work failed: ${(error as Error).message}`)
    }
  })
}

async function retention(): Promise<void> {
  if (!store || store.layout.active) return
  try {
    const dropped = await applyRunRetention(store)
    if (dropped > 0) log(`history: dropped ${dropped} run(s) past the retention setting`)
  } catch (error) {
    log(`history: the retention setting was not applied: ${(error as Error).message}`)
  }
}

if (store) {
  schedule()
  setTimeout(() => void retention(), 5_000).unref()
  setInterval(() => void retention(), RETENTION_EVERY_MS).unref()
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'close') {
    void (async () => {
      if (background) clearImmediate(background)
      await store?.close()
      send({ type: 'closed' })
    })()
    return
  }
  if (!store) {
    if (message.type === 'call')
      send({
        type: 'reply',
        id: message.id,
        workerMs: 0,
        ok: false,
        error: { code: 'HISTORY_UNAVAILABLE', message: 'The history is not available.' },
      })
    return
  }
  if (message.type === 'write') {
    Promise.resolve()
      .then(() => write(message))
      .then(
        () => send({ type: 'ack', batch: message.batch }),
        (error: unknown) => {
          // Not acknowledged: the client gives the batch again to the next worker.
          log(`history: a batch of runs was not written: ${(error as Error).message}`)
        },
      )
    return
  }
  const call = workerCalls[message.method as keyof typeof workerCalls]
  const started = performance.now()
  const workerMs = () => performance.now() - started
  Promise.resolve()
    .then(() => {
      if (!call) throw new Error(`no history call ${message.method}`)
      return (call as (ctx: WorkerContext, ...args: unknown[]) => unknown)(context, ...message.args)
    })
    .then(
      (value) => send({ type: 'reply', id: message.id, workerMs: workerMs(), ok: true, value }),
      (error: unknown) =>
        send({
          type: 'reply',
          id: message.id,
          workerMs: workerMs(),
          ok: false,
          error: {
            code: (error as { code?: string }).code ?? null,
            message: error instanceof Error ? error.message : String(error),
          },
        }),
    )
})
