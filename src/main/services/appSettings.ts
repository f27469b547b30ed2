// The app's own settings (theme, the Text panel's defaults, the stream idle timeout, the size bounds of job
// results, the evals' default judge and embedding model) in the SettingsStore under one key. What is read is
// always complete and valid: a missing, older or damaged record falls back field by field to the defaults, so a
// bad file never keeps the app from starting.
import {
  appSettingsSchema,
  DEFAULT_APP_SETTINGS,
  downloadBoundsSchema,
  evalDefaultsSchema,
  textDefaultsSchema,
  themeSchema,
  type AppSettings,
  type AppSettingsPatch,
} from '../../shared/ipc/app'
import type { SettingsStore } from './ports'

const KEY = 'appSettings'

export function readAppSettings(store: SettingsStore): AppSettings {
  const raw = store.get<unknown>(KEY)
  // Nothing saved yet (a first start, a command line): the defaults, without a parse that fails field by field.
  // Every request reads these (its idle timeout), and each failed parse leaves an error whose garbage outlives
  // the young generation, growing the heap by about 2 KB a request.
  if (raw === undefined) return structuredClone(DEFAULT_APP_SETTINGS)
  const whole = appSettingsSchema.safeParse(raw)
  if (whole.success) return whole.data
  const record = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const text = (record.text && typeof record.text === 'object' ? record.text : {}) as Record<string, unknown>
  const defaults = DEFAULT_APP_SETTINGS.text
  const field = <K extends keyof typeof defaults>(key: K): (typeof defaults)[K] => {
    const parsed = textDefaultsSchema.shape[key].safeParse(text[key])
    return parsed.success ? (parsed.data as (typeof defaults)[K]) : defaults[key]
  }
  const theme = themeSchema.safeParse(record.theme)
  const downloads = (
    record.downloads && typeof record.downloads === 'object' ? record.downloads : {}
  ) as Record<string, unknown>
  const bound = (key: keyof AppSettings['downloads']) => {
    const parsed = downloadBoundsSchema.shape[key].safeParse(downloads[key])
    return parsed.success ? parsed.data : DEFAULT_APP_SETTINGS.downloads[key]
  }
  return {
    theme: theme.success ? theme.data : DEFAULT_APP_SETTINGS.theme,
    text: {
      format: field('format'),
      models: field('models'),
      stream: field('stream'),
      idleTimeoutMs: field('idleTimeoutMs'),
    },
    downloads: { videoMaxMB: bound('videoMaxMB'), imageMaxMB: bound('imageMaxMB') },
    evals: readEvalDefaults(record.evals),
  }
}

/** The judge and the embedding model each fall back to the defaults on their own. */
function readEvalDefaults(raw: unknown): AppSettings['evals'] {
  const record = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const judge = evalDefaultsSchema.shape.judge.safeParse(record.judge)
  const embedding = evalDefaultsSchema.shape.embedding.safeParse(record.embedding)
  return {
    judge: judge.success ? judge.data : DEFAULT_APP_SETTINGS.evals.judge,
    embedding: embedding.success ? embedding.data : DEFAULT_APP_SETTINGS.evals.embedding,
  }
}

/** Applies a validated patch and answers the settings as saved. */
export function updateAppSettings(store: SettingsStore, patch: AppSettingsPatch): AppSettings {
  const current = readAppSettings(store)
  const next: AppSettings = {
    theme: patch.theme ?? current.theme,
    text: { ...current.text, ...patch.text },
    downloads: { ...current.downloads, ...patch.downloads },
    evals: patch.evals ?? current.evals,
  }
  store.set(KEY, next)
  return next
}
