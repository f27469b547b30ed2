// What makes the simulator behave like a loaded server: a capacity of requests generated at once (beyond it a
// request waits in a first-come queue before its headers, so its time to first token grows with the load), a
// requests-per-minute limit answered with 429 and Retry-After (a sliding window of the last 60 s), and the
// jitter of each stream's first-token delay and speed. Applies to model requests only (text, embeddings, rerank),
// never to console or video polling.

/** How long the window of the per-minute limit is, ms. */
const WINDOW_MS = 60_000

export interface AdmissionOptions {
  /** Requests generated at once; 0 = unlimited. */
  capacity: number
  /** Requests admitted per minute; 0 = unlimited. */
  requestsPerMinute: number
}

export type Admitted = { release(): void } | { retryAfterMs: number }

export class Admission {
  private active = 0
  private readonly waiting: (() => void)[] = []
  /** Admission times within the window, oldest first. */
  private readonly admitted: number[] = []

  constructor(
    private readonly options: AdmissionOptions,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get queued(): number {
    return this.waiting.length
  }

  get running(): number {
    return this.active
  }

  /**
   * Admits a request: refused with the wait until the window has room when the per-minute limit is reached,
   * else queued until a slot of the capacity is free. `gone` resolves when the client went away while queued.
   */
  async admit(gone: Promise<void>): Promise<Admitted | null> {
    const { requestsPerMinute, capacity } = this.options
    if (requestsPerMinute > 0) {
      const t = this.now()
      while (this.admitted.length > 0 && this.admitted[0]! <= t - WINDOW_MS) this.admitted.shift()
      if (this.admitted.length >= requestsPerMinute)
        return { retryAfterMs: Math.max(1, this.admitted[0]! + WINDOW_MS - t) }
      this.admitted.push(t)
    }
    if (capacity > 0 && this.active >= capacity) {
      let leave = (): void => undefined
      const turn = new Promise<boolean>((resolve) => {
        const take = (): void => resolve(true)
        this.waiting.push(take)
        leave = () => {
          const at = this.waiting.indexOf(take)
          if (at >= 0) this.waiting.splice(at, 1)
          resolve(false)
        }
      })
      void gone.then(() => leave())
      // The slot was handed over by release() (active unchanged), or the client left and nothing is held.
      if (!(await turn)) return null
    } else this.active += 1
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        const next = this.waiting.shift()
        if (next) next()
        else this.active -= 1
      },
    }
  }
}

/** A normal deviate (Box–Muller): jitter around a set value. */
function gaussian(): number {
  const u = 1 - Math.random()
  const v = Math.random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

/** The first-token delay of one stream: `ms` with a normal jitter of `jitterMs` (one standard deviation), never below 0. */
export function jitteredDelay(ms: number, jitterMs: number): number {
  if (jitterMs <= 0) return ms
  return Math.max(0, ms + gaussian() * jitterMs)
}

/**
 * The speed of one stream: `tps` varied by a normal factor of standard deviation `fraction` (0.2 = ±20 %),
 * kept between a tenth and three times the set speed. 0 (as fast as possible) stays 0.
 */
export function jitteredSpeed(tps: number, fraction: number): number {
  if (tps <= 0 || fraction <= 0) return tps
  return tps * Math.min(3, Math.max(0.1, 1 + gaussian() * fraction))
}
