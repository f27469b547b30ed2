// The history domain for panels: pages of recorded runs, one run opened whole, deletes, exports, retention.
// Components reach main through here or the history store, never the client.
import type { HistoryFilter } from '../../../shared/ipc/history'
import { client } from './client'

export const historyCalls = {
  listRuns: (filter: HistoryFilter, offset: number, limit: number) =>
    client.invoke('history.listRuns', { ...filter, offset, limit }),
  listFacets: () => client.invoke('history.listFacets', {}),
  getRun: (id: string) => client.invoke('history.getRun', { id }),
  deleteRuns: (ids: string[]) => client.invoke('history.deleteRuns', { ids }),
  exportRuns: (input: { ids?: string[]; filter?: HistoryFilter }) =>
    client.invoke('history.exportRuns', input),
  getStorage: () => client.invoke('history.getStorage', {}),
  setRetention: (days: number) => client.invoke('history.setRetention', { days }),
  watchRuns: (watching: boolean) => client.invoke('history.watchRuns', { watching }),
  onRunRecorded: (listener: () => void) => client.on('history.runRecorded', listener),
  listInterrupted: () => client.invoke('history.listInterrupted', {}),
  dismissInterrupted: () => client.invoke('history.dismissInterrupted', {}),
}
