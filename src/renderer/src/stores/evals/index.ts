// The Evals panel's state, its one public entry: the store, the form model and its checks, the kept runs, the dataset table.
export { ROWS_PAGE, useEvalsStore, type EvalRunState } from './evalsStore'
export { evalCellKey } from './runWindow'
export { evalFormErrors, FORM_GRADER_KINDS, type FormGraderKind, type GraderRow } from './form'
export { usePastRuns } from './pastRuns'
export { evalsPanelPersistence } from './evalsPanelState'
export { evalWork } from './work'
export { editsSettled, TABLE_PAGE, useDatasetTable } from './datasetTable'
export { staleVariables, useDatasetColumns, writeNewName } from './datasetColumns'
