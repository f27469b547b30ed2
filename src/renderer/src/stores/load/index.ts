// The Load test panel's state, its one public entry: the store, the form model and the run's points.
export { useLoadStore, shownPoints } from './loadStore'
export { estimateWords, loadFormErrors, newTarget, sameSetup, simTokensOffered } from './form'
export { loadWork } from './work'
export { loadPanelPersistence } from './loadPanelState'
