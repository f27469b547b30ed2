// Handlers of the app domain: host facts and the checked hand-off of links to the OS browser.
import type { appCommands } from '../../../shared/ipc/app'
import type { Events } from '../../../shared/ipc/contract'
import type { Handlers } from '../router'
import { isSafeExternalUrl } from '../../security/externalUrl'
import type { HandlerDeps } from './deps'

export function appHandlers(deps: HandlerDeps): Handlers<typeof appCommands, Events> {
  return {
    'app.getHostInfo': () => deps.hostInfo(),
    'app.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) return { opened: false }
      await deps.openExternal(url)
      return { opened: true }
    },
  }
}
