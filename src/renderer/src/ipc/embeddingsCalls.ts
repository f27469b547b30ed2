// The embeddings domain's calls that panels make outside the embeddings store: the request preview and reading
// an imported text file as a list. Components reach main through here, never the client.
import type { CommandInput } from '../../../shared/ipc/define'
import type { Commands } from '../../../shared/ipc/contract'
import { client } from './client'

export const embeddingsCalls = {
  preview: (request: CommandInput<Commands['embeddings.preview']>) =>
    client.call('embeddings.preview', request),
  readTextFile: (mediaId: string, column?: string) =>
    client.call('embeddings.readTextFile', { mediaId, ...(column ? { column } : {}) }),
}
