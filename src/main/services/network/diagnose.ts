// Test connection's walk down the path a profile's calls take, one step at a time, each timed: the name lookup
// (of the proxy when there is one), the TCP connection, the proxy's tunnel (undici's CONNECT, or the `socks`
// library's SOCKS5 handshake), then the TLS handshake judged with the profile's own trust (extra CAs, the
// accepted certificate), keeping the certificate the server showed so the user can read it and, when no CA
// vouches for it, accept it. The first step that fails ends the walk and says why in words.
import { lookup } from 'node:dns/promises'
import { isIP, connect as tcpConnect, type Socket } from 'node:net'
import { connect as tlsConnect, type DetailedPeerCertificate, type TLSSocket } from 'node:tls'
import { X509Certificate } from 'node:crypto'
import { Client } from 'undici'
import type { ConnectionReport } from '../../../shared/ipc/profiles'
import type { PinnedCert } from '../../../shared/ipc/profileNetwork'
import { classifyNetworkError, type NetworkFailure } from './networkErrors'
import type { NetworkProfile } from './networkPool'
import { proxyLabel, socksTunnel, type Route } from './routes'
import { tlsConnectOptions } from './tlsTrust'

type Step = NonNullable<ConnectionReport['steps']>[number]
type TlsReport = NonNullable<ConnectionReport['tls']>

export interface Diagnosis {
  route: Route
  steps: Step[]
  tls: TlsReport | null
  /** Set when a step failed. */
  failure: NetworkFailure | null
  /** The certificate the server showed, as it could be accepted for the profile. */
  seen: PinnedCert | null
}

export async function diagnosePath(profile: NetworkProfile, target: URL, route: Route): Promise<Diagnosis> {
  const steps: Step[] = []
  const out: Diagnosis = { route, steps, tls: null, failure: null, seen: null }
  const timeout = profile.connectTimeoutMs
  const targetPort = Number(target.port) || (target.protocol === 'https:' ? 443 : 80)
  const targetHost = target.hostname.replace(/^\[|\]$/g, '')
  const hop =
    route.kind === 'direct'
      ? { host: targetHost, port: targetPort }
      : { host: route.proxy.host, port: route.proxy.port }
  const fail = (name: Step['name'], label: string, started: number, error: unknown) => {
    const failure = classifyNetworkError(error)
    steps.push({
      name,
      label,
      ok: false,
      ms: since(started),
      detail: `${failure.words}${failure.code ? ` (${failure.code})` : ''}`,
    })
    out.failure = failure
    return out
  }

  let t = performance.now()
  let address = hop.host
  if (isIP(hop.host) === 0) {
    try {
      address = (await withTimeout(lookup(hop.host), timeout, 'ETIMEDOUT')).address
      steps.push({ name: 'resolve', label: `Look up ${hop.host}`, ok: true, ms: since(t), detail: address })
    } catch (error) {
      return fail('resolve', `Look up ${hop.host}`, t, error)
    }
  }

  t = performance.now()
  let socket: Socket
  const connectLabel = `Connect to ${route.kind === 'direct' ? '' : 'the proxy at '}${address}:${hop.port}`
  try {
    socket = await openTcp(address, hop.port, timeout)
    steps.push({ name: 'connect', label: connectLabel, ok: true, ms: since(t), detail: 'TCP connected' })
  } catch (error) {
    return fail('connect', connectLabel, t, error)
  }

  try {
    if (route.kind !== 'direct') {
      t = performance.now()
      const label =
        route.kind === 'socks5'
          ? `SOCKS5 tunnel to ${targetHost}:${targetPort}`
          : `CONNECT ${targetHost}:${targetPort} through ${proxyLabel(route.proxy)}`
      try {
        socket = await openTunnel(route, socket, targetHost, targetPort, timeout, profile)
        steps.push({
          name: 'proxy',
          label,
          ok: true,
          ms: since(t),
          detail: route.proxy.username ? 'tunnel open (credentials accepted)' : 'tunnel open',
        })
      } catch (error) {
        return fail('proxy', label, t, error)
      }
    }
    if (target.protocol !== 'https:') return out
    t = performance.now()
    const label = `TLS handshake with ${targetHost}`
    let secure: TLSSocket
    try {
      secure = await handshake(socket, targetHost, profile, timeout)
    } catch (error) {
      out.tls = {
        outcome: 'failed',
        failure: tlsFailure(classifyNetworkError(error)),
        protocol: null,
        certificate: null,
        clientCertSent: false,
      }
      return fail('tls', label, t, error)
    }
    socket = secure
    // A server that wants a client certificate says so by an alert just after the handshake (TLS 1.3).
    const alert = await new Promise<Error | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 150)
      secure.once('error', (e) => (clearTimeout(timer), resolve(e)))
    })
    if (alert) {
      out.tls = {
        outcome: 'failed',
        failure: tlsFailure(classifyNetworkError(alert)),
        protocol: secure.getProtocol(),
        certificate: certificateFacts(secure.getPeerCertificate(true)),
        clientCertSent: !!(profile.tls.clientCertPem && profile.clientKey),
      }
      return fail('tls', label, t, alert)
    }
    const peer = secure.getPeerCertificate(true)
    out.seen = seenCertificate(peer, targetHost)
    const pinned = profile.tls.pinned?.fingerprint256 === peer.fingerprint256
    const failure = secure.authorized
      ? null
      : classifyNetworkError({ code: String(secure.authorizationError) })
    out.tls = {
      outcome: failure ? 'failed' : pinned ? 'pinned' : 'verified',
      failure: failure ? tlsFailure(failure) : null,
      protocol: secure.getProtocol(),
      certificate: certificateFacts(peer),
      clientCertSent: !!(profile.tls.clientCertPem && profile.clientKey),
    }
    if (failure) {
      steps.push({
        name: 'tls',
        label,
        ok: false,
        ms: since(t),
        detail: `${failure.words} (${failure.code})`,
      })
      out.failure = failure
      return out
    }
    steps.push({
      name: 'tls',
      label,
      ok: true,
      ms: since(t),
      detail: `${secure.getProtocol() ?? 'TLS'}, ${pinned ? 'the accepted certificate (pinned)' : 'certificate verified'}`,
    })
    return out
  } finally {
    socket.destroy()
  }
}

const since = (t: number) => Math.round((performance.now() - t) * 10) / 10

function withTimeout<T>(promise: Promise<T>, ms: number, code: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error(`no answer within ${ms / 1000} s`), { code })),
      ms,
    )
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    )
  })
}

function openTcp(host: string, port: number, timeout: number): Promise<Socket> {
  return withTimeout(
    new Promise<Socket>((resolve, reject) => {
      const socket = tcpConnect({ host, port })
      socket.once('connect', () => resolve(socket))
      socket.once('error', reject)
    }),
    timeout,
    'UND_ERR_CONNECT_TIMEOUT',
  )
}

async function openTunnel(
  route: Exclude<Route, { kind: 'direct' }>,
  socket: Socket,
  host: string,
  port: number,
  timeout: number,
  profile: NetworkProfile,
): Promise<Socket> {
  const { proxy } = route
  if (route.kind === 'socks5') {
    return socksTunnel(proxy, host, port, timeout, socket)
  }
  // undici's CONNECT, over the socket opened (and timed) above; TLS to an HTTPS proxy with the profile's CAs.
  let handed = false
  const client = new Client(proxyLabel(proxy), {
    connect: (opts, callback) => {
      if (handed) return callback(new Error('the proxy closed the connection'), null)
      handed = true
      // undici takes the socket once this call has returned (a socket handed back at once is never read).
      if (route.kind !== 'https-proxy') return void setImmediate(() => callback(null, socket))
      const trust = tlsConnectOptions({
        caPem: profile.tls.caPem,
        pinned: null,
        clientCertPem: '',
        clientKey: null,
      })
      const secure = tlsConnect({ ...trust, socket, servername: isIP(proxy.host) ? undefined : proxy.host })
      secure.once('secureConnect', () => callback(null, secure))
      secure.once('error', (e) => callback(e, null))
    },
  })
  try {
    const data = await withTimeout(
      client.connect({
        path: `${host.includes(':') ? `[${host}]` : host}:${port}`,
        headers: {
          host: `${host}:${port}`,
          ...(proxy.username
            ? {
                'proxy-authorization': `Basic ${Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64')}`,
              }
            : {}),
        },
      }),
      timeout,
      'ETIMEDOUT',
    )
    if (data.statusCode !== 200) {
      data.socket.destroy()
      throw new Error(`Proxy response (${data.statusCode}) !== 200 when HTTP Tunneling`)
    }
    return data.socket as Socket
  } catch (error) {
    void client.destroy().catch(() => undefined)
    throw error
  }
}

/** A handshake judged afterwards (never refused on the spot), so the report can show the certificate. */
function handshake(
  socket: Socket,
  host: string,
  profile: NetworkProfile,
  timeout: number,
): Promise<TLSSocket> {
  const trust = tlsConnectOptions({ ...profile.tls, clientKey: profile.clientKey })
  return withTimeout(
    new Promise<TLSSocket>((resolve, reject) => {
      const secure = tlsConnect({
        ...trust,
        socket,
        servername: isIP(host) ? undefined : host,
        rejectUnauthorized: false,
      })
      secure.once('secureConnect', () => resolve(secure))
      secure.once('error', reject)
    }),
    timeout,
    'ETIMEDOUT',
  )
}

function tlsFailure(f: NetworkFailure): TlsReport['failure'] {
  return { kind: f.tls ?? 'other', words: f.words, code: f.code }
}

function certificateFacts(peer: DetailedPeerCertificate): TlsReport['certificate'] {
  if (!peer || !peer.raw) return null
  const cert = new X509Certificate(peer.raw)
  return {
    subject: cert.subject.split('\n').filter(Boolean).join(', '),
    issuer: cert.issuer.split('\n').filter(Boolean).join(', '),
    validFrom: cert.validFrom,
    validTo: cert.validTo,
    fingerprint256: cert.fingerprint256,
    altNames: cert.subjectAltName ?? '',
    selfSigned: cert.issuer === cert.subject && cert.verify(cert.publicKey),
  }
}

function seenCertificate(peer: DetailedPeerCertificate, host: string): PinnedCert | null {
  if (!peer || !peer.raw) return null
  const cert = new X509Certificate(peer.raw)
  return {
    fingerprint256: cert.fingerprint256,
    pem: cert.toString(),
    subject: cert.subject.split('\n').filter(Boolean).join(', '),
    host,
    validTo: cert.validTo,
  }
}
