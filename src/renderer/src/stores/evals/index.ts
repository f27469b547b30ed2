// The Evals panel's state, its one public entry: the store, the form model and its checks.
export { evalCellKey, ROWS_PAGE, useEvalsStore, type EvalRunState } from './evalsStore'
export { evalFormErrors, FORM_GRADER_KINDS, type FormGraderKind, type GraderRow } from './form'
