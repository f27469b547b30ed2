// An EventSink that records what a window would receive, with a way to wait for a run's terminal event.
import type { EventSink } from '../../src/main/services/ports'
import type { Events } from '../../src/shared/ipc/contract'
import type { RunEvent } from '../../src/shared/ipc/text'
import type { EventPayload } from '../../src/shared/ipc/define'
import type { Exchange } from '../../src/shared/ipc/exchange'

/**
 * A run's end as a window ends up holding it: text.runEnded, with the exchange that follows it
 * (text.runExchange, emitted in the same turn) filled in, or null when none followed.
 */
export type RunEnded = EventPayload<Events['text.runEnded']> & { exchange: Exchange | null }

export class RecordingSink implements EventSink<Events> {
  alive = true
  readonly received: { name: string; payload: unknown; at: number }[] = []
  private waiters = new Map<string, (ended: RunEnded) => void>()
  private readonly endings = new Map<string, RunEnded>()

  emit(name: string, payload: unknown): void {
    this.received.push({ name, payload: structuredClone(payload), at: performance.now() })
    if (name === 'text.runEnded') {
      const ended = { ...structuredClone(payload as RunEnded), exchange: null }
      this.endings.set(ended.runId, ended)
      // Awaiters resume after this turn, by when the exchange that follows the end has been emitted too.
      this.waiters.get(ended.runId)?.(ended)
    } else if (name === 'text.runExchange') {
      const { runId, exchange } = payload as { runId: string; exchange: Exchange }
      const ended = this.endings.get(runId)
      if (ended) ended.exchange = structuredClone(exchange)
    }
  }

  ended(runId: string, timeoutMs = 15_000): Promise<RunEnded> {
    const done = this.endings.get(runId)
    if (done) return Promise.resolve(done)
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`run ${runId} did not end within ${timeoutMs} ms`)),
        timeoutMs,
      )
      this.waiters.set(runId, (e) => {
        clearTimeout(t)
        resolve(e)
      })
    })
  }

  events(runId: string): RunEvent[] {
    return this.received
      .filter((r) => r.name === 'text.runEvents' && (r.payload as { runId: string }).runId === runId)
      .flatMap((r) => (r.payload as { events: RunEvent[] }).events)
  }

  text(runId: string, kind: 'text' | 'reasoning' = 'text'): string {
    return this.events(runId)
      .map((e) => (e.type === kind ? e.delta : ''))
      .join('')
  }

  endedCount(runId: string): number {
    return this.received.filter((r) => r.name === 'text.runEnded' && (r.payload as RunEnded).runId === runId)
      .length
  }
}
