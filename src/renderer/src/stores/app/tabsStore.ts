// The open tab of each panel's tab lists (the Text request views, Images' task, …), kept with the workspace so
// a reload opens each panel where the user left it. A panel reads its tab with `usePanelTab(key, fallback)`.
import { create } from 'zustand'

interface TabsState {
  tabs: Record<string, string>
  setTab(key: string, tab: string): void
}

export const useTabsStore = create<TabsState>((set, get) => ({
  tabs: {},
  setTab: (key, tab) => set({ tabs: { ...get().tabs, [key]: tab } }),
}))

/** The tab open under `key` (one of `allowed`, else `fallback`) and its setter, like useState. */
export function usePanelTab<T extends string>(
  key: string,
  allowed: readonly T[],
  fallback: T,
): [T, (tab: T) => void] {
  const saved = useTabsStore((s) => s.tabs[key])
  const tab = allowed.includes(saved as T) ? (saved as T) : fallback
  return [tab, (next: T) => useTabsStore.getState().setTab(key, next)]
}

/** Opens `tab` under `key` from outside the panel (a shortcut, the command palette). */
export function openPanelTab(key: string, tab: string): void {
  useTabsStore.getState().setTab(key, tab)
}
