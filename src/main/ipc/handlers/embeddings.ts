// The embeddings domain: thin calls into the embeddings service, which keeps result sets in main (vectors never
// cross IPC whole) and ends every embed, rerank and check as done, stopped or failed.
import { embeddingsCommands } from '../../../shared/ipc/embeddings'
import { EmbeddingsService } from '../../services/embeddings/embeddingsService'
import { defineDomain } from '../domain'

export const embeddingsDomain = defineDomain({
  name: 'embeddings',
  commands: embeddingsCommands,
  services: (ctx) =>
    new EmbeddingsService({
      profiles: ctx.profiles,
      gateway: ctx.gateway,
      media: ctx.media,
      saveDialog: ctx.saveDialog,
      log: ctx.log,
      recorder: ctx.history.recorder,
      costs: ctx.costs,
    }),
  close: (embeddings) => embeddings.close(),
  handlers: (embeddings) => ({
    'embeddings.embed': (input) => embeddings.embed(input),
    'embeddings.stop': ({ requestId }) => embeddings.stop(requestId),
    'embeddings.rerank': (input) => embeddings.rerank(input),
    'embeddings.preview': (input) => embeddings.preview(input),
    'embeddings.getHeatmap': ({ setId }) => embeddings.getHeatmap(setId),
    'embeddings.getCosine': ({ setId, i, j }) => embeddings.getCosine(setId, i, j),
    'embeddings.getRows': ({ setId, offset, limit }) => embeddings.getRows(setId, offset, limit),
    'embeddings.getVector': ({ setId, index }) => embeddings.getVector(setId, index),
    'embeddings.getNeighbours': ({ setId, index, k }) => embeddings.getNeighbours(setId, index, k),
    'embeddings.crossCheck': (input) => embeddings.crossCheck(input),
    'embeddings.rankByEmbedding': (input) => embeddings.rankByEmbedding(input),
    'embeddings.exportSet': ({ setId, format }) => embeddings.exportSet(setId, format),
    'embeddings.readTextFile': ({ mediaId, column }) => embeddings.readTextFile(mediaId, column),
  }),
})
