// The panels whose state loads after the first paint, in their own chunk with their stores.
import type { PanelPersistence } from './workspace/persistPanel'
import { comparePanelPersistence } from './compare/comparePanelState'
import { embeddingsPanelPersistence } from './embeddings/embeddingsPanelState'
import { imagesPanelPersistence, videoPanelPersistence } from './images/imagesPanelState'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const OTHER_PANELS: PanelPersistence<any>[] = [
  comparePanelPersistence,
  embeddingsPanelPersistence,
  imagesPanelPersistence,
  videoPanelPersistence,
]
