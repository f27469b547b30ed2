// What a run started by a service (a matrix cell, an eval cell, a judge) sends to its "window": the answer's text
// deltas and the one terminal event, collected so the caller can wait for the end and read the text.
import type { Events } from '../../../shared/ipc/contract'
import type { EventPayload } from '../../../shared/ipc/define'
import type { EventSink } from '../ports'

export type RunEnded = EventPayload<Events['text.runEnded']>

/** Collects what a run sends to its window: the answer's text deltas and the one terminal event. */
export class CollectingSink implements EventSink<Events> {
  readonly alive = true
  private readonly texts = new Map<string, string[]>()
  private readonly waiters = new Map<string, (ended: RunEnded) => void>()
  private readonly ended = new Map<string, RunEnded>()

  emit(name: string, payload: unknown): void {
    if (name === 'text.runEvents') {
      const { runId, events } = payload as EventPayload<Events['text.runEvents']>
      const parts = this.texts.get(runId) ?? []
      for (const e of events) if (e.type === 'text') parts.push(e.delta)
      this.texts.set(runId, parts)
    } else if (name === 'text.runEnded') {
      const ended = payload as RunEnded
      this.ended.set(ended.runId, ended)
      this.waiters.get(ended.runId)?.(ended)
    }
  }

  wait(runId: string): Promise<RunEnded> {
    const done = this.ended.get(runId)
    if (done) return Promise.resolve(done)
    return new Promise((resolve) => this.waiters.set(runId, resolve))
  }

  text(runId: string): string {
    return (this.texts.get(runId) ?? []).join('')
  }

  /** Forgets a run once its caller has read it (a long eval would otherwise keep every answer). */
  release(runId: string): void {
    this.texts.delete(runId)
    this.ended.delete(runId)
    this.waiters.delete(runId)
  }
}
