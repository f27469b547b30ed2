// The profile a command-line tool runs against, held in memory only: a base URL, the key read from the
// environment variable the user names (never from an argument, so it stays out of shell history), extra headers
// and the native auth style. Each problem names its option.
import { profileFieldsSchema } from '../../shared/ipc/profiles'
import type { ResolvedProfile } from './profiles'

export interface ProfileArgs {
  'base-url'?: string
  'key-env'?: string
  header?: string[]
  'native-auth'?: string
}

/** The parseArgs options of a profile given on the command line. */
export const PROFILE_OPTIONS = {
  'base-url': { type: 'string' },
  'key-env': { type: 'string' },
  header: { type: 'string', multiple: true },
  'native-auth': { type: 'string' },
} as const

export function profileFromArgs(
  values: ProfileArgs,
  env: Record<string, string | undefined>,
): { ok: true; profile: ResolvedProfile } | { ok: false; message: string } {
  const headers: { name: string; value: string }[] = []
  for (const h of values.header ?? []) {
    const at = h.indexOf(':')
    if (at <= 0) return { ok: false, message: `--header "${h}": write <name>:<value>` }
    headers.push({ name: h.slice(0, at).trim(), value: h.slice(at + 1).trim() })
  }
  const nativeAuth = values['native-auth'] ?? 'bearer'
  if (!['bearer', 'header', 'query'].includes(nativeAuth))
    return { ok: false, message: `--native-auth: one of bearer, header, query (got "${nativeAuth}")` }
  const fields = profileFieldsSchema.safeParse({
    name: 'command line',
    baseUrl: values['base-url'] ?? '',
    headers,
    nativeAuth,
  })
  if (!fields.success) {
    const issue = fields.error.issues[0]!
    return {
      ok: false,
      message: `${issue.path[0] === 'headers' ? '--header' : '--base-url'}: ${issue.message}`,
    }
  }
  const keyEnv = values['key-env']
  if (!keyEnv)
    return { ok: false, message: '--key-env: name the environment variable that holds the API key' }
  const apiKey = env[keyEnv]
  if (!apiKey)
    return { ok: false, message: `--key-env: the environment variable ${keyEnv} is not set or empty` }
  return {
    ok: true,
    profile: {
      ...fields.data,
      id: 'command-line',
      idleTimeoutMs: fields.data.idleTimeoutMs ?? 60_000,
      builtIn: false,
      apiKey,
      consoleToken: null,
    },
  }
}
