// Reactions between stores, kept in one place outside the stores (as middleware, not as subscriptions planted in
// one store by another): the Text panel follows the app's active profile, takes its starting defaults when the
// settings first arrive (unless the saved workspace brought it back), and a change of format then picks the
// default model for it. Installed once by the start-up, before any answer from main is applied.
import type { AppSettings } from '../../../shared/ipc/app'
import { useProfilesStore } from './profiles'
import { useAppSettingsStore } from './settings'
import { modelAfterFormatChange, startingText, startingTextFor, useTextStore } from './text'
import { wasRestored } from './workspace'

let installed = false

/** Installs every reaction between stores (once; later calls do nothing). */
export function installStoreEffects(): void {
  if (installed) return
  installed = true
  // The active profile changed (Settings' "Use this profile", another panel): Text follows it.
  useProfilesStore.subscribe((next, prev) => {
    if (next.activeId !== prev.activeId && useTextStore.getState().profileId !== null)
      useTextStore.setState({ profileId: null })
  })
  // The settings arrived from main (late, on a slow start): the Text panel takes its defaults.
  useAppSettingsStore.subscribe((next, prev) => {
    if (next.settings && !prev.settings) startText(next.settings)
  })
}

let textStarted = false

/** Once per app start: the Text panel takes its defaults, and format changes follow the default models. */
function startText(settings: AppSettings): void {
  if (textStarted) return
  textStarted = true
  // Written straight to the store: these are the panel's starting values, not edits by the user.
  // A Text panel brought back from the saved workspace keeps its own format and model, and what the user chose
  // before the settings arrived (a slow start) is kept too.
  if (!wasRestored('text')) {
    const text = useTextStore.getState()
    useTextStore.setState(startingTextFor(startingText(settings.text, text.model), text.touched))
  }
  useTextStore.subscribe((next, prev) => {
    if (next.format === prev.format) return
    const defaults = useAppSettingsStore.getState().settings?.text
    const model = defaults && modelAfterFormatChange(defaults, prev, next.format)
    if (model && model !== next.model) useTextStore.setState({ model })
  })
}
