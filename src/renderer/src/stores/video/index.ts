// The Video panel's state, its one public entry: the form drafts per model, submit, the player and its saved
// state (the jobs themselves are the jobs store's).
export { useVideoStore } from './videoStore'
export { videoPanelPersistence } from './videoPanelState'
