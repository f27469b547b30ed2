// A profile's network fields as stored: defaults for a profile saved before they existed, the certificate files
// kept when the editor sends none (null) and checked when it sends new ones, and the summaries a view shows
// instead of the files (a CA bundle never crosses IPC).
import { createHash } from 'node:crypto'
import { networkSchema, type PinnedCert, type TlsView } from '../../shared/ipc/profileNetwork'
import type { ProfileFields } from '../../shared/ipc/profiles'
import { readCertificates, summarize } from './network/tlsTrust'

export interface StoredTls {
  caPem: string
  caName: string
  pinned: PinnedCert | null
  clientCertPem: string
}

type NetworkPart = Pick<ProfileFields, 'proxy' | 'connectTimeoutMs' | 'retry' | 'removedHeaders'> & {
  tls: StoredTls
}

const EMPTY_TLS: StoredTls = { caPem: '', caName: '', pinned: null, clientCertPem: '' }

/** The network fields of a stored profile, each at its default when missing or unreadable. */
export function normalizeNetwork(raw: Partial<NetworkPart>): NetworkPart {
  const parsed = networkSchema.safeParse({
    proxy: raw.proxy,
    connectTimeoutMs: raw.connectTimeoutMs,
    retry: raw.retry,
    removedHeaders: raw.removedHeaders,
  })
  const base = parsed.success ? parsed.data : networkSchema.parse({})
  const tls = raw.tls && typeof raw.tls === 'object' ? raw.tls : EMPTY_TLS
  return {
    proxy: base.proxy,
    connectTimeoutMs: base.connectTimeoutMs,
    retry: base.retry,
    removedHeaders: base.removedHeaders,
    tls: {
      caPem: typeof tls.caPem === 'string' ? tls.caPem : '',
      caName: typeof tls.caName === 'string' ? tls.caName : '',
      pinned: tls.pinned && typeof tls.pinned === 'object' ? tls.pinned : null,
      clientCertPem: typeof tls.clientCertPem === 'string' ? tls.clientCertPem : '',
    },
  }
}

/** The trust to store from what the editor sent: a file sent is checked and replaces; null keeps the old one. */
export function storedTls(sent: ProfileFields['tls'], previous: StoredTls | null): StoredTls {
  const before = previous ?? EMPTY_TLS
  const caPem = sent.caPem === null ? before.caPem : sent.caPem.trim()
  const clientCertPem = sent.clientCertPem === null ? before.clientCertPem : sent.clientCertPem.trim()
  if (sent.caPem !== null) readCertificates(caPem, 'CA certificates')
  // The first certificate is the client's own; any after it are its chain.
  if (sent.clientCertPem !== null) readCertificates(clientCertPem, 'Client certificate')
  return {
    caPem,
    caName: caPem ? (sent.caPem === null ? before.caName : sent.caName || 'CA certificates') : '',
    pinned: before.pinned,
    clientCertPem,
  }
}

const summaries = new Map<string, TlsView['caCerts']>()

function summariesOf(pem: string): TlsView['caCerts'] {
  if (!pem) return []
  const key = createHash('sha256').update(pem).digest('hex')
  let found = summaries.get(key)
  if (!found) {
    try {
      found = readCertificates(pem, 'certificates').slice(0, 200).map(summarize)
    } catch {
      found = []
    }
    if (summaries.size > 64) summaries.clear()
    summaries.set(key, found)
  }
  return found
}

export function tlsView(tls: StoredTls): TlsView {
  const { pem: _pem, ...pinned } = tls.pinned ?? { pem: '' }
  return {
    caName: tls.caName,
    caCerts: summariesOf(tls.caPem),
    pinned: tls.pinned ? (pinned as Omit<PinnedCert, 'pem'>) : null,
    clientCert: summariesOf(tls.clientCertPem)[0] ?? null,
  }
}
