// The per-profile dispatchers every call of the app goes through (text, token counts, embeddings, rerank, job
// submits and polls, result downloads, the model list, the gateway check, load tests): undici's Agent for direct
// calls, undici's ProxyAgent for HTTP(S) proxies (CONNECT, basic auth), and an undici Agent whose connections are
// opened by the `socks` library for SOCKS5; each with the profile's TLS trust and connect timeout. Agents are kept
// per profile and route while the profile's network settings stay the same (so connections are reused) and
// closed gently when they change (calls in flight finish on the old ones).
import { createHash } from 'node:crypto'
import type { LookupFunction } from 'node:net'
import { Agent, ProxyAgent, buildConnector, type Dispatcher } from 'undici'
import type { PinnedCert, ProxySettings } from '../../../shared/ipc/profileNetwork'
import {
  envProxyResolver,
  explicitRoute,
  proxyLabel,
  routeFromPac,
  socksTunnel,
  type Route,
  type SystemProxyResolver,
} from './routes'
import { tlsConnectOptions, type TlsMaterial } from './tlsTrust'
import { publicOnlyLookup } from './resultUrlPolicy'

/** What of a profile decides how its calls connect. */
export interface NetworkProfile {
  id: string
  proxy: ProxySettings
  tls: { caPem: string; pinned: PinnedCert | null; clientCertPem: string }
  connectTimeoutMs: number
  proxyPassword: string | null
  clientKey: string | null
}

/**
 * Why a connection is made: a gateway call, or a result URL the gateway named. A connect policy may treat them
 * apart (where a result may be fetched from is checked on the addresses a name resolves to).
 */
export type CallPurpose = 'gateway' | 'result'

export interface NetworkPoolOptions {
  /** The system's proxy per URL (Electron's resolver; elsewhere the environment's variables). */
  systemProxy?: SystemProxyResolver
  /**
   * A name lookup for direct connections of this profile and purpose, or undefined for the system's: the hook a
   * connect-time address policy plugs into, so the address checked is the address connected to. By default a
   * result's connections resolve with `publicOnlyLookup` (resultUrlPolicy.ts: public addresses only; a result URL
   * the profile's policy exempts is fetched as a gateway call).
   */
  lookupFor?: (profile: NetworkProfile, purpose: CallPurpose) => LookupFunction | undefined
}

export interface Connection {
  dispatcher: Dispatcher
  route: Route
}

interface ProfileAgents {
  key: string
  agents: Map<string, Dispatcher>
  /** System proxy answers per origin, kept briefly. */
  routes: Map<string, { route: Route; until: number }>
}

const SYSTEM_ROUTE_MS = 30_000
/** How long a TLS alert a server sent explains the closed connection that followed it. */
const ALERT_MS = 5_000

type Connector = buildConnector.connector

export class NetworkPool {
  private readonly profiles = new Map<string, ProfileAgents>()
  /** The last TLS alert a server of each profile sent (undici reports only "other side closed" after it). */
  private readonly alerts = new Map<string, { error: Error; at: number }>()
  private readonly systemProxy: SystemProxyResolver
  private closed = false

  constructor(private readonly options: NetworkPoolOptions = {}) {
    this.systemProxy = options.systemProxy ?? envProxyResolver()
  }

  /** The route and dispatcher for one URL of a profile's calls. */
  async connection(profile: NetworkProfile, url: URL, purpose: CallPurpose = 'gateway'): Promise<Connection> {
    const entry = this.entry(profile)
    const route = await this.route(profile, url, entry)
    const key = `${purpose}|${routeKey(route)}`
    let dispatcher = entry.agents.get(key)
    if (!dispatcher || (dispatcher as { destroyed?: boolean }).destroyed) {
      dispatcher = this.build(profile, route, purpose)
      entry.agents.set(key, dispatcher)
    }
    return { dispatcher, route }
  }

  /** The route one URL would take, without connecting (Test connection names it first). */
  async routeOf(profile: NetworkProfile, url: URL): Promise<Route> {
    return this.route(profile, url, this.entry(profile))
  }

  /**
   * The TLS alert a server of this profile sent just now (a client certificate it wanted or refused), which is
   * why the connection closed; null when none did lately.
   */
  recentTlsAlert(profileId: string): Error | null {
    const alert = this.alerts.get(profileId)
    return alert && Date.now() - alert.at < ALERT_MS ? alert.error : null
  }

  /** Keeps the TLS alerts a connection's socket reports, for `recentTlsAlert`. */
  private watchAlerts(profileId: string, connector: Connector): Connector {
    return (opts, callback) =>
      connector(opts, (error, socket) => {
        socket?.prependListener('error', (e: Error & { code?: string }) => {
          if (typeof e.code === 'string' && e.code.startsWith('ERR_SSL_')) {
            if (this.alerts.size > 256) this.alerts.clear()
            this.alerts.set(profileId, { error: e, at: Date.now() })
          }
        })
        if (error) callback(error, null)
        else callback(null, socket!)
      })
  }

  /** Closes a profile's agents (it was deleted); calls in flight finish. */
  forget(profileId: string): void {
    const entry = this.profiles.get(profileId)
    this.profiles.delete(profileId)
    if (entry) closeAll(entry)
  }

  async close(): Promise<void> {
    this.closed = true
    const entries = [...this.profiles.values()]
    this.profiles.clear()
    await Promise.all(
      entries.flatMap((e) => [...e.agents.values()].map((d) => d.destroy().catch(() => undefined))),
    )
  }

  private entry(profile: NetworkProfile): ProfileAgents {
    if (this.closed) throw new Error('the network pool is closed')
    const key = settingsKey(profile)
    const current = this.profiles.get(profile.id)
    if (current?.key === key) return current
    if (current) closeAll(current)
    const fresh: ProfileAgents = { key, agents: new Map(), routes: new Map() }
    this.profiles.set(profile.id, fresh)
    return fresh
  }

  private async route(profile: NetworkProfile, url: URL, entry: ProfileAgents): Promise<Route> {
    if (profile.proxy.mode !== 'system') return explicitRoute(profile.proxy, profile.proxyPassword, url)
    const origin = url.origin
    const cached = entry.routes.get(origin)
    if (cached && cached.until > Date.now()) return cached.route
    let answer: string
    try {
      answer = await this.systemProxy.resolve(url.toString())
    } catch {
      answer = 'DIRECT'
    }
    const route = routeFromPac(answer, profile.proxyPassword)
    if (route.kind !== 'direct' && profile.proxy.username && !route.proxy.username) {
      route.proxy.username = profile.proxy.username
      route.proxy.password = profile.proxyPassword ?? ''
    }
    if (entry.routes.size > 256) entry.routes.clear()
    entry.routes.set(origin, { route, until: Date.now() + SYSTEM_ROUTE_MS })
    return route
  }

  private build(profile: NetworkProfile, route: Route, purpose: CallPurpose): Dispatcher {
    const material: TlsMaterial = { ...profile.tls, clientKey: profile.clientKey }
    const tls = { ...tlsConnectOptions(material), timeout: profile.connectTimeoutMs }
    // The app's own timers say which wait ran out (first byte, idle between frames); undici's stay off.
    const timers = { headersTimeout: 0, bodyTimeout: 0 }
    if (route.kind === 'direct') {
      const lookup = (this.options.lookupFor ?? resultLookup)(profile, purpose)
      return new Agent({
        ...timers,
        connect: this.watchAlerts(profile.id, buildConnector({ ...tls, ...(lookup ? { lookup } : {}) })),
      })
    }
    const { proxy } = route
    if (route.kind === 'socks5') {
      const overTls = this.watchAlerts(profile.id, buildConnector(tls))
      return new Agent({
        ...timers,
        connect: (opts, callback) => {
          const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80)
          socksTunnel(proxy, opts.hostname, port, profile.connectTimeoutMs).then(
            (socket) => {
              if (opts.protocol === 'https:') overTls({ ...opts, httpSocket: socket }, callback)
              else callback(null, socket)
            },
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
          )
        },
      })
    }
    // An HTTPS proxy is trusted as the gateway is (extra CAs), never by the gateway's pin or client certificate.
    const proxyTrust = tlsConnectOptions({
      caPem: profile.tls.caPem,
      pinned: null,
      clientCertPem: '',
      clientKey: null,
    })
    return new ProxyAgent({
      ...timers,
      uri: proxyLabel(proxy),
      ...(proxy.username
        ? { token: `Basic ${Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64')}` }
        : {}),
      requestTls: tls,
      proxyTls: { ...proxyTrust, timeout: profile.connectTimeoutMs },
    })
  }
}

function closeAll(entry: ProfileAgents): void {
  for (const d of entry.agents.values()) void d.close().catch(() => undefined)
  entry.agents.clear()
}

function routeKey(route: Route): string {
  if (route.kind === 'direct') return 'direct'
  const p = route.proxy
  return `${route.kind}|${p.host}|${p.port}|${p.username}|${hash(p.password)}`
}

/** Changes with anything that decides how a connection is made (secrets only as a digest). */
function settingsKey(p: NetworkProfile): string {
  return hash(
    JSON.stringify([
      p.proxy,
      p.tls.caPem,
      p.tls.pinned?.fingerprint256 ?? null,
      p.tls.clientCertPem,
      p.connectTimeoutMs,
      p.proxyPassword,
      p.clientKey,
    ]),
  )
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex')

/** The default lookups: a result's direct connections reach public addresses only (S10). */
const resultLookup = (_profile: NetworkProfile, purpose: CallPurpose): LookupFunction | undefined =>
  purpose === 'result' ? publicOnlyLookup : undefined

