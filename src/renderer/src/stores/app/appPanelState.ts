// The app's own part of the workspace: which panel is open and the open tab of each panel's tab lists. Each
// change is a click, sent to main at once (no typing to wait for), so the panel a user just opened is the one a
// restart brings back. Main checks the state (shared/workspace/panelStates.ts), so no schema loads here.
import type { AppPanelState } from '../../../../shared/workspace/panelStates'
import { useAppStore, type PanelId } from './appStore'
import { useTabsStore } from './tabsStore'
import type { PanelPersistence } from '../workspace'

export const appPanelPersistence: PanelPersistence<AppPanelState> = {
  panel: 'app',
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
