// The app domain: facts about the running host (Electron or browser mode) that the renderer shows, the
// external-link command that main checks before handing a URL to the OS, and the app's own settings (theme and
// the defaults a user sets once), which main persists and validates here like every other input.
import { z } from 'zod'
import { defineCommand } from './define'
import { WIRE_FORMATS } from '../format'

export const hostInfoSchema = z.object({
  host: z.enum(['electron', 'browser']),
  version: z.string(),
  platform: z.string(),
  /** How secrets are protected at rest: OS keychain-backed, obfuscated only, or a plain 0600 file. */
  secretProtection: z.enum(['os-encryption', 'basic-text', 'plain-file']),
  dataDir: z.string(),
  simulator: z.object({ baseUrl: z.string(), running: z.boolean() }).nullable(),
})
export type HostInfo = z.infer<typeof hostInfoSchema>

export const themeSchema = z.enum(['system', 'light', 'dark'])
export type Theme = z.infer<typeof themeSchema>

/** A model id as typed; empty means "the format's own default from the catalog". */
const defaultModelSchema = z
  .string()
  .trim()
  .max(200, 'a model id is at most 200 characters')
  .refine((v) => !/\s/.test(v), 'a model id has no spaces')

export const textDefaultsSchema = z.object({
  /** The wire format the Text panel starts with. */
  format: z.enum(WIRE_FORMATS),
  /** The model each format starts with. */
  models: z.object({
    chat: defaultModelSchema,
    responses: defaultModelSchema,
    messages: defaultModelSchema,
    native: defaultModelSchema,
  }),
  stream: z.boolean(),
  /** A stream with no bytes for this long is aborted (R4), unless the profile sets its own, ms. */
  idleTimeoutMs: z
    .number()
    .int('whole milliseconds')
    .min(1000, 'the stream idle timeout is at least 1 s')
    .max(600_000, 'the stream idle timeout is at most 600 s'),
})
export type TextDefaults = z.infer<typeof textDefaultsSchema>

/** The most megabytes a hosted result may hold, per kind: checked on Content-Length and while it streams (S10). */
const resultBoundSchema = (what: string) =>
  z
    .number()
    .int(`${what}: whole megabytes`)
    .min(1, `${what}: at least 1 MB`)
    .max(65_536, `${what}: at most 65,536 MB (64 GB)`)

export const downloadBoundsSchema = z.object({
  /** A video job's result (hosted URL, data URL or download answer), MB. */
  videoMaxMB: resultBoundSchema('largest video'),
  /** One image of an image job, MB. */
  imageMaxMB: resultBoundSchema('largest image'),
})
export type DownloadBounds = z.infer<typeof downloadBoundsSchema>

/** A model id a grader needs (it has no "default" of its own to fall back on). */
const graderModelSchema = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what}: write a model id`)
    .max(200, `${what}: at most 200 characters`)
    .refine((v) => !/\s/.test(v), `${what}: a model id has no spaces`)

/** A profile by id; empty means "the profile the eval runs on" (its first variant's). */
const graderProfileSchema = z.string().max(100)

/**
 * The judge and embedding model new judge and similarity graders start with, and that an imported promptfoo
 * `llm-rubric` / `similar` (or a dataset's `__expected` one) gets when it names none.
 */
export const evalDefaultsSchema = z.object({
  judge: z.object({
    profileId: graderProfileSchema,
    format: z.enum(WIRE_FORMATS),
    model: graderModelSchema('judge model'),
  }),
  embedding: z.object({
    profileId: graderProfileSchema,
    model: graderModelSchema('embedding model'),
  }),
})
export type EvalDefaults = z.infer<typeof evalDefaultsSchema>

export const appSettingsSchema = z.object({
  theme: themeSchema,
  text: textDefaultsSchema,
  downloads: downloadBoundsSchema,
  evals: evalDefaultsSchema,
})
export type AppSettings = z.infer<typeof appSettingsSchema>

export const appSettingsPatchSchema = z.object({
  theme: themeSchema.optional(),
  text: textDefaultsSchema.partial().optional(),
  downloads: downloadBoundsSchema.partial().optional(),
  evals: evalDefaultsSchema.optional(),
})
export type AppSettingsPatch = z.infer<typeof appSettingsPatchSchema>

export const DEFAULT_APP_SETTINGS: AppSettings = {
  theme: 'system',
  text: {
    format: 'chat',
    models: { chat: '', responses: '', messages: '', native: '' },
    stream: true,
    idleTimeoutMs: 60_000,
  },
  downloads: { videoMaxMB: 2048, imageMaxMB: 64 },
  evals: {
    judge: { profileId: '', format: 'chat', model: 'gpt-4o-mini' },
    embedding: { profileId: '', model: 'text-embedding-3-small' },
  },
}

export const appCommands = {
  'app.getHostInfo': defineCommand(z.void(), hostInfoSchema),
  'app.getSettings': defineCommand(z.void(), appSettingsSchema),
  /** Changes the given settings and answers all of them as saved. */
  'app.updateSettings': defineCommand(appSettingsPatchSchema, appSettingsSchema),
  'app.openExternal': defineCommand(
    z.object({ url: z.string().max(2048) }),
    z.object({ opened: z.boolean() }),
  ),
  /**
   * An error the page caught in a panel (its boundary showed it), written to main's log so it is not lost with
   * the page. Bounded in size here and in rate by main; answers whether it was written.
   */
  'app.reportError': defineCommand(
    z.object({
      panel: z.string().max(40),
      message: z.string().max(2000),
      stack: z.string().max(8000).optional(),
    }),
    z.object({ logged: z.boolean() }),
  ),
}
