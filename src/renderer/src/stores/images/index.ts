// The Images panel's state, its one public entry: one draft per mode, submit, the lightbox and its saved state
// (the jobs themselves are the jobs store's).
export { useImagesStore, type ImagesTab } from './imagesStore'
export { imagesPanelPersistence } from './imagesPanelState'
