// A watchdog for answers read as streams (a query's JSON, a download): once armed, it aborts the request when no
// byte arrived for `idleMs`, so a server that sent its headers and then went silent ends in a visible error
// instead of a job that neither progresses nor fails. The caller's own signal stops it too.
export interface IdleGuard {
  /** Pass to the request: aborts on the caller's signal or when the answer goes idle. */
  readonly signal: AbortSignal
  /** True once the guard fired. */
  readonly stalled: boolean
  /** Starts (or restarts) the idle clock: call when headers arrived and on every chunk. */
  touch(): void
  /** Stops the clock (the answer ended). */
  done(): void
}

export function idleGuard(parent: AbortSignal, idleMs: number): IdleGuard {
  const own = new AbortController()
  let timer: ReturnType<typeof setTimeout> | null = null
  let stalled = false
  const clear = () => {
    if (timer) clearTimeout(timer)
    timer = null
  }
  parent.addEventListener('abort', clear, { once: true })
  return {
    signal: AbortSignal.any([parent, own.signal]),
    get stalled() {
      return stalled
    },
    touch() {
      clear()
      if (parent.aborted || own.signal.aborted) return
      timer = setTimeout(() => {
        stalled = true
        own.abort()
      }, idleMs)
    },
    done: clear,
  }
}
