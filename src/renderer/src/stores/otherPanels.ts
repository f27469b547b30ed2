// The panels whose state loads after the first paint, in their own chunk with their stores.
import type { PanelPersistence } from './workspace'
import { comparePanelPersistence } from './compare'
export { openCompareTurns } from './compare'
import { embeddingsPanelPersistence } from './embeddings'
import { evalsPanelPersistence } from './evals'
import { imagesPanelPersistence } from './images'
import { videoPanelPersistence } from './video'
import { loadPanelPersistence } from './load'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const OTHER_PANELS: PanelPersistence<any>[] = [
  comparePanelPersistence,
  embeddingsPanelPersistence,
  evalsPanelPersistence,
  imagesPanelPersistence,
  videoPanelPersistence,
  loadPanelPersistence,
]
