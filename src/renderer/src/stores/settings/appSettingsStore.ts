// The app's settings as main keeps them (theme, the Text panel's defaults). The theme is applied to the page as
// soon as it is known or changed; the Text panel takes its defaults from here through the store effects
// (stores/effects), once when the settings first arrive, and then they only guide which model a change of
// format picks.
import { create } from 'zustand'
import type { AppSettings, AppSettingsPatch, Theme } from '../../../../shared/ipc/app'
import { client, type Pending } from '../../ipc/client'

interface AppSettingsState {
  settings: AppSettings | null
  error: string | null
  /** Reads the settings from main (`answer`: the call already sent at start-up). */
  load(answer?: Pending<'app.getSettings'>): Promise<void>
  /** Saves a change through main (which validates it) and answers the settings as saved. */
  update(patch: AppSettingsPatch): Promise<AppSettings>
  /** Shows the theme at once and saves it; on a refusal the previous theme comes back and the error is thrown. */
  chooseTheme(theme: Theme): Promise<void>
}

/** `system` follows the OS (prefers-color-scheme); light and dark override it. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement
  if (theme === 'system') delete root.dataset.theme
  else root.dataset.theme = theme
}

export const useAppSettingsStore = create<AppSettingsState>((set, get) => ({
  settings: null,
  error: null,
  async load(answer) {
    const result = await (answer ?? client.call('app.getSettings'))
    if (!result.ok) return set({ error: result.error.message })
    set({ settings: result.value, error: null })
    applyTheme(result.value.theme)
  },
  async update(patch) {
    const saved = await client.invoke('app.updateSettings', patch)
    set({ settings: saved, error: null })
    applyTheme(saved.theme)
    return saved
  },
  async chooseTheme(theme) {
    const before = get().settings
    if (!before) return
    set({ settings: { ...before, theme } })
    applyTheme(theme)
    try {
      await get().update({ theme })
    } catch (error) {
      set({ settings: before })
      applyTheme(before.theme)
      throw error
    }
  },
}))
