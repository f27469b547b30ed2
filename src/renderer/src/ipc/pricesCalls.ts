// The prices domain for components: a profile's price table (paged, searched, edited row by row, imported and
// exported as files), its monthly budget and this month's spend. Components reach main through here.
import type { Budget, ModelPrice } from '../../../shared/cost/prices'
import type { PriceFileKind } from '../../../shared/ipc/prices'
import type { WorkItem } from '../../../shared/cost/estimate'
import { client } from './client'
import { noteBudget } from './budgetKnown'

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
  setBudget: (profileId: string, budget: Budget | null) => {
    noteBudget(profileId, undefined)
    return client.call('prices.setBudget', { profileId, budget })
  },
  spend: () => client.call('prices.getSpend', {}),
  /** The estimate of batch work before it starts, weighed against the profile's monthly budget. */
  estimateWork: async (profileId: string, items: WorkItem[]) => {
    const r = await client.call('prices.estimateWork', { profileId, items })
    if (r.ok) noteBudget(profileId, r.value.budget)
    return r
  },
}
