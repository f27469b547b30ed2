// The browser-mode bridge: the contract over a WebSocket to the local Node host. Calls made before the socket
// opens are queued; if the socket drops, pending calls fail with TRANSPORT and the app shows it.
import type { Bridge } from '../../../shared/ipc/client'
import type { Result } from '../../../shared/ipc/result'

interface Pending {
  resolve: (result: Result<unknown>) => void
}

export interface WsBridge extends Bridge {
  onStatus(listener: (connected: boolean) => void): () => void
}

export function createWsBridge(url: string): WsBridge {
  const pending = new Map<number, Pending>()
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const statusListeners = new Set<(connected: boolean) => void>()
  const queue: string[] = []
  let nextId = 1
  const ws = new WebSocket(url)

  ws.addEventListener('open', () => {
    for (const message of queue.splice(0)) ws.send(message)
    for (const l of statusListeners) l(true)
  })
  ws.addEventListener('close', (event) => {
    // The server says why when it closes a socket itself (a page that stopped reading its messages, one that sent
    // too much at once).
    const message = event.reason
      ? `The app server closed the connection: ${event.reason}. Reload the page.`
      : 'The connection to the app server was lost; reload the page.'
    for (const [id, p] of pending) {
      p.resolve({ ok: false, error: { code: 'TRANSPORT', message } })
      pending.delete(id)
    }
    for (const l of statusListeners) l(false)
  })
  ws.addEventListener('message', (event) => {
    let message: { t?: string; id?: number; result?: Result<unknown>; name?: string; payload?: unknown }
    try {
      message = JSON.parse(String(event.data))
    } catch {
      return
    }
    if (message.t === 'result' && typeof message.id === 'number' && message.result) {
      pending.get(message.id)?.resolve(message.result)
      pending.delete(message.id)
    } else if (message.t === 'event' && typeof message.name === 'string') {
      for (const l of listeners.get(message.name) ?? []) l(message.payload)
    }
  })

  return {
    invoke(route, payload) {
      const id = nextId++
      const text = JSON.stringify({ t: 'invoke', id, route, payload })
      return new Promise((resolve) => {
        if (ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING) {
          resolve({
            ok: false,
            error: { code: 'TRANSPORT', message: 'Not connected to the app server; reload the page.' },
          })
          return
        }
        pending.set(id, { resolve })
        if (ws.readyState === WebSocket.OPEN) ws.send(text)
        else queue.push(text)
      })
    },
    on(name, listener) {
      const set = listeners.get(name) ?? new Set()
      set.add(listener)
      listeners.set(name, set)
      return () => set.delete(listener)
    },
    onStatus(listener) {
      statusListeners.add(listener)
      return () => statusListeners.delete(listener)
    },
  }
}
