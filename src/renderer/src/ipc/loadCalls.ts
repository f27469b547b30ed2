// The load test domain for panels: start and stop a run, kept runs and their points, one request's exchange,
// exports, the diff of two runs, Locust's results, and the run's events. Components reach main through here or
// the load store, never the client.
import type { CommandInput, EventPayload } from '../../../shared/ipc/define'
import type { Commands, Events } from '../../../shared/ipc/contract'
import { client } from './client'
import { importFile, type ImportableFile } from './importFile'

export const loadCalls = {
  start: (input: CommandInput<Commands['load.start']>) => client.invoke('load.start', input),
  stop: (runId: string) => client.invoke('load.stop', { runId }),
  listRuns: () => client.invoke('load.listRuns', {}),
  openRun: (runId: string) => client.invoke('load.openRun', { runId }),
  points: (runId: string, offset: number, limit: number) =>
    client.invoke('load.points', { runId, offset, limit }),
  request: (runId: string, index: number) => client.invoke('load.request', { runId, index }),
  export: (input: CommandInput<Commands['load.export']>) => client.invoke('load.export', input),
  diff: (input: CommandInput<Commands['load.diff']>) => client.invoke('load.diff', input),
  importLocust: (text: string) => client.invoke('load.importLocust', { text }),
  deleteRun: (runId: string) => client.invoke('load.deleteRun', { runId }),
  /** Brings a file of prompts into main (in chunks); answers its media id. */
  importPrompts: async (file: ImportableFile) => (await importFile(client, file)).mediaId,
  onProgress: (listener: (payload: EventPayload<Events['load.progress']>) => void) =>
    client.on('load.progress', listener),
  onEnded: (listener: (payload: EventPayload<Events['load.ended']>) => void) =>
    client.on('load.ended', listener),
}
