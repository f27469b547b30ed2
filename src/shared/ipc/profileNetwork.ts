// The way a profile reaches its gateway, as data: the proxy (none, the system's, an HTTP(S) proxy with CONNECT,
// SOCKS5) and its bypass list, extra trust (CA certificates, one pinned self-signed certificate, a client
// certificate), the connect timeout and the retry policy, and the app's own headers the user removed. The proxy
// password and the client certificate's key are secrets (profiles.setSecret), never fields here.
import { z } from 'zod'

export const PROXY_MODES = ['none', 'system', 'http', 'socks5'] as const
export type ProxyMode = (typeof PROXY_MODES)[number]

/** Statuses retried before the first byte when a profile names none (R1). */
export const DEFAULT_RETRY_STATUSES = [408, 409, 429, 500, 502, 503, 504, 529] as const

/**
 * One bypass entry: `host`, `*.example.com` or `.example.com` (the domain and its subdomains), `host:port`, an
 * IPv4 range `10.0.0.0/8`, `<local>` (names without a dot) or `*` (everything).
 */
export const bypassEntrySchema = z
  .string()
  .trim()
  .min(1, 'a bypass entry is empty')
  .max(260, 'a bypass entry is at most 260 characters')
  .refine(
    (v) =>
      v === '*' ||
      v === '<local>' ||
      /^(\*\.|\.)?[A-Za-z0-9_.-]+(:\d{1,5})?$/.test(v) ||
      /^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/.test(v) ||
      /^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(v),
    'a bypass entry is a host (example.com, *.example.com, .example.com, host:port), an IPv4 range (10.0.0.0/8), <local> or *',
  )

const PROXY_SCHEMES: Record<'http' | 'socks5', readonly string[]> = {
  http: ['http:', 'https:'],
  socks5: ['socks5:', 'socks5h:', 'socks:'],
}

export const proxySchema = z
  .object({
    mode: z.enum(PROXY_MODES).default('none'),
    /** `http://host:port`, `https://host:port` (TLS to the proxy) or `socks5://host:port`; no credentials. */
    url: z.string().trim().max(2048).default(''),
    /** The proxy's user name; the password is the `proxyPassword` secret. */
    username: z.string().trim().max(256, 'the proxy user name is at most 256 characters').default(''),
    /** Hosts reached directly even though a proxy is named (the system proxy follows NO_PROXY instead). */
    bypass: z.array(bypassEntrySchema).max(100, 'at most 100 bypass entries').default([]),
  })
  .superRefine((proxy, ctx) => {
    if (proxy.mode !== 'http' && proxy.mode !== 'socks5') return
    const example = proxy.mode === 'http' ? 'http://proxy.example.com:3128' : 'socks5://127.0.0.1:1080'
    if (!proxy.url) {
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: `the proxy address is required, such as ${example}`,
      })
      return
    }
    let url: URL
    try {
      url = new URL(proxy.url)
    } catch {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `must be a URL such as ${example}` })
      return
    }
    if (!PROXY_SCHEMES[proxy.mode].includes(url.protocol))
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message:
          proxy.mode === 'http'
            ? 'an HTTP proxy address starts with http:// or https://'
            : 'a SOCKS5 proxy address starts with socks5://',
      })
    if (url.username || url.password)
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'must not contain credentials; put the user name and password in their fields',
      })
    if ((url.pathname && url.pathname !== '/') || url.search || url.hash)
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'a proxy address is only scheme, host and port',
      })
  })
export type ProxySettings = z.output<typeof proxySchema>

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/

/** A certificate the user accepted for this profile although no CA vouches for it, pinned to its SHA-256. */
export const pinnedCertSchema = z.object({
  /** `AB:CD:…`, as Node and browsers print it. */
  fingerprint256: z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
  pem: z
    .string()
    .max(64 * 1024)
    .regex(PEM_CERT),
  subject: z.string().max(1024),
  /** The host it was seen on when the user accepted it. */
  host: z.string().max(300),
  validTo: z.string().max(100),
})
export type PinnedCert = z.infer<typeof pinnedCertSchema>

const pemField = (what: string, max: number) =>
  z
    .string()
    .max(max, `the ${what} is at most ${max / 1024} KB`)
    .refine(
      (v) => v.trim() === '' || PEM_CERT.test(v),
      `the ${what} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
    )
    .nullable()
    .default(null)

/**
 * Extra trust as the editor sends it (an accepted certificate is set apart, by `profiles.trustCertificate`). The certificate files travel only when the user picked a new one: null
 * keeps what the profile holds (views carry summaries, not the files, so no message carries a large bundle).
 */
export const tlsSchema = z.object({
  /** Extra CA certificates (PEM), trusted beside the system's: for a gateway behind an inspecting proxy. */
  caPem: pemField('CA file', 192 * 1024),
  /** The CA file's name as the user picked it, to show. */
  caName: z.string().max(260).default(''),
  /** A client certificate for mTLS (PEM); its private key is the `clientKey` secret. */
  clientCertPem: pemField('client certificate', 64 * 1024),
})

export const retrySchema = z.object({
  statuses: z
    .array(
      z
        .number('a status is a number, 100 to 599')
        .int()
        .min(100, 'a status is 100 to 599')
        .max(599, 'a status is 100 to 599'),
    )
    .max(40)
    .default([...DEFAULT_RETRY_STATUSES]),
  /** Retries after the first attempt, before the first byte only. */
  maxRetries: z
    .number('retries are a whole number, 0 to 10')
    .int('retries are a whole number, 0 to 10')
    .min(0, 'retries are 0 to 10')
    .max(10, 'retries are 0 to 10')
    .default(2),
  /** The longest wait a server may ask for (Retry-After) that is slept through; a longer one is shown. */
  maxWaitMs: z
    .number('the longest wait is a number of seconds, 0 to 600')
    .int()
    .min(0, 'the longest wait is 0 to 600 s')
    .max(600_000, 'the longest wait is 0 to 600 s')
    .default(60_000),
})

/** The connect timeout the app used before profiles could set one (undici's default). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000

/** Headers the app adds by itself; a profile may remove any of them (`removedHeaders`) or override its value. */
export const APP_HEADER_NAMES = [
  'user-agent',
  'accept',
  'content-type',
  'authorization',
  'x-vendor-api-key',
  'anthropic-version',
] as const

export const networkFieldsSchema = {
  proxy: proxySchema.default({ mode: 'none', url: '', username: '', bypass: [] }),
  tls: tlsSchema.default({ caPem: null, caName: '', clientCertPem: null }),
  connectTimeoutMs: z
    .number('the connect timeout is a number of seconds, 0.5 to 120')
    .int()
    .min(500, 'the connect timeout is 0.5 to 120 s')
    .max(120_000, 'the connect timeout is 0.5 to 120 s')
    .default(DEFAULT_CONNECT_TIMEOUT_MS),
  retry: retrySchema.default({ statuses: [...DEFAULT_RETRY_STATUSES], maxRetries: 2, maxWaitMs: 60_000 }),
  /** App headers (lower case) this profile does not send. */
  removedHeaders: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[!#$%&'*+.^_`|~0-9a-z-]+$/, 'a header name'),
    )
    .max(20)
    .default([]),
}

/** A profile's network fields with every default, for a profile stored before they existed. */
export const networkSchema = z.object(networkFieldsSchema)

/** What a view says of a certificate (the files stay in main). */
export const certSummarySchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  fingerprint256: z.string(),
})
export type CertSummary = z.infer<typeof certSummarySchema>

export const tlsViewSchema = z.object({
  caName: z.string(),
  /** The extra CA certificates, one summary each (empty: none). */
  caCerts: z.array(certSummarySchema),
  pinned: pinnedCertSchema.omit({ pem: true }).nullable(),
  clientCert: certSummarySchema.nullable(),
})
export type TlsView = z.infer<typeof tlsViewSchema>
