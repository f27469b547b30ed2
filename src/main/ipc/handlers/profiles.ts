// The profiles domain: thin calls into ProfileService (a core service other domains build on); secrets go in,
// only hints come out. The certificate each profile's last Test connection saw is kept here, in memory, so that
// accepting one names it by fingerprint and main pins only what it saw itself.
import { profilesCommands } from '../../../shared/ipc/profiles'
import type { PinnedCert } from '../../../shared/ipc/profileNetwork'
import { checkConnection } from '../../services/connectionCheck'
import { defineDomain } from '../domain'

export const profilesDomain = defineDomain({
  name: 'profiles',
  commands: profilesCommands,
  services: ({ profiles, gateway }) => ({ profiles, gateway, seen: new Map<string, PinnedCert>() }),
  handlers: ({ profiles, gateway, seen }) => ({
    'profiles.list': () => profiles.list(),
    'profiles.create': (fields) => profiles.create(fields),
    'profiles.update': ({ id, fields }) => profiles.update(id, fields),
    'profiles.duplicate': ({ id }) => profiles.duplicate(id),
    'profiles.delete': async ({ id }) => {
      const answer = await profiles.delete(id)
      seen.delete(id)
      gateway.network.forget(id)
      return answer
    },
    'profiles.setActive': ({ id }) => profiles.setActive(id),
    'profiles.setSecret': ({ id, kind, value }) => profiles.setSecret(id, kind, value),
    'profiles.testConnection': async ({ id }) => {
      seen.delete(id)
      return checkConnection(gateway, await profiles.resolve(id), (cert) => {
        if (seen.size > 64) seen.clear()
        seen.set(id, cert)
      })
    },
    'profiles.trustCertificate': ({ id, fingerprint256 }) =>
      profiles.trustCertificate(id, fingerprint256, seen.get(id) ?? null),
  }),
})
