// A failed connection in words a person can act on: which of the TLS checks failed (unknown CA, name mismatch,
// expired, a client certificate the server wanted or refused, a pinned certificate that changed), what the proxy
// said (credentials refused, tunnel refused or dropped, SOCKS errors), or the system's network code. The code
// stays beside the words for the small print; no credential is ever part of a message.

export type TlsFailureKind =
  'unknown-ca' | 'name-mismatch' | 'expired' | 'not-yet-valid' | 'client-cert' | 'pin-mismatch' | 'other'

export interface NetworkFailure {
  area: 'tls' | 'proxy' | 'network'
  /** TLS failures: which check failed. */
  tls?: TlsFailureKind
  code: string | null
  words: string
}

const TLS_CODES: Record<string, [TlsFailureKind, string]> = {
  CERT_HAS_EXPIRED: ['expired', 'its TLS certificate has expired'],
  CERT_NOT_YET_VALID: ['not-yet-valid', 'its TLS certificate is not valid yet (check this computer’s clock)'],
  ERR_TLS_CERT_ALTNAME_INVALID: ['name-mismatch', 'its TLS certificate is for another host name'],
  DEPTH_ZERO_SELF_SIGNED_CERT: [
    'unknown-ca',
    'its TLS certificate is self-signed and no CA vouches for it (add the CA file, or accept this certificate)',
  ],
  SELF_SIGNED_CERT_IN_CHAIN: [
    'unknown-ca',
    'its TLS certificate chain ends in a CA this computer does not trust (add that CA file to the profile)',
  ],
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: [
    'unknown-ca',
    'its TLS certificate was issued by an unknown CA (add that CA file to the profile)',
  ],
  UNABLE_TO_GET_ISSUER_CERT: ['unknown-ca', 'its TLS certificate was issued by an unknown CA'],
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: [
    'unknown-ca',
    'its TLS certificate could not be verified: no trusted CA vouches for it (add the CA file to the profile)',
  ],
  CERT_UNTRUSTED: ['unknown-ca', 'its TLS certificate is not trusted'],
  CERT_SIGNATURE_FAILURE: ['other', 'its TLS certificate’s signature is invalid'],
  CERT_REVOKED: ['other', 'its TLS certificate was revoked'],
  ERR_TLS_PIN_MISMATCH: [
    'pin-mismatch',
    'its TLS certificate is not the one accepted for this profile (the accepted certificate changed)',
  ],
  ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED: [
    'client-cert',
    'the server asks for a client certificate; add one to the profile',
  ],
  ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE: ['client-cert', 'the server refused the client certificate'],
  ERR_SSL_TLSV1_ALERT_UNKNOWN_CA: ['client-cert', 'the server does not trust the client certificate’s CA'],
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN: ['client-cert', 'the server refused the client certificate'],
  ERR_SSL_WRONG_VERSION_NUMBER: ['other', 'the TLS handshake failed (is it http rather than https?)'],
  EPROTO: ['other', 'the TLS handshake failed (is it http rather than https?)'],
}

/** The system's network codes in words (Test connection's older reports read them too). */
export const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (nothing is listening on that port)',
  ENOTFOUND: 'the host name was not found (check the spelling, or the DNS)',
  EAI_AGAIN: 'the host name could not be looked up just now (DNS did not answer)',
  ETIMEDOUT: 'the host did not answer in time',
  ECONNRESET: 'the connection was closed by the other side',
  EHOSTUNREACH: 'there is no network route to the host',
  ENETUNREACH: 'the network is unreachable from this computer',
  EPIPE: 'the connection broke while sending',
  UND_ERR_CONNECT_TIMEOUT: 'the host did not accept the connection in time (the connect timeout)',
  UND_ERR_SOCKET: 'the connection was closed by the other side',
  UND_ERR_CLOSED: 'the connection was closed',
}

interface Coded {
  code?: unknown
  message?: unknown
  cause?: unknown
  reason?: unknown
}

/** Every error in the cause chain (fetch and undici wrap the socket's error). */
function chain(error: unknown): Coded[] {
  const out: Coded[] = []
  let e: unknown = error
  for (let i = 0; i < 6 && e && typeof e === 'object'; i++) {
    out.push(e as Coded)
    e = (e as Coded).cause
  }
  return out
}

/** The failure in words with its code, whatever layer raised it. */
export function classifyNetworkError(error: unknown): NetworkFailure {
  const links = chain(error)
  const messages = links.map((l) => (typeof l.message === 'string' ? l.message : '')).join(' | ')
  for (const link of links) {
    const code = typeof link.code === 'string' ? link.code : null
    if (code && TLS_CODES[code]) {
      const [tls, words] = TLS_CODES[code]!
      return { area: 'tls', tls, code, words }
    }
  }
  const tunnel =
    /Proxy response \((\d{3})\) !== 200/.exec(messages) ??
    /Proxy Authentication Required \((407)\)/.exec(messages)
  if (tunnel) {
    const status = Number(tunnel[1])
    return {
      area: 'proxy',
      code: `HTTP ${status}`,
      words:
        status === 407
          ? 'the proxy refused the credentials (HTTP 407: check the proxy user name and password)'
          : `the proxy refused to open a tunnel (HTTP ${status})`,
    }
  }
  const socks =
    /Socks5? ?(?:proxy )?(?:Authentication failed|rejected connection - (\w+))|Socks5 Authentication failed/i.exec(
      messages,
    )
  if (socks) {
    return socks[1]
      ? {
          area: 'proxy',
          code: `SOCKS ${socks[1]}`,
          words: `the SOCKS5 proxy could not reach the host (${socks[1]})`,
        }
      : {
          area: 'proxy',
          code: 'SOCKS auth',
          words: 'the SOCKS5 proxy refused the credentials (check the user name and password)',
        }
  }
  if (/Proxy connection timed out/i.test(messages))
    return { area: 'proxy', code: 'SOCKS timeout', words: 'the SOCKS5 proxy did not answer in time' }
  if (/Socks|socks5/i.test(messages) && /closed|ended/i.test(messages))
    return { area: 'proxy', code: 'SOCKS closed', words: 'the SOCKS5 proxy closed the connection' }
  for (const link of links) {
    const code = typeof link.code === 'string' ? link.code : null
    if (code && NETWORK_CODES[code]) return { area: 'network', code, words: NETWORK_CODES[code]! }
  }
  const first = links.find((l) => typeof l.code === 'string')
  const code = first ? String(first.code) : null
  const last = links.at(-1)
  const text = typeof last?.message === 'string' && last.message ? last.message : String(error)
  return { area: 'network', code, words: text }
}

/**
 * The short form every caller used before: the system's code and its message (`ECONNREFUSED (connect …)`), or
 * TLS and proxy failures in words with their code.
 */
export function describeNetworkError(error: unknown): string {
  const failure = classifyNetworkError(error)
  if (failure.area !== 'network') return `${failure.words} (${failure.code})`
  const links = chain(error)
  const coded =
    links.find((l) => typeof l.code === 'string' && l.code !== 'UND_ERR_SOCKET') ??
    links.find((l) => typeof l.code === 'string')
  if (coded) {
    const message = typeof coded.message === 'string' ? coded.message : ''
    return `${String(coded.code)}${message ? ` (${message})` : ''}`
  }
  const cause = links[1]
  if (cause && typeof cause.message === 'string' && cause.message) return cause.message
  return error instanceof Error ? error.message : String(error)
}
