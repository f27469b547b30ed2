// What the engine knows of each job while the app runs and never persists: its generation (bumped by cancel,
// delete and retry so older callbacks do nothing), the pending timer and request, the notice and progress shown,
// and the count of consecutive failed queries. Stopping a job cancels both its timer and its request.
import type { LiveState } from './domain'

export interface Runtime extends LiveState {
  /** Bumped by cancel/delete/retry: callbacks of an older generation do nothing. */
  gen: number
  timer: { cancel(): void } | null
  abort: AbortController | null
  pollErrors: number
  lastProgressEmit: number
}

export class Runtimes {
  private readonly byJob = new Map<string, Runtime>()

  of(jobId: string): Runtime {
    let rt = this.byJob.get(jobId)
    if (!rt) {
      rt = {
        gen: 0,
        timer: null,
        abort: null,
        nextPollAt: null,
        notice: null,
        progress: null,
        pollErrors: 0,
        lastProgressEmit: 0,
      }
      this.byJob.set(jobId, rt)
    }
    return rt
  }

  find(jobId: string): Runtime | undefined {
    return this.byJob.get(jobId)
  }

  delete(jobId: string): void {
    this.byJob.delete(jobId)
  }

  /** Cancels the timer and any request, and makes older callbacks stale. */
  stop(jobId: string): void {
    const rt = this.of(jobId)
    rt.gen++
    rt.timer?.cancel()
    rt.timer = null
    rt.abort?.abort()
    rt.abort = null
    rt.nextPollAt = null
    rt.notice = null
    rt.progress = null
    rt.pollErrors = 0
  }

  /** Records download progress; true when the windows should hear of it (at most four times a second). */
  progress(jobId: string, bytes: number, total: number | null, now: number): boolean {
    const rt = this.of(jobId)
    rt.progress = { bytes, total }
    if (now - rt.lastProgressEmit < 250) return false
    rt.lastProgressEmit = now
    return true
  }

  /** At shutdown: every timer and request stops; the records stay as they are. */
  stopAll(): void {
    for (const rt of this.byJob.values()) {
      rt.gen++
      rt.timer?.cancel()
      rt.abort?.abort()
    }
  }
}
