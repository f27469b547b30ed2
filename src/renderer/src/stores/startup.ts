// The page's start-up in one wave: every call the first screen needs (the saved workspace and conversation, the
// host's facts, the profiles, the settings) is sent at once; the answers are applied in order (the workspace
// first, so the Text panel's starting defaults know whether it came back) and then the shell mounts. Work that
// can wait runs once the first screen is up (whenStarted). The top of the stores: it names the panels the
// workspace keeps and installs the reactions between stores.
import { client } from '../ipc/client'
import { appPanelPersistence, firstScreenMounted, useAppStore } from './app'
import { installStoreEffects } from './effects'
import { useProfilesStore } from './profiles'
import { useAppSettingsStore } from './settings'
import { openTextConversation, textPanelPersistence } from './text'
import { startWorkspace } from './workspace'

/** Sends the start-up calls, applies their answers and mounts (`mount`), waiting at most `timeoutMs` for main. */
export async function startApp(mount: () => void, timeoutMs = 3000): Promise<void> {
  installStoreEffects()
  const host = client.call('app.getHostInfo')
  const profiles = client.call('profiles.list')
  const settings = client.call('app.getSettings')
  const workspace = {
    first: [appPanelPersistence, textPanelPersistence],
    opening: openTextConversation,
    // The other panels' saved state loads in a chunk of its own, with their stores.
    // Compare's carried turns (main keeps them) are opened as that chunk arrives.
    later: () =>
      import('./otherPanels').then((m) => {
        void m.openCompareTurns()
        return m.OTHER_PANELS
      }),
  }
  const answered = startWorkspace(workspace, timeoutMs).then(() =>
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
