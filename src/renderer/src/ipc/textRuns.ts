// Text runs addressed to their owner: the store that starts a run names it and registers itself here before
// main hears of it, and this one subscription hands each `text.runEvents` / `text.runEnded` / `text.runExchange`
// to that owner only (Text's run never reaches Compare's store, nor the reverse). An owner is released by its
// run's terminal event (or the exchange that follows it) or when it ends the run on its own side; the live wire
// (Inspector) observes every run's events.
import type { Events } from '../../../shared/ipc/contract'
import type { CommandInput, EventPayload } from '../../../shared/ipc/define'
import type { Commands } from '../../../shared/ipc/contract'
import { client } from './client'

export type RunEventsPayload = EventPayload<Events['text.runEvents']>
export type RunEndedPayload = EventPayload<Events['text.runEnded']>
export type RunExchangePayload = EventPayload<Events['text.runExchange']>

/** The store that started a run: it alone folds the run's events, its end and the exchange that follows. */
export interface RunOwner {
  events(payload: RunEventsPayload): void
  ended(payload: RunEndedPayload): void
  exchanged(payload: RunExchangePayload): void
}

const owners = new Map<string, RunOwner>()
/** Owners of runs that ended and whose exchange is still to come (it is sent right after the end). */
const settling = new Map<string, RunOwner>()
const observers = new Set<(payload: RunEventsPayload) => void>()
let subscribed = false

function subscribe(): void {
  if (subscribed) return
  subscribed = true
  client.on('text.runEvents', (payload) => {
    for (const observe of observers) observe(payload)
    owners.get(payload.runId)?.events(payload)
  })
  client.on('text.runEnded', (payload) => {
    const owner = owners.get(payload.runId)
    owners.delete(payload.runId)
    if (owner && payload.exchangeFollows) settling.set(payload.runId, owner)
    owner?.ended(payload)
  })
  client.on('text.runExchange', (payload) => {
    const owner = settling.get(payload.runId)
    settling.delete(payload.runId)
    // After the frame that shows the run's end: the Inspector's record can wait that long, the answer's end not.
    if (owner) afterNextFrame(() => owner.exchanged(payload))
  })
}

/** Runs `f` once the next frame has been drawn (at once in a hidden page, which draws no frames). */
function afterNextFrame(f: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden')
    return void setTimeout(f, 0)
  requestAnimationFrame(() => setTimeout(f, 0))
}

export const textRuns = {
  /** Registers `owner` for the run named in `input`, then asks main to start it (rejects as invoke does). */
  start(input: CommandInput<Commands['text.startRun']> & { runId: string }, owner: RunOwner) {
    subscribe()
    owners.set(input.runId, owner)
    return client.invoke('text.startRun', input)
  },
  /** Asks main to stop a run; `stopped: false` when main no longer has it going. */
  stop: (runId: string) => client.call('text.stopRun', { runId }),
  /** The owner ended the run on its own side (main never heard of it, or no longer knows it). */
  release(runId: string): void {
    owners.delete(runId)
    settling.delete(runId)
  },
  /** Every run's events, for views of the wire rather than of one run (the Inspector's live frames). */
  observe(listener: (payload: RunEventsPayload) => void): () => void {
    subscribe()
    observers.add(listener)
    return () => observers.delete(listener)
  },
}
