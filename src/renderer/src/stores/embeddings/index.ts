// The Embeddings panel's state, its one public entry: the embed and rerank drafts, their outcomes and its saved
// state.
export {
  sameItems,
  useEmbeddingsStore,
  type CompareOutcome,
  type EmbedMode,
  type Heatmap,
  type RunKind,
  withText,
} from './embeddingsStore'
export { embeddingsPanelPersistence } from './embeddingsPanelState'
