// The models domain for components: a profile's model list (searched in main), favourites, ids the
// user keeps. Components reach main through here, never the client.
import type { ModelKind } from '../../../shared/ipc/models'
import { client } from './client'

export const modelsCalls = {
  list: (input: { profileId: string; query?: string; kind?: ModelKind; limit: number; refresh?: boolean }) =>
    client.call('models.listModels', input),
  setFavourite: (model: string, favourite: boolean) =>
    client.call('models.setFavourite', { model, favourite }),
  keep: (profileId: string, model: string, remove?: boolean) =>
    client.call('models.putCustom', { profileId, model, ...(remove ? { remove } : {}) }),
}

