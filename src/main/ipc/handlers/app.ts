// The app domain: host facts and the checked hand-off of links to the OS browser.
import { appCommands } from '../../../shared/ipc/app'
import { isSafeExternalUrl } from '../../security/externalUrl'
import { defineDomain } from '../domain'

export const appDomain = defineDomain({
  name: 'app',
  commands: appCommands,
  services: ({ hostInfo, openExternal }) => ({ hostInfo, openExternal }),
  handlers: ({ hostInfo, openExternal }) => ({
    'app.getHostInfo': () => hostInfo(),
    'app.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) return { opened: false }
      await openExternal(url)
      return { opened: true }
    },
  }),
})
