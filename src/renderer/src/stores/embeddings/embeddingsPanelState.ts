// What the Embeddings panel keeps across a reload, a crash or a restart: the open mode, the embed and rerank
// inputs and settings, edited request JSON and the model compared against. Results are not kept (the vectors
// live in main only for the session; a new Embed rebuilds them from the inputs that come back).
import { z } from 'zod'
import { embedDraftSchema, rerankDraftSchema } from '../../../../shared/ipc/embeddings'
import { useEmbeddingsStore } from './embeddingsStore'
import type { PanelPersistence } from '../workspace'

const embeddingsStateSchema = z.object({
  mode: z.enum(['embed', 'rerank']).catch('embed'),
  embedDraft: embedDraftSchema.optional().catch(undefined),
  rerankDraft: rerankDraftSchema.optional().catch(undefined),
  rawBody: z
    .object({ embed: z.string().nullable(), rerank: z.string().nullable() })
    .catch({ embed: null, rerank: null }),
  compareModel: z.string().max(200).optional().catch(undefined),
})
type EmbeddingsPanelState = z.infer<typeof embeddingsStateSchema>

export const embeddingsPanelPersistence: PanelPersistence<EmbeddingsPanelState> = {
  panel: 'embeddings',
  schema: embeddingsStateSchema,
  snapshot() {
    const s = useEmbeddingsStore.getState()
    return {
      mode: s.mode,
      embedDraft: s.embedDraft,
      rerankDraft: s.rerankDraft,
      rawBody: s.rawBody,
      compareModel: s.compareModel,
    }
  },
  restore(saved) {
    const s = useEmbeddingsStore.getState()
    useEmbeddingsStore.setState({
      mode: saved.mode,
      embedDraft: saved.embedDraft ?? s.embedDraft,
      rerankDraft: saved.rerankDraft ?? s.rerankDraft,
      rawBody: saved.rawBody,
      compareModel: saved.compareModel ?? s.compareModel,
    })
  },
  subscribe: (onChange) =>
    useEmbeddingsStore.subscribe((n, p) => {
      if (
        n.mode !== p.mode ||
        n.embedDraft !== p.embedDraft ||
        n.rerankDraft !== p.rerankDraft ||
        n.rawBody !== p.rawBody ||
        n.compareModel !== p.compareModel
      )
        onChange()
    }),
}
