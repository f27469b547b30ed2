// "Test connection" for a profile: first the path its calls take, walked step by step and timed (name lookup,
// connection, the proxy's tunnel, the TLS handshake with the certificate shown), then one POST
// /v1/messages/count_tokens (no model call, no quota) through the profile's own dispatcher, reported in one of
// the ways a person can act on: no key saved, the proxy or TLS refused (which check, in words), cannot reach
// host:port (the system's reason in words, its code in small print), reached but the key refused.
import type { ConnectionReport } from '../../shared/ipc/profiles'
import type { PinnedCert } from '../../shared/ipc/profileNetwork'
import { AppError } from '../../shared/ipc/result'
import { GatewayError, type GatewayClient } from './gateway'
import type { ResolvedProfile } from './profiles'
import { diagnosePath, type Diagnosis } from './network/diagnose'
import { httpCall } from './network/httpCall'
import { classifyNetworkError, NETWORK_CODES } from './network/networkErrors'
import { proxyLabel } from './network/routes'
import { aboutRequestContent } from '../../shared/check/refusalSubject'

export const CONNECTION_CHECK_MODEL = 'claude-sonnet-4-5'

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
  if (code && NETWORK_CODES[code]) return { words: NETWORK_CODES[code]!, code }
  if (/No response within/.test(message)) return { words: 'the host did not answer in time', code: null }
  if (/\bbad port\b/.test(message))
    return { words: 'that port is one web requests may not use (a reserved port)', code: 'bad port' }
  return { words: message.replace(/^Could not reach [^:]+:\/\/[^:]+(:\d+)?: /, ''), code: code ?? null }
}

export async function checkConnection(
  client: GatewayClient,
  profile: ResolvedProfile,
  /** Keeps the certificate the server showed, so the user can accept it (profiles.trustCertificate). */
  remember?: (seen: PinnedCert) => void,
): Promise<ConnectionReport> {
  const where = hostPort(profile.baseUrl)
  const target = new URL(profile.baseUrl)
  const route = await client.network.routeOf(profile, target)
  const path: ConnectionReport['path'] = {
    route: route.kind,
    proxy: route.kind === 'direct' ? null : proxyLabel(route.proxy),
    reason: route.reason,
  }
  const walk = await diagnosePath(profile, target, route)
  if (walk.seen) remember?.(walk.seen)
  const facts = { path, steps: walk.steps, ...(walk.tls ? { tls: walk.tls } : {}) }
  if (!profile.apiKey) return { ...(await noKeyReport(client, profile, where, walk)), ...facts }
  if (walk.failure) return { ...pathFailure(where, walk), ...facts }
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
    const firstByte = res.exchange.snapshot().timings.headersMs
    walk.steps.push({
      name: 'request',
      label: 'POST /v1/messages/count_tokens',
      ok: res.status < 500,
      ms: firstByte,
      detail: `HTTP ${res.status} (first byte in ${firstByte ?? '?'} ms, ${latencyMs} ms in all)`,
    })
    const detail = errorText(res.exchange.rawBody())
    if (res.ok) {
      return {
        reachable: true,
        authAccepted: true,
        latencyMs,
        status: res.status,
        message: `Reached ${where} and the key was accepted.`,
        ...facts,
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
        ...facts,
      }
    }
    // Any other answer proves the server is reachable. A 4xx about the request's content (its model, a field)
    // means the request was read past authentication; one about something else (a proxy's "No connected db.")
    // proves nothing about the key, and the report says only what is known.
    const clientError = res.status === 400 || res.status === 404 || res.status === 422
    const keyTaken = clientError && aboutRequestContent(res.status, res.exchange.rawBody())
    return {
      reachable: true,
      authAccepted: keyTaken ? true : null,
      latencyMs,
      status: res.status,
      message:
        clientError && !keyTaken
          ? `Reached ${where}, but it answered HTTP ${res.status} for a reason that is not about the request, so whether the key is accepted is not known.`
          : `Reached ${where}; it answered HTTP ${res.status} to a token count request.`,
      detail,
      ...facts,
    }
  } catch (error) {
    if (error instanceof GatewayError || error instanceof AppError) {
      const cause = classifyNetworkError((error as { cause?: unknown }).cause ?? error)
      walk.steps.push({
        name: 'request',
        label: 'POST /v1/messages/count_tokens',
        ok: false,
        ms: null,
        detail: error.message,
      })
      // A server that wants a client certificate says so only once the request is sent (TLS 1.3).
      if (error.code === 'GATEWAY_TLS' && walk.tls) {
        walk.tls.outcome = 'failed'
        walk.tls.failure = {
          kind: cause.tls ?? 'client-cert',
          words: tlsWords(error.message),
          code: cause.code,
        }
        return {
          ...unreachable(where, error.message),
          problem: 'tls',
          message: `Cannot use ${where}: ${tlsWords(error.message)}.`,
          ...facts,
        }
      }
      return { ...unreachable(where, error.message), ...facts }
    }
    throw error
  }
}

/** "Could not reach X: words (CODE)." → "words". */
function tlsWords(message: string): string {
  return message
    .replace(/^Could not reach [^:]+:\/\/[^:]+(:\d+)?( through [^:]+)?: /, '')
    .replace(/ \([A-Z_0-9]+\)\.?$/, '')
}

/** A step of the path failed: which one, in words. */
function pathFailure(where: string, walk: Diagnosis): ConnectionReport {
  const failure = walk.failure!
  const step = walk.steps.at(-1)
  const problem = failure.area === 'tls' ? 'tls' : failure.area === 'proxy' ? 'proxy' : 'unreachable'
  const via = walk.route.kind === 'direct' ? '' : ` through ${proxyLabel(walk.route.proxy)}`
  const lead =
    problem === 'tls'
      ? `Cannot trust ${where}`
      : problem === 'proxy'
        ? `The proxy did not let the call through to ${where}`
        : `Cannot reach ${where}${via}`
  return {
    reachable: false,
    authAccepted: null,
    latencyMs: null,
    status: null,
    problem,
    message: `${lead}: ${failure.words}.`,
    detail: failure.code ?? step?.label,
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
async function noKeyReport(
  client: GatewayClient,
  profile: ResolvedProfile,
  where: string,
  walk: Diagnosis,
): Promise<ConnectionReport> {
  if (walk.failure) {
    return {
      reachable: false,
      authAccepted: null,
      latencyMs: null,
      status: null,
      problem: 'no-key',
      message: `No API key is saved for this profile, so nothing was sent with a key (${where} cannot be reached: ${walk.failure.words}). Save the key, then test again.`,
    }
  }
  const probe = new AbortController()
  const timer = setTimeout(() => probe.abort(), Math.min(profile.timeoutMs, 10_000))
  let reached: string
  let reachable = false
  try {
    // Any answer at all (even 401 or 404) proves the host is there; no credential is sent.
    await httpCall(client.connector(profile), profile.baseUrl, {
      method: 'HEAD',
      headers: client.userAgent ? { 'user-agent': client.userAgent } : {},
      signal: probe.signal,
      redirect: 'manual',
    })
    reachable = true
    reached = `${where} answers`
  } catch (error) {
    reached = probe.signal.aborted
      ? `${where} did not answer in time`
      : `${where} cannot be reached: ${classifyNetworkError(error).words}`
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
