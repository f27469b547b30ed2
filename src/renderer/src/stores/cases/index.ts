// The Cases panel's state, its one public entry: the suites, the chosen one, its targets and the matrix.
export { cellKey, targetErrors, useCasesStore, type MatrixState } from './casesStore'
export { matrixPlan } from './work'
