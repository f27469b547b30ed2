// Handlers of the profiles domain: thin calls into ProfileService; secrets go in, only hints come out.
import type { profilesCommands } from '../../../shared/ipc/profiles'
import type { Events } from '../../../shared/ipc/contract'
import type { Handlers } from '../router'
import { checkConnection } from '../../services/connectionCheck'
import type { HandlerDeps } from './deps'

export function profilesHandlers({
  profiles,
  gateway,
}: HandlerDeps): Handlers<typeof profilesCommands, Events> {
  return {
    'profiles.list': () => profiles.list(),
    'profiles.create': (fields) => profiles.create(fields),
    'profiles.update': ({ id, fields }) => profiles.update(id, fields),
    'profiles.duplicate': ({ id }) => profiles.duplicate(id),
    'profiles.delete': ({ id }) => profiles.delete(id),
    'profiles.setActive': ({ id }) => profiles.setActive(id),
    'profiles.setSecret': ({ id, kind, value }) => profiles.setSecret(id, kind, value),
    'profiles.testConnection': async ({ id }) => checkConnection(gateway, await profiles.resolve(id)),
  }
}
