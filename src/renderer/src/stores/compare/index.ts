// The Compare panel's state, its one public entry: the shared draft and its columns (the form as data), the store,
// the carried turns main owns (their view and the commands that change them),
// each column's run, its tool rounds and its timeline lane, the columns' stream pace, the live lanes, the export, and its saved
// state.
export {
  columnDraft,
  columnLabel,
  columnLoss,
  EXTRAS_SCHEMA,
  MAX_COLUMNS,
  oneFormatSeveralModels,
  oneModelAllFormats,
  type SharedDraft,
} from './compareForm'
export {
  columnProfile,
  compareHasUnsentWork,
  useColumnRun,
  useCompareStore,
  type ColumnPreview,
  type ColumnRound,
  type LaneState,
} from './compareStore'
export { columnRequest, dropCarriedTurns, openCompareTurns, openInCompareDraft } from './compareTurns'
export {
  anyRunning,
  countTokens,
  openTimeline,
  rerunColumn,
  runAll,
  sendColumnToolResults,
  stopAll,
  stopColumn,
} from './compareRuns'
export { roundTurns } from './compareToolRounds'
export { setAnswerEndSeen } from './compareFolds'
export { liveLane, onLiveLanes, type LiveLane } from './compareLiveLanes'
export { exportComparison } from './compareExport'
export { comparePanelPersistence } from './comparePanelState'
