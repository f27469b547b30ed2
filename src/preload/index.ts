// The preload exposes exactly two functions (S6): `invoke` over one channel and `on` for the event channel.
// No ipcRenderer, no event objects and no Node APIs reach the page; listeners get only the payload.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../shared/ipc/define'

type Listener = (payload: unknown) => void
const listeners = new Map<string, Set<Listener>>()

ipcRenderer.on(IPC_EVENT_CHANNEL, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return
  for (const listener of listeners.get(name) ?? []) listener(payload)
})

export const bridge = {
  invoke: (route: string, payload: unknown): Promise<unknown> =>
    ipcRenderer.invoke(IPC_INVOKE_CHANNEL, route, payload),
  on: (name: string, listener: Listener): (() => void) => {
    if (typeof name !== 'string' || typeof listener !== 'function') throw new TypeError('on(name, listener)')
    const set = listeners.get(name) ?? new Set<Listener>()
    set.add(listener)
    listeners.set(name, set)
    return () => {
      set.delete(listener)
    }
  },
}

contextBridge.exposeInMainWorld('gateway', bridge)
