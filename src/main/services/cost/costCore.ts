// The cost service and the model service built together over one data folder, as the app core and tests need
// them: the model list carries prices the gateway publishes, which the cost service uses where a profile's table
// has no row, and the model list shows the table's prices and limits beside each model.
import type { GatewayClient } from '../gateway'
import { BUILT_IN_PROFILE_ID, type ProfileService } from '../profiles'
import { ModelService } from '../models/modelService'
import { CostService } from './costService'
import { PriceStore } from './priceStore'
import { SpendLedger } from './spendLedger'

export function createCostCore(options: {
  dataDir: string
  profiles: ProfileService
  gateway: GatewayClient
  log?: ((message: string) => void) | undefined
  now?: () => number
}): { costs: CostService; models: ModelService } {
  const { dataDir, log } = options
  const prices = new PriceStore({ dataDir, demoProfileId: BUILT_IN_PROFILE_ID, log })
  const costs = new CostService(prices, new SpendLedger({ dataDir, log }), options.now)
  const models = new ModelService({
    dataDir,
    gateway: options.gateway,
    profiles: options.profiles,
    tablePrice: (profileId, model) => prices.index(profileId).find(model),
    log,
    now: options.now,
  })
  costs.useListedPrices((profileId, ids) => models.listedPrice(profileId, ids))
  return { costs, models }
}
