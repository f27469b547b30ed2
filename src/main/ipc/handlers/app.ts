// The app domain: host facts, the app's settings (kept by ProfileService, which also applies them to profiles)
// and the checked hand-off of links to the OS browser.
import { appCommands } from '../../../shared/ipc/app'
import { isSafeExternalUrl } from '../../security/externalUrl'
import { defineDomain } from '../domain'

export const appDomain = defineDomain({
  name: 'app',
  commands: appCommands,
  services: ({ hostInfo, openExternal, profiles }) => ({ hostInfo, openExternal, profiles }),
  handlers: ({ hostInfo, openExternal, profiles }) => ({
    'app.getHostInfo': () => hostInfo(),
    'app.getSettings': () => profiles.appSettings(),
    'app.updateSettings': (patch) => profiles.updateAppSettings(patch),
    'app.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) return { opened: false }
      await openExternal(url)
      return { opened: true }
    },
  }),
})
