// The profiles domain: thin calls into ProfileService (a core service other domains build on); secrets go in,
// only hints come out.
import { profilesCommands } from '../../../shared/ipc/profiles'
import { checkConnection } from '../../services/connectionCheck'
import { defineDomain } from '../domain'

export const profilesDomain = defineDomain({
  name: 'profiles',
  commands: profilesCommands,
  services: ({ profiles, gateway }) => ({ profiles, gateway }),
  handlers: ({ profiles, gateway }) => ({
    'profiles.list': () => profiles.list(),
    'profiles.create': (fields) => profiles.create(fields),
    'profiles.update': ({ id, fields }) => profiles.update(id, fields),
    'profiles.duplicate': ({ id }) => profiles.duplicate(id),
    'profiles.delete': ({ id }) => profiles.delete(id),
    'profiles.setActive': ({ id }) => profiles.setActive(id),
    'profiles.setSecret': ({ id, kind, value }) => profiles.setSecret(id, kind, value),
    'profiles.testConnection': async ({ id }) => checkConnection(gateway, await profiles.resolve(id)),
  }),
})
