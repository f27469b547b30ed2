// Real servers of the network a profile may sit behind, started by the tests on loopback: an HTTP proxy (the npm
// `proxy` package, CONNECT and basic auth) that counts its tunnels and can drop them mid-stream, a SOCKS5 server
// (`@pondwader/socks5-server`, username/password auth), and certificates made for the test with `selfsigned`: a
// CA, a server certificate it signed for 127.0.0.1/localhost, one for another name, an expired one, a
// self-signed one, and a client certificate for mTLS.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { createProxy } from 'proxy'
import { createServer as createSocksServer } from '@pondwader/socks5-server'
import { generate, type CertificateExtension } from 'selfsigned'

export const PROXY_USER = 'proxy-user'
export const PROXY_PASSWORD = 'proxy-pass-canary-4f1d9e'

export interface RunningProxy {
  url: string
  port: number
  /** `host:port` of every CONNECT tunnel asked for, in order. */
  tunnels: string[]
  /** Proxy-Authorization headers seen (to prove the password went only to the proxy). */
  authorizations: string[]
  /** Drops every open tunnel now (a firewall that cuts long connections). */
  dropTunnels(): void
  close(): Promise<void>
}

/** The `proxy` package's server; `accept` decides each request's credentials (false: answer 407). */
export async function startHttpProxy(
  accept: (auth: string | undefined) => boolean = (auth) =>
    auth === `Basic ${Buffer.from(`${PROXY_USER}:${PROXY_PASSWORD}`).toString('base64')}`,
): Promise<RunningProxy> {
  const tunnels: string[] = []
  const authorizations: string[] = []
  const open = new Set<Socket>()
  const server: Server = createProxy(createServer())
  ;(server as Server & { authenticate: (req: IncomingMessage) => boolean }).authenticate = (req) => {
    const auth = req.headers['proxy-authorization']
    if (auth) authorizations.push(auth)
    return accept(auth)
  }
  server.prependListener('connect', (req: IncomingMessage, socket: Socket) => {
    tunnels.push(req.url ?? '')
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    tunnels,
    authorizations,
    dropTunnels: () => {
      for (const s of open) s.destroy()
    },
    close: async () => {
      for (const s of open) s.destroy()
      server.closeAllConnections?.()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export interface RunningSocks {
  url: string
  port: number
  /** `host:port` of every connection the server made for a client. */
  connections: string[]
  close(): Promise<void>
}

export async function startSocks5(user = PROXY_USER, password = PROXY_PASSWORD): Promise<RunningSocks> {
  const connections: string[] = []
  const server = createSocksServer({ auth: { username: user, password } })
  server.setRulesetValidator((conn) => {
    connections.push(`${conn.destAddress}:${conn.destPort}`)
    return true
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = ((server as unknown as { server: Server }).server.address() as AddressInfo).port
  return {
    url: `socks5://127.0.0.1:${port}`,
    port,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        const inner = (server as unknown as { server: Server }).server
        inner.close(() => resolve())
        inner.closeAllConnections?.()
        setTimeout(resolve, 200)
      }),
  }
}

export interface TestCertificates {
  caCert: string
  caKey: string
  /** Signed by the CA, for 127.0.0.1 and localhost. */
  server: { cert: string; key: string }
  /** Signed by the CA, for another host name only. */
  wrongName: { cert: string; key: string }
  /** Signed by the CA, expired yesterday. */
  expired: { cert: string; key: string }
  /** Self-signed, for 127.0.0.1 and localhost. */
  selfSigned: { cert: string; key: string; fingerprint: string }
  /** A client certificate the CA signed (mTLS). */
  client: { cert: string; key: string }
}

type AltName = { type: 2; value: string } | { type: 7; ip: string }
const LOCAL_NAMES: AltName[] = [
  { type: 2, value: 'localhost' },
  { type: 7, ip: '127.0.0.1' },
]

function leaf(names: AltName[]): CertificateExtension[] {
  return [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
    { name: 'subjectAltName', altNames: names },
  ]
}

/** Makes every certificate the network tests need (EC keys: a fraction of a second in all). */
export async function makeCertificates(): Promise<TestCertificates> {
  const day = 86_400_000
  const now = Date.now()
  const ec = { keyType: 'ec' as const, algorithm: 'sha256' as const }
  const ca = await generate([{ name: 'commonName', value: 'Gateway Playground Test CA' }], {
    ...ec,
    notBeforeDate: new Date(now - day),
    notAfterDate: new Date(now + 365 * day),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  })
  const signed = async (cn: string, names: AltName[], from: number, to: number) => {
    const made = await generate([{ name: 'commonName', value: cn }], {
      ...ec,
      notBeforeDate: new Date(from),
      notAfterDate: new Date(to),
      extensions: leaf(names),
      ca: { key: ca.private, cert: ca.cert },
    })
    return { cert: made.cert, key: made.private }
  }
  const self = await generate([{ name: 'commonName', value: 'self-signed gateway' }], {
    ...ec,
    notBeforeDate: new Date(now - day),
    notAfterDate: new Date(now + 365 * day),
    extensions: leaf(LOCAL_NAMES),
  })
  const { X509Certificate } = await import('node:crypto')
  return {
    caCert: ca.cert,
    caKey: ca.private,
    server: await signed('localhost', LOCAL_NAMES, now - day, now + 365 * day),
    wrongName: await signed(
      'gateway.example.net',
      [{ type: 2, value: 'gateway.example.net' }],
      now - day,
      now + 365 * day,
    ),
    expired: await signed('localhost', LOCAL_NAMES, now - 30 * day, now - day),
    selfSigned: {
      cert: self.cert,
      key: self.private,
      fingerprint: new X509Certificate(self.cert).fingerprint256,
    },
    client: await signed(
      'playground client',
      [{ type: 2, value: 'client.local' }],
      now - day,
      now + 365 * day,
    ),
  }
}
