// The History panel's state, its one public entry: the filter, the pages of runs loaded, the selection and the
// opened run.
export { useHistoryStore } from './historyStore'
export type { HistorySums } from './historyStore'
