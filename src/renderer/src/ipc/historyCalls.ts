// The history domain for panels: pages of recorded runs, one run opened whole, deletes, exports, retention.
// Components reach main through here or the history store, never the client.
import type { HistoryFilter, HistorySort, HistorySumBy, RunRetention } from '../../../shared/ipc/history'
import { client } from './client'

export const historyCalls = {
  listRuns: (filter: HistoryFilter, offset: number, limit: number, sort: HistorySort = 'newest') =>
    client.invoke('history.listRuns', { ...filter, offset, limit, sort }),
  /** Sums by day in this window's time zone. */
  sumRuns: (filter: HistoryFilter, by: HistorySumBy) =>
    client.invoke('history.sumRuns', { ...filter, by, tzOffsetMinutes: -new Date().getTimezoneOffset() }),
  pinRuns: (ids: string[], pinned: boolean) => client.invoke('history.pinRuns', { ids, pinned }),
  setRunRetention: (retention: RunRetention) => client.invoke('history.setRunRetention', retention),
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
