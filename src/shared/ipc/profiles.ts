// The profiles domain: connection profiles the user manages and the secrets only main holds.
// The renderer writes a secret once and afterwards sees only `{ configured, hint }`.
import { z } from 'zod'
import { defineCommand } from './define'

const FORBIDDEN_HEADER =
  /^(host|content-length|connection|transfer-encoding|authorization|x-api-key|x-vendor-api-key)$/i

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

export const headerSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'header name must be an HTTP token (letters, digits, - and _)')
    .refine(
      (n) => !FORBIDDEN_HEADER.test(n),
      'this header is set by the app; use the key fields for credentials',
    ),
  value: z
    .string()
    .max(8192)
    .refine((v) => !/[\r\n\0]/.test(v), 'header value must not contain line breaks'),
})
export type ExtraHeader = z.infer<typeof headerSchema>

export const nativeAuthSchema = z.enum(['bearer', 'header', 'query'])

export const secretKindSchema = z.enum(['apiKey', 'consoleToken'])
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
  timeoutMs: z.number().int().min(1000).max(600_000).default(120_000),
  /** A stream with no bytes for this long is aborted (R4), ms; null uses the app's default from Settings. */
  idleTimeoutMs: z
    .number()
    .int()
    .min(1000, 'the stream idle timeout is at least 1 s')
    .max(600_000, 'the stream idle timeout is at most 600 s')
    .nullable()
    .default(null),
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
  /** The built-in simulator profile: synthetic outputs, cannot be edited or deleted. */
  builtIn: z.boolean(),
  secrets: z.object({ apiKey: secretStatusSchema, consoleToken: secretStatusSchema }),
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
  /** Which of the three ways it failed, for the headline: no key saved, host not reached, key refused. */
  problem: z.enum(['no-key', 'unreachable', 'key-refused']).optional(),
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
    z.object({
      id: idSchema,
      kind: secretKindSchema,
      /** null clears the secret. */
      value: z
        .string()
        .trim()
        .min(1, 'the secret is empty')
        .max(4096)
        .refine((v) => !/[\r\n\0]/.test(v), 'the secret must not contain line breaks')
        .nullable(),
    }),
    secretStatusSchema,
  ),
  'profiles.testConnection': defineCommand(z.object({ id: idSchema }), connectionReportSchema),
}

/** `sk-…a1b2`: enough to recognise a key, never enough to use it. */
export function secretHint(secret: string): string {
  if (secret.length < 12) return '••••'
  const dash = secret.indexOf('-')
  const prefix = dash > 0 && dash <= 4 ? secret.slice(0, dash + 1) : ''
  return `${prefix}…${secret.slice(-4)}`
}
