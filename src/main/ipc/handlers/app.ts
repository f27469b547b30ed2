// The app domain: host facts, the app's settings (kept by ProfileService, which also applies them to profiles)
// and the checked hand-off of links to the OS browser.
import { appCommands } from '../../../shared/ipc/app'
import { isSafeExternalUrl } from '../../security/externalUrl'
import { PageErrorLog } from '../../services/pageErrors'
import { defineDomain } from '../domain'

export const appDomain = defineDomain({
  name: 'app',
  commands: appCommands,
  services: ({ hostInfo, openExternal, profiles, log }) => ({
    hostInfo,
    openExternal,
    profiles,
    pageErrors: new PageErrorLog(log, () => profiles.knownSecrets()),
  }),
  handlers: ({ hostInfo, openExternal, profiles, pageErrors }) => ({
    'app.getHostInfo': () => hostInfo(),
    'app.getSettings': () => profiles.appSettings(),
    'app.updateSettings': (patch) => profiles.updateAppSettings(patch),
    'app.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) return { opened: false }
      await openExternal(url)
      return { opened: true }
    },
    'app.reportError': (report) => ({ logged: pageErrors.report(report) }),
  }),
})
