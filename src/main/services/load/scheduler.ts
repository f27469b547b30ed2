// When each request of a load test is sent: the steps (each target through each level) one after another; in a
// step, the warm-up requests first, then the measured ones until the level's count is sent or its seconds have
// passed. Concurrency levels are a closed loop (n requests in flight, the next sent as one ends); rate levels are
// an open loop (Poisson arrivals: exponential gaps at the rate, sent whatever is in flight, up to `maxInFlight`,
// past which an arrival waits and is counted). A stop sends nothing more and aborts what is in flight.
import { setMaxListeners } from 'node:events'
import type { LoadShape, LoadStep } from '../../../shared/load/plan'

export interface Issue {
  step: LoadStep
  /** The request's index in the run, in send order. */
  index: number
  warmup: boolean
  /** Rate levels: the arrival waited for a place because `maxInFlight` requests were going. */
  waited: boolean
}

export interface SchedulerOptions {
  shape: LoadShape
  steps: LoadStep[]
  /** Sends one request; resolves when it has ended (never rejects). */
  send: (issue: Issue, stop: AbortSignal) => Promise<void>
  /** Called as a step starts (before its first request). */
  onStep?: (step: LoadStep) => void
  /** Random numbers for the arrivals (tests give a seeded one). */
  random?: () => number
}

export class LoadScheduler {
  private readonly stopper = new AbortController()
  private next = 0

  constructor(private readonly options: SchedulerOptions) {
    // Each request in flight listens for the stop (hundreds at a time in a rate level): not a leak.
    setMaxListeners(0, this.stopper.signal)
  }

  get stopped(): boolean {
    return this.stopper.signal.aborted
  }

  stop(): void {
    this.stopper.abort()
  }

  /** Runs every step; resolves once the last request has ended (or, after a stop, every request in flight). */
  async run(): Promise<void> {
    for (const step of this.options.steps) {
      if (this.stopped) return
      this.options.onStep?.(step)
      await (this.options.shape.mode === 'concurrency' ? this.closedLoop(step) : this.openLoop(step))
    }
  }

  private issue(step: LoadStep, sentInStep: number, waited = false): Issue {
    return { step, index: this.next++, warmup: sentInStep < this.options.shape.warmup, waited }
  }

  /** Whether the step may send its `sent`-th request (0-based) at time `now`. */
  private mayContinue(sent: number, measuredStart: number | null): boolean {
    const { per, amount, warmup } = this.options.shape
    if (this.stopped) return false
    if (sent < warmup) return true
    if (per === 'requests') return sent < warmup + amount
    return measuredStart === null || performance.now() - measuredStart < amount * 1000
  }

  private async closedLoop(step: LoadStep): Promise<void> {
    let sent = 0
    let measuredStart: number | null = null
    const worker = async () => {
      while (this.mayContinue(sent, measuredStart)) {
        const issue = this.issue(step, sent++)
        if (!issue.warmup) measuredStart ??= performance.now()
        await this.options.send(issue, this.stopper.signal)
      }
    }
    await Promise.all(Array.from({ length: step.level }, worker))
  }

  private async openLoop(step: LoadStep): Promise<void> {
    const random = this.options.random ?? Math.random
    const { maxInFlight } = this.options.shape
    const rate = step.level
    let sent = 0
    let measuredStart: number | null = null
    let inFlight = 0
    const going = new Set<Promise<void>>()
    let freed: (() => void) | null = null
    const start = performance.now()
    let due = start
    while (this.mayContinue(sent, measuredStart)) {
      due += (-Math.log(1 - random()) / rate) * 1000
      const wait = due - performance.now()
      if (wait > 0) await sleep(wait, this.stopper.signal)
      if (!this.mayContinue(sent, measuredStart)) break
      let waited = false
      while (inFlight >= maxInFlight && !this.stopped) {
        waited = true
        await new Promise<void>((resolve) => (freed = resolve))
      }
      if (this.stopped) break
      const issue = this.issue(step, sent++, waited)
      if (!issue.warmup) measuredStart ??= performance.now()
      inFlight++
      const p: Promise<void> = this.options.send(issue, this.stopper.signal).finally(() => {
        inFlight--
        going.delete(p)
        const wake = freed
        freed = null
        wake?.()
      })
      going.add(p)
    }
    await Promise.all(going)
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}
