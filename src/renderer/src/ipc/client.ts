// Picks the host's bridge once: the preload's `window.gateway` in Electron, otherwise a WebSocket to the
// browser-mode server (the per-launch token comes from the URL and is then removed from the address bar;
// an HttpOnly cookie carries it across reloads).
import { createClient, type Bridge } from '../../../shared/ipc/client'
import type { Route } from '../../../shared/ipc/contract'
import { createWsBridge, type WsBridge } from './wsBridge'

declare global {
  interface Window {
    gateway?: Bridge
  }
}

function browserBridge(): WsBridge {
  const params = new URLSearchParams(location.search)
  const token = params.get('token')
  if (token) {
    params.delete('token')
    const rest = params.toString()
    history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`)
  }
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  return createWsBridge(
    `${scheme}://${location.host}/ipc${token ? `?token=${encodeURIComponent(token)}` : ''}`,
  )
}

export const wsBridge: WsBridge | null = window.gateway ? null : browserBridge()
export const client = createClient(window.gateway ?? wsBridge!)

/** An answer from main already on its way (the start-up sends it before the stores ask). */
export type Pending<K extends Route> = ReturnType<typeof client.call<K>>
