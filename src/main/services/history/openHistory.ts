// Opens the history for the composition root, off the start-up path: nothing is started until a history call, a
// run's record or the scheduled open (`openAfter`, a moment after the host is up) needs it. The database lives in a
// worker thread (historyClient.ts); recording never waits for it. A file that cannot be opened (unreadable, or
// written by a newer app version) leaves the app working without history: the reason is logged and every history
// call answers it, and the file is left untouched for the user to keep.
import { HistoryClient, type HistoryClientOptions } from './historyClient'
import type { RunRecord, RunRecorder } from './ports'

export interface HistoryAccess {
  /** Why there is no history, in words for the user (null while it works or before it opened). */
  readonly problem: string | null
  /** Records into the history, starting it on the first record or checkpoint; never blocks. */
  readonly recorder: RunRecorder & { recordMany(runs: readonly RunRecord[]): void }
  /** The history once it is open (null when it could not be): at the scheduled open if one is pending. */
  whenOpen(): Promise<HistoryClient | null>
  /** Calls `listener` with the history once it is open (at once if it is). */
  onOpen(listener: (client: HistoryClient) => void): void
  /** Opens the history `delayMs` from now unless something needs it sooner. */
  openAfter(delayMs: number): void
  /** Closes the history if it was opened. */
  close(): Promise<void>
}

export function openHistory(dataDir: string, options: HistoryClientOptions = {}): HistoryAccess {
  let client: HistoryClient | null = null
  let opened: Promise<HistoryClient | null> | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let closed = false
  const listeners: ((client: HistoryClient) => void)[] = []
  const waiters: ((client: HistoryClient | null) => void)[] = []

  const open = (): HistoryClient | null => {
    if (closed) return null
    if (client) return client
    if (timer) clearTimeout(timer)
    timer = null
    const started = new HistoryClient(dataDir, options)
    client = started
    opened = started.whenReady().then(() => {
      const usable = started.problem ? null : started
      if (usable) for (const listener of listeners.splice(0)) listener(usable)
      for (const resolve of waiters.splice(0)) resolve(usable)
      return usable
    })
    return started
  }

  return {
    get problem() {
      return client?.problem ?? null
    },
    recorder: {
      record: (run) => open()?.record(run),
      recordMany: (runs) => open()?.recordMany(runs),
      checkpoint: (run) => open()?.checkpoint(run),
    },
    whenOpen() {
      if (closed) return Promise.resolve(null)
      if (!client && timer) return new Promise((resolve) => waiters.push(resolve))
      open()
      return opened!
    },
    onOpen(listener) {
      if (client && !client.problem) listener(client)
      else if (!client) listeners.push(listener)
    },
    openAfter(delayMs) {
      if (client || timer || closed) return
      timer = setTimeout(open, delayMs)
      timer.unref()
    },
    async close() {
      if (timer) clearTimeout(timer)
      timer = null
      closed = true
      for (const resolve of waiters.splice(0)) resolve(null)
      await client?.close()
    },
  }
}
