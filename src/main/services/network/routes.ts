// The way one call leaves the machine: direct, through an HTTP(S) proxy (CONNECT), or through SOCKS5; and why
// (the profile's proxy, a bypass entry, the system's proxy or NO_PROXY). A profile's proxy decides per URL: an
// explicitly named proxy carries every call, loopback included, unless a bypass entry names the host; the
// system proxy is asked per URL (Electron resolves it as Chromium does; elsewhere HTTPS_PROXY / HTTP_PROXY /
// ALL_PROXY and NO_PROXY).
import type { Duplex } from 'node:stream'
import type { Socket } from 'node:net'
import { SocksClient } from 'socks'
import type { ProxySettings } from '../../../shared/ipc/profileNetwork'
import { bypassEntryFor, noProxyEntries } from './bypass'

export interface ProxyEndpoint {
  /** `http:` / `https:` (TLS to the proxy) / `socks5:`. */
  protocol: 'http:' | 'https:' | 'socks5:'
  host: string
  port: number
  username: string
  password: string
}

export type Route =
  | { kind: 'direct'; reason: string }
  | { kind: 'http-proxy' | 'https-proxy' | 'socks5'; proxy: ProxyEndpoint; reason: string }

/** The system's proxy for one URL, in the PAC result form Chromium answers (`DIRECT`, `PROXY h:p; DIRECT` …). */
export interface SystemProxyResolver {
  resolve(url: string): Promise<string>
}

/** `host:port` of a proxy, for messages (never its credentials). */
export function proxyLabel(proxy: ProxyEndpoint): string {
  const scheme = proxy.protocol === 'socks5:' ? 'socks5' : proxy.protocol.slice(0, -1)
  return `${scheme}://${proxy.host.includes(':') ? `[${proxy.host}]` : proxy.host}:${proxy.port}`
}

/** A proxy URL (`http://h:p`, `https://…`, `socks5://…`, credentials allowed as on a command line). */
export function parseProxyUrl(text: string, username = '', password = ''): ProxyEndpoint | null {
  let url: URL
  try {
    url = new URL(text.includes('://') ? text : `http://${text}`)
  } catch {
    return null
  }
  const protocol =
    url.protocol === 'socks5:' || url.protocol === 'socks5h:' || url.protocol === 'socks:'
      ? 'socks5:'
      : url.protocol === 'http:' || url.protocol === 'https:'
        ? url.protocol
        : null
  if (!protocol || !url.hostname) return null
  const port = Number(url.port) || (protocol === 'socks5:' ? 1080 : protocol === 'https:' ? 443 : 80)
  return {
    protocol,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    username: username || decodeURIComponent(url.username),
    password: password || decodeURIComponent(url.password),
  }
}

function proxyRoute(proxy: ProxyEndpoint, reason: string): Route {
  const kind =
    proxy.protocol === 'socks5:' ? 'socks5' : proxy.protocol === 'https:' ? 'https-proxy' : 'http-proxy'
  return { kind, proxy, reason }
}

/** The route of a profile's own proxy for one URL (synchronous: no system lookup involved). */
export function explicitRoute(settings: ProxySettings, password: string | null, url: URL): Route {
  if (settings.mode !== 'http' && settings.mode !== 'socks5') return { kind: 'direct', reason: 'no proxy' }
  const entry = bypassEntryFor(settings.bypass, url)
  if (entry !== null) return { kind: 'direct', reason: `the bypass entry "${entry}"` }
  const proxy = parseProxyUrl(settings.url, settings.username, password ?? '')
  if (!proxy) return { kind: 'direct', reason: 'no proxy' }
  return proxyRoute(proxy, "the profile's proxy")
}

/** The route a PAC-style answer names (the first entry this client can use). */
export function routeFromPac(answer: string, password: string | null): Route {
  for (const part of answer.split(';')) {
    const [word, where] = part.trim().split(/\s+/, 2)
    const kind = (word ?? '').toUpperCase()
    // `DIRECT NO_PROXY=<entry>` is this app's own resolver naming the NO_PROXY entry that chose it.
    if (kind === 'DIRECT')
      return {
        kind: 'direct',
        reason: where?.startsWith('NO_PROXY=')
          ? `NO_PROXY's entry "${where.slice(9)}"`
          : 'the system proxy settings (DIRECT)',
      }
    if (!where) continue
    const scheme =
      kind === 'PROXY'
        ? 'http'
        : kind === 'HTTPS'
          ? 'https'
          : kind === 'SOCKS5' || kind === 'SOCKS'
            ? 'socks5'
            : null
    if (!scheme) continue
    const proxy = parseProxyUrl(`${scheme}://${where}`)
    if (proxy) {
      if (password && !proxy.password) proxy.password = password
      return proxyRoute(proxy, 'the system proxy settings')
    }
  }
  return { kind: 'direct', reason: 'the system proxy settings' }
}

/**
 * The system proxy as the environment names it, for browser mode and the command line: HTTPS_PROXY for https
 * URLs, HTTP_PROXY for http, ALL_PROXY for either, NO_PROXY for hosts reached directly (lower case wins).
 */
export function envProxyResolver(env: Record<string, string | undefined> = process.env): SystemProxyResolver {
  const read = (name: string) => env[name.toLowerCase()] ?? env[name]
  return {
    async resolve(text: string): Promise<string> {
      const url = new URL(text)
      const skip = bypassEntryFor(noProxyEntries(read('NO_PROXY')), url)
      if (skip !== null) return `DIRECT NO_PROXY=${skip}`
      const value =
        (url.protocol === 'https:' ? read('HTTPS_PROXY') : read('HTTP_PROXY')) ?? read('ALL_PROXY')
      if (!value) return 'DIRECT'
      const proxy = parseProxyUrl(value)
      if (!proxy) return 'DIRECT'
      const word = proxy.protocol === 'socks5:' ? 'SOCKS5' : proxy.protocol === 'https:' ? 'HTTPS' : 'PROXY'
      const auth = proxy.username
        ? `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password)}@`
        : ''
      return `${word} ${auth}${proxy.host.includes(':') ? `[${proxy.host}]` : proxy.host}:${proxy.port}`
    },
  }
}

/** A SOCKS5 tunnel to host:port through `proxy` (the `socks` library), over `existing` when given. */
export async function socksTunnel(
  proxy: ProxyEndpoint,
  host: string,
  port: number,
  timeout: number,
  existing?: Duplex,
): Promise<Socket> {
  const { socket } = await SocksClient.createConnection({
    proxy: {
      host: proxy.host,
      port: proxy.port,
      type: 5,
      ...(proxy.username ? { userId: proxy.username, password: proxy.password } : {}),
    },
    command: 'connect',
    destination: { host: host.replace(/^\[|\]$/g, ''), port },
    timeout,
    ...(existing ? { existing_socket: existing } : {}),
  })
  return socket
}
