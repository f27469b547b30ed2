// The profiles domain: connection profiles the user manages and the secrets only main holds.
// The renderer writes a secret once and afterwards sees only `{ configured, hint }`.
import { z } from 'zod'
import { defineCommand } from './define'
import {
  networkFieldsSchema,
  pinnedCertSchema,
  proxySchema,
  retrySchema,
  tlsViewSchema,
} from './profileNetwork'

/** Headers the HTTP connection itself owns; a profile cannot set them. */
const TRANSPORT_HEADER =
  /^(host|content-length|connection|transfer-encoding|keep-alive|upgrade|te|trailer|proxy-authorization|proxy-connection)$/i
/** Credential headers: a profile may set them, with `{{apiKey}}` or `{{consoleToken}}` where the secret goes. */
const CREDENTIAL_HEADER = /^(authorization|x-api-key|x-vendor-api-key|api-key|x-goog-api-key)$/i
/** The placeholders a header value may hold; main puts the profile's secret in their place. */
export const SECRET_PLACEHOLDER = /\{\{(apiKey|consoleToken)\}\}/g

/** An http(s) base URL without credentials, query or fragment. */
export const baseUrlSchema = z
  .string()
  .trim()
  .min(1, 'base URL is required')
  .max(2048)
  .superRefine((value, ctx) => {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an absolute URL such as https://api.example.com' })
      return
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      ctx.addIssue({ code: 'custom', message: 'must use http or https' })
    if (url.username || url.password)
      ctx.addIssue({
        code: 'custom',
        message: 'must not contain credentials; put the key in the API key field',
      })
    if (url.search || url.hash)
      ctx.addIssue({ code: 'custom', message: 'must not contain a query or fragment' })
  })
  .transform((value) => value.replace(/\/+$/, ''))

export const headerSchema = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'header name must be an HTTP token (letters, digits, - and _)')
      .refine((n) => !TRANSPORT_HEADER.test(n), 'this header belongs to the connection and cannot be set'),
    value: z
      .string()
      .max(8192)
      .refine((v) => !/[\r\n\0]/.test(v), 'header value must not contain line breaks'),
  })
  .superRefine((h, ctx) => {
    // A key typed into a header would be stored with the settings, not in the secret store.
    if (CREDENTIAL_HEADER.test(h.name) && !/\{\{(apiKey|consoleToken)\}\}/.test(h.value))
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'write {{apiKey}} (or {{consoleToken}}) where the key goes; keys stay in the secret store',
      })
  })
export type ExtraHeader = z.infer<typeof headerSchema>

/**
 * A host a profile's job results may also be downloaded from although its addresses are not public (a CDN on
 * the company network): `host` for any port, or `host:port`; an IPv6 address in brackets.
 */
export const resultHostSchema = z
  .string()
  .trim()
  .min(1, 'result host: write a host name or address')
  .max(260, 'result host: at most 260 characters')
  .refine((value) => {
    try {
      const url = new URL(`http://${value}`)
      return url.host === value.toLowerCase() || `${url.hostname}:80` === value.toLowerCase()
    } catch {
      return false
    }
  }, 'result host: a host name or address with an optional port, such as cdn.internal or 10.0.0.5:9000 (no scheme or path)')
  .transform((value) => value.toLowerCase())

export const nativeAuthSchema = z.enum(['bearer', 'header', 'query'])

export const secretKindSchema = z.enum(['apiKey', 'consoleToken', 'proxyPassword', 'clientKey'])
export type SecretKind = z.infer<typeof secretKindSchema>

export const secretStatusSchema = z.object({ configured: z.boolean(), hint: z.string().nullable() })
export type SecretStatus = z.infer<typeof secretStatusSchema>

export const profileFieldsSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(80, 'name is at most 80 characters'),
  baseUrl: baseUrlSchema,
  consoleBaseUrl: z.union([z.literal(''), baseUrlSchema]).default(''),
  headers: z.array(headerSchema).max(50).default([]),
  /** How native endpoints (5–8) carry the key: Bearer, the x-vendor-api-key header, or the key query parameter. */
  nativeAuth: nativeAuthSchema.default('bearer'),
  /** Whole-request timeout for non-streamed calls, ms. */
  timeoutMs: z
    .number('the first byte timeout is a number of seconds, 1 to 600')
    .int()
    .min(1000, 'the first byte timeout is 1 to 600 s')
    .max(600_000, 'the first byte timeout is 1 to 600 s')
    .default(120_000),
  /** A stream with no bytes for this long is aborted (R4), ms; null uses the app's default from Settings. */
  idleTimeoutMs: z
    .number('the stream idle timeout is a number of seconds, 1 to 600')
    .int()
    .min(1000, 'the stream idle timeout is at least 1 s')
    .max(600_000, 'the stream idle timeout is at most 600 s')
    .nullable()
    .default(null),
  ...networkFieldsSchema,
  /**
   * Hosts job results may be downloaded from besides the gateway's own origin and public addresses (S10): a
   * result URL at any other loopback, private, link-local or metadata address is refused.
   */
  resultHosts: z.array(resultHostSchema).max(20, 'result hosts: at most 20').default([]),
  /**
   * A copy of the Local simulator: its base URLs and (unless it has a key of its own) its key are the running
   * simulator's, which change with every launch, so the copy keeps working after a restart.
   */
  followsSimulator: z.boolean().optional(),
})
export type ProfileFields = z.output<typeof profileFieldsSchema>
export type ProfileFieldsInput = z.input<typeof profileFieldsSchema>

export const profileViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  consoleBaseUrl: z.string(),
  headers: z.array(headerSchema),
  nativeAuth: nativeAuthSchema,
  timeoutMs: z.number(),
  /** null: the app's default stream idle timeout applies. */
  idleTimeoutMs: z.number().nullable(),
  /** Hosts job results may also be downloaded from (besides the gateway's origin and public addresses). */
  resultHosts: z.array(z.string()),
  /** The built-in simulator profile: synthetic outputs, cannot be edited or deleted. */
  builtIn: z.boolean(),
  /** A copy that follows the Local simulator (see ProfileFields.followsSimulator). */
  followsSimulator: z.boolean(),
  proxy: proxySchema,
  tls: tlsViewSchema,
  connectTimeoutMs: z.number(),
  retry: retrySchema,
  removedHeaders: z.array(z.string()),
  secrets: z.object({
    apiKey: secretStatusSchema,
    consoleToken: secretStatusSchema,
    proxyPassword: secretStatusSchema,
    clientKey: secretStatusSchema,
  }),
})
export type ProfileView = z.infer<typeof profileViewSchema>

const idSchema = z.string().min(1).max(100)

export const connectionReportSchema = z.object({
  reachable: z.boolean(),
  authAccepted: z.boolean().nullable(),
  latencyMs: z.number().nullable(),
  status: z.number().nullable(),
  message: z.string(),
  detail: z.string().optional(),
  /** Which way it failed, for the headline: no key saved, host not reached, key refused, proxy or TLS. */
  problem: z.enum(['no-key', 'unreachable', 'key-refused', 'proxy', 'tls']).optional(),
  /** The way the call went: direct, or through which proxy (and whether a bypass entry or NO_PROXY chose direct). */
  path: z
    .object({
      route: z.enum(['direct', 'http-proxy', 'https-proxy', 'socks5']),
      proxy: z.string().nullable(),
      /** Why this route: the profile's proxy, the system's, a bypass entry, NO_PROXY. */
      reason: z.string(),
    })
    .optional(),
  /** What TLS said, when the gateway is https. */
  tls: z
    .object({
      outcome: z.enum(['verified', 'pinned', 'failed']),
      /** The failure in words (unknown CA, name mismatch, expired…) and its kind. */
      failure: z
        .object({
          kind: z.enum([
            'unknown-ca',
            'name-mismatch',
            'expired',
            'not-yet-valid',
            'client-cert',
            'pin-mismatch',
            'other',
          ]),
          words: z.string(),
          code: z.string().nullable(),
        })
        .nullable(),
      protocol: z.string().nullable(),
      /** The certificate the server showed (leaf), to read and, when no CA vouches for it, to accept. */
      certificate: z
        .object({
          subject: z.string(),
          issuer: z.string(),
          validFrom: z.string(),
          validTo: z.string(),
          fingerprint256: z.string(),
          altNames: z.string(),
          selfSigned: z.boolean(),
        })
        .nullable(),
      /** The client certificate went out (mTLS). */
      clientCertSent: z.boolean(),
    })
    .optional(),
  /** Each step with its time, in order; a failed step ends the list. */
  steps: z
    .array(
      z.object({
        name: z.enum(['resolve', 'connect', 'proxy', 'tls', 'request']),
        label: z.string(),
        ok: z.boolean(),
        ms: z.number().nullable(),
        detail: z.string(),
      }),
    )
    .optional(),
})
export type ConnectionReport = z.infer<typeof connectionReportSchema>

export const profilesCommands = {
  'profiles.list': defineCommand(
    z.void(),
    z.object({ profiles: z.array(profileViewSchema), activeId: z.string().nullable() }),
  ),
  'profiles.create': defineCommand(profileFieldsSchema, profileViewSchema),
  'profiles.update': defineCommand(
    z.object({ id: idSchema, fields: profileFieldsSchema }),
    profileViewSchema,
  ),
  'profiles.duplicate': defineCommand(z.object({ id: idSchema }), profileViewSchema),
  'profiles.delete': defineCommand(z.object({ id: idSchema }), z.object({ activeId: z.string().nullable() })),
  'profiles.setActive': defineCommand(z.object({ id: idSchema }), z.object({ activeId: z.string() })),
  'profiles.setSecret': defineCommand(
    z
      .object({
        id: idSchema,
        kind: secretKindSchema,
        /** null clears the secret. A client key is a PEM text (lines); the others are one line. */
        value: z
          .string()
          .trim()
          .min(1, 'the secret is empty')
          .max(64 * 1024)
          .nullable(),
      })
      .superRefine((input, ctx) => {
        if (input.value === null) return
        if (input.kind === 'clientKey') {
          if (
            !/-----BEGIN ([A-Z]+ )?PRIVATE KEY-----[\s\S]+-----END ([A-Z]+ )?PRIVATE KEY-----/.test(
              input.value,
            )
          )
            ctx.addIssue({
              code: 'custom',
              path: ['value'],
              message: 'the client key must be a PEM private key (-----BEGIN PRIVATE KEY-----)',
            })
          if (input.value.includes('ENCRYPTED'))
            ctx.addIssue({
              code: 'custom',
              path: ['value'],
              message: 'the client key is encrypted with a passphrase; give the key without one',
            })
          return
        }
        if (input.value.length > 4096)
          ctx.addIssue({ code: 'custom', path: ['value'], message: 'the secret is at most 4096 characters' })
        if (/[\r\n\0]/.test(input.value))
          ctx.addIssue({
            code: 'custom',
            path: ['value'],
            message: 'the secret must not contain line breaks',
          })
      }),
    secretStatusSchema,
  ),
  'profiles.testConnection': defineCommand(z.object({ id: idSchema }), connectionReportSchema),
  /**
   * Accepts the certificate the last Test connection of this profile saw (named by its SHA-256) although no CA
   * vouches for it: the profile then trusts that one certificate, shown loudly; null forgets it.
   */
  'profiles.trustCertificate': defineCommand(
    z.object({ id: idSchema, fingerprint256: pinnedCertSchema.shape.fingerprint256.nullable() }),
    profileViewSchema,
  ),
}

/** `sk-…a1b2`: enough to recognise a key, never enough to use it. */
export function secretHint(secret: string): string {
  if (secret.length < 12) return '••••'
  const dash = secret.indexOf('-')
  const prefix = dash > 0 && dash <= 4 ? secret.slice(0, dash + 1) : ''
  return `${prefix}…${secret.slice(-4)}`
}
