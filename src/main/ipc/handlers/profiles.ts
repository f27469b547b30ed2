// The profiles domain: thin calls into ProfileService (a core service other domains build on); secrets go in,
// only hints come out. The certificate each profile's last Test connection saw is kept here, in memory, so that
// accepting one names it by fingerprint and main pins only what it saw itself. A copy starts with its source's
// price table.
import { profilesCommands } from '../../../shared/ipc/profiles'
import type { PinnedCert } from '../../../shared/ipc/profileNetwork'
import { checkConnection } from '../../services/connectionCheck'
import { defineDomain } from '../domain'

export const profilesDomain = defineDomain({
  name: 'profiles',
  commands: profilesCommands,
  services: ({ profiles, gateway, costs }) => ({
    profiles,
    gateway,
    prices: costs.prices,
    seen: new Map<string, PinnedCert>(),
  }),
  handlers: ({ profiles, gateway, prices, seen }) => ({
    'profiles.list': () => profiles.list(),
    'profiles.create': (fields) => profiles.create(fields),
    'profiles.update': ({ id, fields }) => profiles.update(id, fields),
    'profiles.duplicate': async ({ id }) => {
      const copy = await profiles.duplicate(id)
      // A copy is the same gateway: its runs are priced as the source's were (the budget stays the source's own).
      const rows = prices.table(id).rows
      if (rows.length) prices.putMany(copy.id, rows, 'replace')
      return copy
    },
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
