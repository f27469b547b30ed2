// The load test domain: runs started for the window that asked (their progress coalesced to it, one end), kept
// runs listed, reopened, paged and exported, two runs compared, Locust's results read; every run stops when its
// window goes or the app closes.
import { loadCommands } from '../../../shared/ipc/load'
import type { Events } from '../../../shared/ipc/contract'
import { LoadService } from '../../services/load/loadService'
import type { Handlers } from '../router'
import { defineDomain } from '../domain'

export function loadHandlers(load: LoadService): Handlers<typeof loadCommands, Events> {
  return {
    'load.start': (input, ctx) => load.start(input, ctx.events),
    'load.stop': ({ runId }) => load.stop(runId),
    'load.listRuns': () => load.listRuns(),
    'load.openRun': ({ runId }) => load.openRun(runId),
    'load.points': ({ runId, offset, limit }) => load.points(runId, offset, limit),
    'load.request': ({ runId, index }) => load.request(runId, index),
    'load.export': ({ runId, format, keyEnv }) => load.export(runId, format, keyEnv),
    'load.diff': (input) => load.diff(input),
    'load.importLocust': ({ text }) => load.importLocust(text),
    'load.deleteRun': ({ runId }) => load.deleteRun(runId),
  }
}

export const loadDomain = defineDomain({
  name: 'load',
  commands: loadCommands,
  services: ({ profiles, gateway, media, dataDir, history, costs }) =>
    new LoadService({
      profiles,
      gateway,
      media,
      dataDir,
      history: history.recorder,
      costs,
      readCase: async (suiteId, caseId) => {
        const client = await history.whenOpen()
        if (!client) return null
        const suites = await client.call('suites')
        return suites.find((s) => s.id === suiteId)?.cases.find((c) => c.id === caseId) ?? null
      },
    }),
  handlers: loadHandlers,
  close: (load) => load.stopAll(),
})
