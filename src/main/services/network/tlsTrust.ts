// What a profile trusts and shows over TLS, as the options every connection of it takes: extra CA certificates
// beside the system's, one accepted certificate pinned to its SHA-256 fingerprint (it vouches for itself only,
// never as a CA for others), and a client certificate with its key for mTLS. Never a global switch: nothing
// here turns verification off.
import { X509Certificate, createPrivateKey as createKey } from 'node:crypto'
import { checkServerIdentity, rootCertificates, type ConnectionOptions, type PeerCertificate } from 'node:tls'
import type { CertSummary, PinnedCert } from '../../../shared/ipc/profileNetwork'
import { AppError } from '../../../shared/ipc/result'

export interface TlsMaterial {
  caPem: string
  pinned: PinnedCert | null
  clientCertPem: string
  /** The client certificate's private key (a secret). */
  clientKey: string | null
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g

/** Each certificate of a PEM text. */
export function splitPems(text: string): string[] {
  return text.match(PEM_BLOCK) ?? []
}

/** The options a TLS connection of this profile takes (empty: the system's trust, as before). */
export function tlsConnectOptions(m: TlsMaterial): ConnectionOptions {
  const options: ConnectionOptions = {}
  const extra = splitPems(m.caPem)
  if (extra.length > 0 || m.pinned) {
    options.ca = [...rootCertificates, ...extra, ...(m.pinned ? [m.pinned.pem] : [])]
  }
  if (m.pinned) {
    const pin = m.pinned.fingerprint256
    options.checkServerIdentity = (host, cert) => pinnedIdentity(pin, host, cert)
  }
  if (m.clientCertPem.trim() && m.clientKey) {
    options.cert = m.clientCertPem
    options.key = m.clientKey
  }
  return options
}

/**
 * The pinned certificate stands for itself: shown by the server it is accepted whatever its names say (the user
 * accepted exactly it); found above another certificate in the chain it is refused (it is no CA).
 */
function pinnedIdentity(pin: string, host: string, cert: PeerCertificate): Error | undefined {
  if (cert.fingerprint256 === pin) return undefined
  const seen = new Set<PeerCertificate>()
  let issuer = (cert as { issuerCertificate?: PeerCertificate }).issuerCertificate
  while (issuer && !seen.has(issuer)) {
    seen.add(issuer)
    if (issuer.fingerprint256 === pin) {
      const error = new Error('the accepted certificate vouches only for itself, not as a CA') as Error & {
        code: string
      }
      error.code = 'ERR_TLS_PIN_MISMATCH'
      return error
    }
    issuer = (issuer as { issuerCertificate?: PeerCertificate }).issuerCertificate
  }
  return checkServerIdentity(host, cert)
}

export function summarize(cert: X509Certificate): CertSummary {
  return {
    subject: oneLine(cert.subject),
    issuer: oneLine(cert.issuer),
    validFrom: cert.validFrom,
    validTo: cert.validTo,
    fingerprint256: cert.fingerprint256,
  }
}

const oneLine = (dn: string) => dn.split('\n').filter(Boolean).join(', ')

/** Every certificate of a PEM text read, or an error naming the field and which certificate is unreadable. */
export function readCertificates(text: string, field: string): X509Certificate[] {
  const blocks = splitPems(text)
  if (text.trim() && blocks.length === 0)
    throw new AppError(
      'PROFILES_INVALID_CERT',
      `${field}: no PEM certificate (-----BEGIN CERTIFICATE-----) in it.`,
    )
  return blocks.map((pem, i) => {
    try {
      return new X509Certificate(pem)
    } catch (error) {
      throw new AppError(
        'PROFILES_INVALID_CERT',
        `${field}: certificate ${i + 1} of ${blocks.length} cannot be read (${(error as Error).message}).`,
      )
    }
  })
}

/** A client key that matches its certificate, or an error that says which does not fit. */
export function checkClientPair(certPem: string, keyPem: string): void {
  const [cert] = readCertificates(certPem, 'Client certificate')
  if (!cert) return
  let matches = false
  try {
    matches = cert.checkPrivateKey(createKey(keyPem))
  } catch (error) {
    throw new AppError(
      'PROFILES_INVALID_CERT',
      `Client key: it cannot be read (${(error as Error).message}).`,
    )
  }
  if (!matches)
    throw new AppError('PROFILES_INVALID_CERT', 'Client key: it does not belong to the client certificate.')
}
