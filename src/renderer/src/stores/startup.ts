// The page's start-up in one wave: every call the first screen needs (the saved workspace and conversation, the
// host's facts, the profiles, the settings) is sent at once; the answers are applied in order (the workspace
// first, so the Text panel's starting defaults know whether it came back) and then the shell mounts. Work that
// can wait runs once the first screen is up (stores/firstScreen).
import type { Route } from '../../../shared/ipc/contract'
import { client } from '../ipc/client'
import { useAppStore } from './app/appStore'
import { useAppSettingsStore } from './settings/appSettingsStore'
import { useProfilesStore } from './profiles/profilesStore'
import { startWorkspace } from './workspace'
import { firstScreenMounted } from './app/firstScreen'

/** An answer from main already on its way (the start-up sends it before the stores ask). */
export type Pending<K extends Route> = ReturnType<typeof client.call<K>>

/** Sends the start-up calls, applies their answers and mounts (`mount`), waiting at most `timeoutMs` for main. */
export async function startApp(mount: () => void, timeoutMs = 3000): Promise<void> {
  const host = client.call('app.getHostInfo')
  const profiles = client.call('profiles.list')
  const settings = client.call('app.getSettings')
  const answered = startWorkspace(timeoutMs).then(() =>
    Promise.all([
      useAppStore.getState().init(host),
      useProfilesStore.getState().load(profiles),
      useAppSettingsStore.getState().load(settings),
    ]),
  )
  // A slow main still gets a screen: the stores fill in when their answers arrive.
  await Promise.race([answered, new Promise((r) => setTimeout(r, timeoutMs))])
  mount()
  firstScreenMounted()
}
