// How a profile is stored (every field a later version added at its default) and how its secrets are shown:
// the records ProfileService reads and writes, apart from the service itself.
import {
  secretHint,
  type ProfileFields,
  type ProfileFieldsInput,
  type SecretKind,
  type SecretStatus,
} from '../../shared/ipc/profiles'
import { networkSchema } from '../../shared/ipc/profileNetwork'
import { normalizeNetwork, type StoredTls } from './profileNetwork'

export interface StoredProfile extends Omit<ProfileFields, 'tls'> {
  id: string
  tls: StoredTls
}

export const ref = (id: string, kind: SecretKind) => `${id}:${kind}`
export const status = (value: string | null, kind: SecretKind): SecretStatus =>
  !value
    ? { configured: false, hint: null }
    : kind === 'clientKey'
      ? { configured: true, hint: keyHint(value) }
      : kind === 'proxyPassword'
        ? { configured: true, hint: '••••' }
        : { configured: true, hint: secretHint(value) }

/** What a private key is, never any of its bytes. */
function keyHint(pem: string): string {
  const kind = /-----BEGIN (RSA |EC )?PRIVATE KEY-----/.exec(pem)?.[1]?.trim()
  return kind ? `${kind} private key` : 'private key'
}

/**
 * Fields as given (the router has checked them against the contract), each one left out at its default: main's
 * own callers (the command line, tests) name only what they need.
 */
export function withDefaults(input: ProfileFieldsInput): ProfileFields {
  const network = networkSchema.parse({
    proxy: input.proxy,
    tls: input.tls,
    connectTimeoutMs: input.connectTimeoutMs,
    retry: input.retry,
    removedHeaders: input.removedHeaders,
  })
  return {
    ...network,
    name: input.name,
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
    consoleBaseUrl: (input.consoleBaseUrl ?? '').replace(/\/+$/, ''),
    headers: input.headers ?? [],
    nativeAuth: input.nativeAuth ?? 'bearer',
    timeoutMs: input.timeoutMs ?? 120_000,
    idleTimeoutMs: input.idleTimeoutMs ?? null,
    resultHosts: input.resultHosts ?? [],
    ...(input.followsSimulator !== undefined && { followsSimulator: input.followsSimulator }),
  }
}

/** A stored profile with every field a later version added, at its default. */
export function normalize(
  raw: Omit<StoredProfile, keyof ReturnType<typeof normalizeNetwork> | 'resultHosts'> &
    Partial<StoredProfile>,
): StoredProfile {
  return { ...raw, ...normalizeNetwork(raw), resultHosts: raw.resultHosts ?? [] }
}
