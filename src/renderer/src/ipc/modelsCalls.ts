// The models and prices domains for components: a profile's model list (searched in main), favourites, ids the
// user keeps, and the price calls of Settings. Components reach main through here, never the client.
import type { ModelKind } from '../../../shared/ipc/models'
import type { Budget, ModelPrice } from '../../../shared/cost/prices'
import type { PriceFileKind } from '../../../shared/ipc/prices'
import type { WorkItem } from '../../../shared/cost/estimate'
import { client } from './client'

export const modelsCalls = {
  list: (input: { profileId: string; query?: string; kind?: ModelKind; limit: number; refresh?: boolean }) =>
    client.call('models.listModels', input),
  setFavourite: (model: string, favourite: boolean) =>
    client.call('models.setFavourite', { model, favourite }),
  keep: (profileId: string, model: string, remove?: boolean) =>
    client.call('models.putCustom', { profileId, model, ...(remove ? { remove } : {}) }),
}

export const pricesCalls = {
  list: (profileId: string, query: string, offset: number, limit: number) =>
    client.call('prices.listPrices', { profileId, ...(query ? { query } : {}), offset, limit }),
  put: (profileId: string, price: ModelPrice, previousModel?: string) =>
    client.call('prices.putPrice', { profileId, price, ...(previousModel ? { previousModel } : {}) }),
  remove: (profileId: string, models: string[]) => client.call('prices.deletePrices', { profileId, models }),
  importFile: (profileId: string, mediaId: string, mode: 'merge' | 'replace') =>
    client.call('prices.importFile', { profileId, mediaId, mode }),
  exportFile: (profileId: string, kind: PriceFileKind) =>
    client.call('prices.exportPrices', { profileId, kind }),
  setBudget: (profileId: string, budget: Budget | null) =>
    client.call('prices.setBudget', { profileId, budget }),
  spend: () => client.call('prices.getSpend', {}),
  estimateWork: (profileId: string, items: WorkItem[]) =>
    client.call('prices.estimateWork', { profileId, items }),
}
