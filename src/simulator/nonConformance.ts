// Deliberately non-conformant modes, so the Gateway check can be shown to catch what it claims to: each breaks
// one rule of the spec and nothing else. Chosen like a fault (header `x-sim-fault`, or `--fault`), so a
// profile's extra header switches them on; they combine with each other and with the faults.
//
// | mode            | what breaks                                                                              |
// |-----------------|------------------------------------------------------------------------------------------|
// | `nodone`        | chat streams end without `data: [DONE]`                                                  |
// | `nousage`       | answers and stream events carry no usage (`usage`, `usageMetadata`, `metadata.usage`)   |
// | `foreign-error` | error bodies in another format's shape (openai ↔ messages, native → openai, console →    |
// |                 | openai)                                                                                  |
// | `wrong-status`  | a 4xx error of a handler (a bad parameter, a missing model) answered with status 500     |
// | `stray-auth`    | model endpoints also accept the native-only styles `x-vendor-api-key` and `?key=`        |
import type { IncomingMessage } from 'node:http'

export const NON_CONFORMANT_MODES = [
  'nodone',
  'nousage',
  'foreign-error',
  'wrong-status',
  'stray-auth',
] as const
export type NonConformantMode = (typeof NON_CONFORMANT_MODES)[number]

export const isNonConformantMode = (name: string): name is NonConformantMode =>
  (NON_CONFORMANT_MODES as readonly string[]).includes(name)

/** The modes a fault spec names (the rest of the spec is the faults' business). */
export function modesOf(spec: string | undefined): Set<NonConformantMode> {
  const out = new Set<NonConformantMode>()
  for (const part of (spec ?? '').split(',')) {
    const name = part.trim().toLowerCase()
    if (isNonConformantMode(name)) out.add(name)
  }
  return out
}

const USAGE_KEYS = new Set(['usage', 'usageMetadata'])

/** A copy of a body or event without its usage, two levels deep (chunks, `response`, `message`, `metadata`). */
export function withoutUsage(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > 2) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    if (USAGE_KEYS.has(k)) continue
    out[k] = withoutUsage(v, depth + 1)
  }
  return out
}

/** An error body re-shaped into another format's shape (the message is kept, so a client can still show it). */
export function foreignErrorBody(body: unknown, status: number): unknown {
  const o = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const e = (typeof o.error === 'object' && o.error !== null ? o.error : {}) as Record<string, unknown>
  const message = String(e.message ?? o.msg ?? 'error')
  if (o.type === 'error')
    return { error: { message, type: String(e.type ?? 'error'), param: null, code: null } }
  if (typeof e.status === 'string')
    return { error: { message, type: 'invalid_request_error', param: null, code: status } }
  if ('msg' in o) return { error: { message, type: 'error', param: null, code: null } }
  return { type: 'error', error: { type: String(e.type ?? 'api_error'), message } }
}

/** The status a `wrong-status` answer carries instead of the right one. */
export const wrongStatus = (status: number): number => (status >= 400 && status < 500 ? 500 : status)

/**
 * Whether a request that failed authentication offered the simulator's key in a stray style (native-only
 * `x-vendor-api-key` or `?key=` on a model endpoint) under `stray-auth`, which then lets it through.
 */
export function strayAuthAccepted(
  req: IncomingMessage,
  url: URL,
  apiKey: string,
  fault: string | undefined,
): boolean {
  const spec =
    (Array.isArray(req.headers['x-sim-fault'])
      ? req.headers['x-sim-fault'][0]
      : req.headers['x-sim-fault']) ?? fault
  if (!modesOf(spec).has('stray-auth')) return false
  return req.headers['x-vendor-api-key'] === apiKey || url.searchParams.get('key') === apiKey
}
