// The panels whose state loads after the first paint, in their own chunk with their stores.
import type { PanelPersistence } from './persistPanel'
import { comparePanelPersistence } from './comparePanelState'
import { embeddingsPanelPersistence } from './embeddingsPanelState'
import { imagesPanelPersistence, videoPanelPersistence } from './mediaPanelsState'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const OTHER_PANELS: PanelPersistence<any>[] = [
  comparePanelPersistence,
  embeddingsPanelPersistence,
  imagesPanelPersistence,
  videoPanelPersistence,
]
