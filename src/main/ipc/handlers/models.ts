// The models domain: thin calls into the core ModelService (the profile's catalog, gateway list and typed ids,
// favourites), which other domains read too (the Gateway check offers the gateway's own models first).
import { modelsCommands } from '../../../shared/ipc/models'
import { defineDomain } from '../domain'

export const modelsDomain = defineDomain({
  name: 'models',
  commands: modelsCommands,
  services: ({ models }) => models,
  handlers: (models) => ({
    'models.listModels': (input) => models.list(input),
    'models.setFavourite': ({ model, favourite }) => models.setFavourite(model, favourite),
    'models.putCustom': ({ profileId, model, remove }) => models.putCustom(profileId, model, remove),
  }),
  close: (models) => models.flush(),
})
