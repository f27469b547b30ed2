// Main alone for the limits benchmark: the app core (router, text service, coalescer, history) in this process
// with an event sink standing in for a window, the simulator at a given rate in its own process, so main's event
// loop carries only main's work. Runs end in text.runEnded; the sink counts each run's coalesced updates.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAppCore } from '../src/main/appCore'
import { ConfSettingsStore } from '../src/main/adapters/ConfSettingsStore'
import { FileSecretStore } from '../src/main/adapters/FileSecretStore'
import type { EventSink } from '../src/main/services/ports'
import type { Events } from '../src/shared/ipc/contract'
import type { RunRequest } from '../src/shared/ipc/text'
import { activeProfileId } from './browserHost'
import { simulatorProcess } from './simulatorProcess'

/**
 * Main alone: the text service and router in this process, the simulator (at `tps`) in its own; in a new data
 * folder, or in `keepDir` (left in place at close).
 */
export async function openMain(tps: number, keepDir?: string) {
  const dataDir = keepDir ?? mkdtempSync(join(tmpdir(), 'bench-main-'))
  const sim = await simulatorProcess(tps)
  const core = await createAppCore({
    kind: 'browser',
    version: 'bench',
    dataDir,
    settings: new ConfSettingsStore(dataDir),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
    openExternal: async () => undefined,
    mediaUrl: (id) => `/media/${id}`,
    startSimulator: async () => sim,
  })
  const waiters = new Map<string, () => void>()
  const eventsPerRun = new Map<string, number>()
  /** When set (by a measurement), each run's update times. */
  let eventTimes: Map<string, number[]> | null = null
  const sink: EventSink<Events> = {
    alive: true,
    emit(name, payload) {
      const runId = (payload as { runId: string }).runId
      if (name === 'text.runEvents') {
        eventsPerRun.set(runId, (eventsPerRun.get(runId) ?? 0) + 1)
        if (eventTimes)
          (eventTimes.get(runId) ?? eventTimes.set(runId, []).get(runId)!).push(performance.now())
      }
      if (name === 'text.runEnded') {
        const status = (payload as { status: string }).status
        if (status !== 'done' && status !== 'aborted') console.error(`  a run ended ${status}`)
        waiters.get(runId)?.()
      }
    },
  }
  const activeId = await activeProfileId(core)
  const request = (text: string, stream: boolean, maxTokens = 400): RunRequest => ({
    profileId: activeId,
    format: 'chat',
    draft: {
      model: 'gpt-4o-mini',
      stream,
      maxTokens,
      messages: [{ role: 'user', parts: [{ type: 'text', text }] }],
    },
  })
  const start = async (req: RunRequest) => {
    const result = await core.router.handle('text.startRun', req, { senderId: 'bench', events: sink })
    if (!result.ok) throw new Error(result.error.message)
    return (result.value as { runId: string }).runId
  }
  /** Starts a run and resolves when its text.runEnded has arrived. */
  const run = async (req: RunRequest) => {
    let resolveEnded!: () => void
    const ended = new Promise<void>((done) => (resolveEnded = done))
    // runEnded is emitted after start resolves (the run proceeds in the background), so registering then is safe.
    const runId = await start(req)
    waiters.set(runId, resolveEnded)
    await ended
    waiters.delete(runId)
  }
  const stop = (runId: string) =>
    core.router.handle('text.stopRun', { runId }, { senderId: 'bench', events: sink })
  return {
    request,
    start,
    run,
    stop,
    eventsPerRun,
    /** Starts recording each run's update times; returns the map being filled. */
    recordEventTimes() {
      eventTimes = new Map()
      return eventTimes
    },
    async close() {
      await core.close()
      await sim.close()
      if (!keepDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
