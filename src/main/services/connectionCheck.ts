// "Test connection" for a profile: one POST /v1/messages/count_tokens (no model call, no quota), reported in one
// of the ways a person can act on: no key saved for this profile (and whether its host answers at all), cannot
// reach host:port (with the system's reason in words, its code in small print), reached but the key refused.
import type { ConnectionReport } from '../../shared/ipc/profiles'
import { AppError } from '../../shared/ipc/result'
import { GatewayError, type GatewayClient } from './gateway'
import type { ResolvedProfile } from './profiles'

export const CONNECTION_CHECK_MODEL = 'claude-sonnet-4-5'

/** The system's network error codes in words. */
const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (nothing is listening on that port)',
  ENOTFOUND: 'the host name was not found (check the spelling, or the DNS)',
  EAI_AGAIN: 'the host name could not be looked up just now (DNS did not answer)',
  ETIMEDOUT: 'the host did not answer in time',
  ECONNRESET: 'the connection was closed by the other side',
  EHOSTUNREACH: 'there is no network route to the host',
  ENETUNREACH: 'the network is unreachable from this computer',
  EPIPE: 'the connection broke while sending',
  UND_ERR_CONNECT_TIMEOUT: 'the host did not accept the connection in time',
  UND_ERR_SOCKET: 'the connection failed',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed, so it is not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed, so it is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
  EPROTO: 'the TLS handshake failed (is it http rather than https?)',
}

/** `host:port` of a URL as typed (the default port named), or the text itself when it is not a URL. */
export function hostPort(url: string): string {
  try {
    const u = new URL(url)
    return `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`
  } catch {
    return url
  }
}

/** The reason in words and the raw code, from an error message such as "Could not reach …: ECONNREFUSED (…)". */
export function networkReason(message: string): { words: string; code: string | null } {
  const code = /\b(E[A-Z_]+|UND_ERR_[A-Z_]+|[A-Z_]*CERT[A-Z_]*|DEPTH_ZERO_SELF_SIGNED_CERT)\b/.exec(
    message,
  )?.[1]
  if (code && NETWORK_REASONS[code]) return { words: NETWORK_REASONS[code]!, code }
  if (/No response within/.test(message)) return { words: 'the host did not answer in time', code: null }
  if (/\bbad port\b/.test(message))
    return { words: 'that port is one web requests may not use (a reserved port)', code: 'bad port' }
  return { words: message.replace(/^Could not reach [^:]+:\/\/[^:]+(:\d+)?: /, ''), code: code ?? null }
}

export async function checkConnection(
  client: GatewayClient,
  profile: ResolvedProfile,
): Promise<ConnectionReport> {
  const where = hostPort(profile.baseUrl)
  if (!profile.apiKey) return noKeyReport(profile, where)
  const started = performance.now()
  try {
    const res = await client.send(profile, {
      kind: 'model',
      method: 'POST',
      path: '/v1/messages/count_tokens',
      body: { model: CONNECTION_CHECK_MODEL, messages: [{ role: 'user', content: 'ping' }] },
      maxRetries: 0,
    })
    const latencyMs = Math.round(performance.now() - started)
    const detail = errorText(res.exchange.rawBody())
    if (res.ok) {
      return {
        reachable: true,
        authAccepted: true,
        latencyMs,
        status: res.status,
        message: `Reached ${where} and the key was accepted.`,
      }
    }
    if (res.status === 401 || res.status === 403) {
      return {
        reachable: true,
        authAccepted: false,
        latencyMs,
        status: res.status,
        problem: 'key-refused',
        message: `Reached ${where}, but the key was refused (HTTP ${res.status}). Check the API key saved for this profile.`,
        detail,
      }
    }
    // Any other answer proves the server is reachable; whether the key passed is not certain.
    return {
      reachable: true,
      authAccepted: res.status === 400 || res.status === 404 || res.status === 422 ? true : null,
      latencyMs,
      status: res.status,
      message: `Reached ${where}; it answered HTTP ${res.status} to a token count request.`,
      detail,
    }
  } catch (error) {
    if (error instanceof GatewayError || error instanceof AppError) return unreachable(where, error.message)
    throw error
  }
}

function unreachable(where: string, message: string): ConnectionReport {
  const reason = networkReason(message)
  return {
    reachable: false,
    authAccepted: null,
    latencyMs: null,
    status: null,
    problem: 'unreachable',
    message: `Cannot reach ${where}: ${reason.words}.`,
    detail: reason.code ?? undefined,
  }
}

/** No key saved: says so, and still says whether the host answers, so the next step is clear. */
async function noKeyReport(profile: ResolvedProfile, where: string): Promise<ConnectionReport> {
  const probe = new AbortController()
  const timer = setTimeout(() => probe.abort(), Math.min(profile.timeoutMs, 10_000))
  let reached: string
  let reachable = false
  try {
    // Any answer at all (even 401 or 404) proves the host is there; no credential is sent.
    await fetch(profile.baseUrl, { method: 'HEAD', signal: probe.signal, redirect: 'manual' })
    reachable = true
    reached = `${where} answers`
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const said = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))
    reached = probe.signal.aborted
      ? `${where} did not answer in time`
      : `${where} cannot be reached: ${networkReason(said).words}`
  } finally {
    clearTimeout(timer)
  }
  return {
    reachable,
    authAccepted: null,
    latencyMs: null,
    status: null,
    problem: 'no-key',
    message: `No API key is saved for this profile, so nothing was sent with a key (${reached}). Save the key, then test again.`,
  }
}

function errorText(body: string): string | undefined {
  if (!body) return undefined
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string }
    const msg = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message)
    if (msg) return msg
  } catch {
    // not JSON: show the start of the text
  }
  return body.slice(0, 500)
}
