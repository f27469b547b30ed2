// The prices domain: thin calls into PricesService (tables, files, budgets, spend, estimates); the cost service
// itself is core, built once in appCore, so every domain that ends runs prices them the same way.
import { pricesCommands } from '../../../shared/ipc/prices'
import { PricesService } from '../../services/cost/pricesService'
import { defineDomain } from '../domain'

export const pricesDomain = defineDomain({
  name: 'prices',
  commands: pricesCommands,
  services: ({ costs, media, profiles }) => new PricesService(costs, media, profiles),
  handlers: (prices) => ({
    'prices.listPrices': ({ profileId, query, offset, limit }) =>
      prices.list(profileId, query, offset, limit),
    'prices.putPrice': ({ profileId, price, previousModel }) =>
      prices.costs.prices.put(profileId, { ...price, source: 'user' }, previousModel),
    'prices.deletePrices': ({ profileId, models }) => prices.costs.prices.delete(profileId, models),
    'prices.importFile': (input) => prices.importFile(input),
    'prices.exportPrices': ({ profileId, kind }) => prices.exportFile(profileId, kind),
    'prices.setBudget': ({ profileId, budget }) => ({
      budget: prices.costs.prices.setBudget(profileId, budget),
    }),
    'prices.getSpend': () => prices.spend(),
    'prices.estimateWork': ({ profileId, items }) => prices.estimateWork(profileId, items),
  }),
  close: (prices) => prices.costs.flush(),
})
