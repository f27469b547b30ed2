// Handlers for every route, each a thin call into a service. They receive parsed input and never see a
// WebContents or a socket: the transport (Electron or browser mode) is invisible here.
import type { Commands, Events } from '../../shared/ipc/contract'
import type { HostInfo } from '../../shared/ipc/app'
import type { Handlers } from './router'
import type { ProfileService } from '../services/profiles'
import type { GatewayClient } from '../services/gateway'
import { testConnection } from '../services/connectionTest'
import { isSafeExternalUrl } from '../services/externalUrl'

export interface HandlerDeps {
  profiles: ProfileService
  gateway: GatewayClient
  hostInfo: () => HostInfo
  /** Opens a URL in the OS browser; only ever called with a URL that passed isSafeExternalUrl. */
  openExternal: (url: string) => Promise<void>
}

export function createHandlers(deps: HandlerDeps): Handlers<Commands, Events> {
  const { profiles } = deps
  return {
    'app.getHostInfo': () => deps.hostInfo(),
    'app.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) return { opened: false }
      await deps.openExternal(url)
      return { opened: true }
    },
    'profiles.list': () => profiles.list(),
    'profiles.create': (fields) => profiles.create(fields),
    'profiles.update': ({ id, fields }) => profiles.update(id, fields),
    'profiles.duplicate': ({ id }) => profiles.duplicate(id),
    'profiles.delete': ({ id }) => profiles.delete(id),
    'profiles.setActive': ({ id }) => profiles.setActive(id),
    'profiles.setSecret': ({ id, kind, value }) => profiles.setSecret(id, kind, value),
    'profiles.testConnection': async ({ id }) => testConnection(deps.gateway, await profiles.resolve(id)),
  }
}
