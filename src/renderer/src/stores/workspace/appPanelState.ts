// The app's own part of the workspace: which panel is open and the open tab of each panel's tab lists. Each
// change is a click, sent to main at once (no typing to wait for), so the panel a user just opened is the one a
// restart brings back.
import { z } from 'zod'
import { useAppStore, type PanelId } from '../appStore'
import { useTabsStore } from '../tabsStore'
import type { PanelPersistence } from './persistPanel'

const appStateSchema = z.object({
  // A panel id that no longer exists opens the first panel (the shell falls back to it).
  panel: z.string().max(40).catch('text'),
  tabs: z.record(z.string().max(100), z.string().max(100)).catch({}),
})
type AppPanelState = z.infer<typeof appStateSchema>

export const appPanelPersistence: PanelPersistence<AppPanelState> = {
  panel: 'app',
  schema: appStateSchema,
  saveDelayMs: 0,
  snapshot: () => ({ panel: useAppStore.getState().panel, tabs: useTabsStore.getState().tabs }),
  restore(saved) {
    useAppStore.getState().setPanel(saved.panel as PanelId)
    useTabsStore.setState({ tabs: saved.tabs })
  },
  subscribe(onChange) {
    const a = useAppStore.subscribe((n, p) => n.panel !== p.panel && onChange())
    const b = useTabsStore.subscribe((n, p) => n.tabs !== p.tabs && onChange())
    return () => (a(), b())
  },
}
