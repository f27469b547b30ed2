// The Gateway check panel's state, its one public entry: the form, the check being run or last run, its cells.
export { checkFormErrors, modelList, useCheckStore, type CheckRunState } from './checkStore'
export { checkPlan } from './work'
