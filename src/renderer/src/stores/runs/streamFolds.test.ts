// The stream pace (streamFolds) against a real zustand store and real timers and animation frames: a run's
// events reach the store at most once per STREAM_DRAW_MS, every run that is due folds in one update, a run whose
// answer's end is out of view folds less often, an end folds everything at once, and a forgotten run takes
// nothing more.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { create } from 'zustand'
import type { RunEvent } from '../../../../shared/ipc/text'
import { newRun, type RunView } from './runFold'
import { STREAM_DRAW_MS } from './streamPace'
import { createStreamFolds, UNSEEN_GAP_MS } from './streamFolds'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const text = (delta: string): RunEvent[] => [{ type: 'text', delta }]

function setup(onFrame: boolean, ...runIds: string[]) {
  const store = create<{ runs: Record<string, RunView> }>(() => ({
    runs: Object.fromEntries(runIds.map((id) => [id, newRun(id, 'chat', 'm')])),
  }))
  /** Each store update: when, and the text of every run then. */
  const updates: { at: number; texts: Record<string, string> }[] = []
  const stop = store.subscribe((s) =>
    updates.push({
      at: performance.now(),
      texts: Object.fromEntries(Object.entries(s.runs).map(([id, r]) => [id, r.text])),
    }),
  )
  return { store, updates, folds: createStreamFolds(store, { onFrame }), stop }
}

let teardown: (() => void) | undefined
afterEach(() => teardown?.())

/** Sends `pieces` to `runs` one message every `every` ms (each run gets every piece). */
async function stream(
  folds: ReturnType<typeof createStreamFolds>,
  runs: string[],
  pieces: string[],
  every: number,
) {
  for (const piece of pieces) {
    for (const runId of runs) folds.queue(runId, text(piece))
    await sleep(every)
  }
}

describe('streamFolds', () => {
  it('folds a streaming run into the store at most once per STREAM_DRAW_MS, and loses nothing', async () => {
    const { store, updates, folds, stop } = setup(true, 'r1')
    teardown = stop
    const pieces = Array.from({ length: 60 }, (_, i) => `${i},`)
    const started = performance.now()
    await stream(folds, ['r1'], pieces, 5)
    folds.foldAllNow()
    const took = performance.now() - started
    // About 60 messages came; the store changed a handful of times. A fold is taken by the frame it falls due
    // in (up to a frame early in a browser, whose frame then comes at its vsync), never twice within that.
    const gap = STREAM_DRAW_MS - 20
    expect(updates.length).toBeGreaterThan(2)
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(took / gap) + 1)
    for (let i = 1; i < updates.length - 1; i++)
      expect(updates[i]!.at - updates[i - 1]!.at).toBeGreaterThanOrEqual(gap)
    // Every fold is a prefix of the stream, and the end holds all of it in order.
    for (const u of updates) expect(pieces.join('').startsWith(u.texts.r1!)).toBe(true)
    expect(store.getState().runs.r1!.text).toBe(pieces.join(''))
  })

  it('folds every run that is due in one store update', async () => {
    const { store, updates, folds, stop } = setup(true, 'a', 'b', 'c')
    teardown = stop
    await stream(folds, ['a', 'b', 'c'], ['x', 'y', 'z', 'w'], 30)
    await sleep(STREAM_DRAW_MS + 40)
    // The three runs moved together: no update changed one run's text without the others'.
    for (const u of updates) expect(new Set([u.texts.a, u.texts.b, u.texts.c]).size).toBe(1)
    expect(store.getState().runs.c!.text).toBe('xyzw')
  })

  it('folds a run whose answer end is out of view every UNSEEN_GAP_MS, and at once when it ends', async () => {
    const { store, updates, folds, stop } = setup(true, 'r1')
    teardown = stop
    folds.setEndSeen('r1', false)
    await stream(
      folds,
      ['r1'],
      Array.from({ length: 40 }, () => 'a'),
      10,
    )
    const folded = updates.length
    // About 400 ms of messages: the first fold at once, then at most one per 250 ms.
    expect(folded).toBeLessThanOrEqual(Math.ceil(400 / UNSEEN_GAP_MS) + 2)
    folds.queue('r1', text('end'))
    folds.foldAllNow()
    expect(store.getState().runs.r1!.text).toBe('a'.repeat(40) + 'end')
  })

  it('takes nothing more into a run it was told to forget', async () => {
    const { store, folds, stop } = setup(true, 'r1')
    teardown = stop
    folds.queue('r1', text('kept'))
    folds.foldAllNow()
    folds.queue('r1', text(' dropped'))
    folds.forget('r1')
    await sleep(STREAM_DRAW_MS * 3)
    expect(store.getState().runs.r1!.text).toBe('kept')
  })

  it('folds on a timer when asked to, without waiting for an animation frame', async () => {
    const frames = vi.spyOn(globalThis, 'requestAnimationFrame')
    const { store, updates, folds, stop } = setup(false, 'r1')
    teardown = () => (stop(), frames.mockRestore())
    const pieces = Array.from({ length: 30 }, (_, i) => `${i};`)
    const started = performance.now()
    await stream(folds, ['r1'], pieces, 5)
    await sleep(STREAM_DRAW_MS + 20)
    const took = performance.now() - started
    expect(frames).not.toHaveBeenCalled()
    expect(store.getState().runs.r1!.text).toBe(pieces.join(''))
    expect(updates.length).toBeGreaterThan(1)
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(took / STREAM_DRAW_MS) + 1)
    for (let i = 1; i < updates.length; i++)
      expect(updates[i]!.at - updates[i - 1]!.at).toBeGreaterThanOrEqual(STREAM_DRAW_MS - 2)
  })
})
