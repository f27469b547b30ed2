// App-wide state: host facts, the visible panel, and whether the bridge to main is connected.
import { create } from 'zustand'
import type { HostInfo } from '../../../../shared/ipc/app'
import { client, wsBridge, type Pending } from '../../ipc/client'

export type PanelId =
  | 'text'
  | 'compare'
  | 'video'
  | 'images'
  | 'jobs'
  | 'embeddings'
  | 'history'
  | 'cases'
  | 'evals'
  | 'check'
  | 'load'
  | 'settings'

interface AppState {
  host: HostInfo | null
  panel: PanelId
  connected: boolean
  loadError: string | null
  setPanel(panel: PanelId): void
  /** Follows the bridge's connection and reads the host's facts (`answer`: the call already sent). */
  init(answer?: Pending<'app.getHostInfo'>): Promise<void>
}

export const useAppStore = create<AppState>((set) => ({
  host: null,
  panel: 'text',
  connected: true,
  loadError: null,
  setPanel: (panel) => set({ panel }),
  async init(answer) {
    wsBridge?.onStatus((connected) => set({ connected }))
    const result = await (answer ?? client.call('app.getHostInfo'))
    if (result.ok) set({ host: result.value, loadError: null })
    else set({ loadError: result.error.message })
  },
}))
