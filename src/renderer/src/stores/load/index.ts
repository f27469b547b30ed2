// The Load test panel's state, its one public entry: the store, the form model and the run's points.
export { useLoadStore, shownPoints, type ShownRun } from './loadStore'
export {
  LOAD_FORM_DEFAULTS,
  estimateWords,
  loadFormErrors,
  newTarget,
  parseLevels,
  planOf,
  type LoadForm,
  type TargetRow,
} from './form'
