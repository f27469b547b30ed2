// The profile a command-line tool runs against, held in memory only: a base URL, the key read from the
// environment variable the user names (never from an argument, so it stays out of shell history), extra headers,
// the native auth style and the way out (--proxy, --proxy-bypass, --ca-file, as a profile's). Each problem names
// its option.
import { profileFieldsSchema, type ProfileFields } from '../../shared/ipc/profiles'
import { memoryProfile, type ResolvedProfile } from './profiles'
import { NETWORK_ARG_OPTIONS, parseNetworkArgs, type NetworkArgs } from './network/cliNetwork'

export interface ProfileArgs {
  'base-url'?: string
  'key-env'?: string
  header?: string[]
  'native-auth'?: string
  proxy?: string
  'proxy-bypass'?: string[]
  'ca-file'?: string
}

/** The parseArgs options of a profile given on the command line. */
export const PROFILE_OPTIONS = {
  'base-url': { type: 'string' },
  'key-env': { type: 'string' },
  header: { type: 'string', multiple: true },
  'native-auth': { type: 'string' },
  ...NETWORK_ARG_OPTIONS,
} as const

/** What a command line names of its gateway, read and checked as a profile's fields are. */
export interface CliConnection {
  fields: ProfileFields
  apiKey: string
  network: NetworkArgs
}

/**
 * `--base-url`, `--key-env`, `--header`, `--native-auth`, the path options and (for the tools that reach the
 * console) `--console-base-url`, checked as a profile's fields are; a problem names its argument.
 */
export function connectionFromArgs(
  values: ProfileArgs & { 'console-base-url'?: string },
  env: Record<string, string | undefined>,
  readFile?: (path: string) => string,
): { ok: true; connection: CliConnection } | { ok: false; message: string } {
  const headers: { name: string; value: string }[] = []
  for (const h of values.header ?? []) {
    const at = h.indexOf(':')
    if (at <= 0) return { ok: false, message: `--header "${h}": write <name>:<value>` }
    headers.push({ name: h.slice(0, at).trim(), value: h.slice(at + 1).trim() })
  }
  const nativeAuth = values['native-auth'] ?? 'bearer'
  if (!['bearer', 'header', 'query'].includes(nativeAuth))
    return { ok: false, message: `--native-auth: one of bearer, header, query (got "${nativeAuth}")` }
  const network = parseNetworkArgs(values, readFile)
  if (!network.ok) return network
  const fields = profileFieldsSchema.safeParse({
    name: 'command line',
    baseUrl: values['base-url'] ?? '',
    ...(values['console-base-url'] !== undefined ? { consoleBaseUrl: values['console-base-url'] } : {}),
    headers,
    nativeAuth,
    ...network.network.fields,
  })
  if (!fields.success) {
    const issue = fields.error.issues[0]!
    return { ok: false, message: `${argOf(issue.path)}: ${issue.message}` }
  }
  const keyEnv = values['key-env']
  if (!keyEnv)
    return { ok: false, message: '--key-env: name the environment variable that holds the API key' }
  const apiKey = env[keyEnv]
  if (!apiKey)
    return { ok: false, message: `--key-env: the environment variable ${keyEnv} is not set or empty` }
  return { ok: true, connection: { fields: fields.data, apiKey, network: network.network } }
}

/** The argument a profile field's problem came from. */
function argOf(path: readonly PropertyKey[]): string {
  if (path[0] === 'headers') return '--header'
  if (path[0] === 'consoleBaseUrl') return '--console-base-url'
  if (path[0] === 'proxy') return path[1] === 'bypass' ? '--proxy-bypass' : '--proxy'
  return '--base-url'
}

export function profileFromArgs(
  values: ProfileArgs,
  env: Record<string, string | undefined>,
): { ok: true; profile: ResolvedProfile } | { ok: false; message: string } {
  const read = connectionFromArgs(values, env)
  if (!read.ok) return read
  const { fields, apiKey, network } = read.connection
  return {
    ok: true,
    profile: memoryProfile(fields, { apiKey, consoleToken: null, proxyPassword: network.proxyPassword }),
  }
}
