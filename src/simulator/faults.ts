// Fault injection: parses the fault spec of a request (header `x-sim-fault`, else the server option `fault`)
// into a typed plan that the server (before handle) and the SSE/JSON writers (http.ts) apply.
// A spec is a comma-separated list of kinds, so `ttft:200,tps:50` or `latency:100,drop:3` combine.
//
// | kind            | effect                                                                                  |
// |-----------------|-----------------------------------------------------------------------------------------|
// | `latency:<ms>`  | wait <ms> before answering (before status faults and handle)                             |
// | `ttft:<ms>`     | streams: wait <ms> before the first token-bearing event                                 |
// | `tps:<n>`       | streams: pace token-bearing events at <n> tokens per second                               |
// | `429`           | answer 429 in the route's error style with `Retry-After: 1` and `retry-after-ms: 1000`   |
// | `429:<seconds>` | the same with the given wait (fractions allowed; `Retry-After` rounds up)                |
// | `500`, `503`    | answer that status in the route's error style                                            |
// | `529`           | answer 529 (`overloaded_error` in the messages style)                                    |
// | `upstream`      | answer 500 caused upstream (`upstream_error` in the messages style, as the spec's table)  |
// | `reset`         | destroy the socket before any header is written                                         |
// | `drop:<n>`      | streams: end the socket abruptly after <n> events, no terminal event;                    |
// |                 | JSON: send the headers and half the body, then destroy the socket                        |
// | `malformed:<n>` | streams: write a malformed SSE data line after <n> events, then continue;                |
// |                 | JSON: send a truncated (unparseable) body                                               |
// | `error:<n>`     | streams: after <n> events send the format's own mid-stream error event, then end         |
// | `stall:<n>`     | streams: after <n> events stop writing and keep the socket open until the client gives   |
// |                 | up or the server closes; JSON: send the headers and half the body, then stall            |
//
// The same spec may name deliberately non-conformant modes (`nodone`, `nousage`, `foreign-error`,
// `wrong-status`, `stray-auth`; see nonConformance.ts), which break one rule of the spec each.
//
// Companion headers: `x-sim-fault-once: <key>` applies the fault only to the first request carrying that key
// (`x-sim-fault-times: <n>` widens it to the first n), so a client's retry can be observed succeeding; every
// such response carries `x-sim-attempt: <count>`, how many requests with that key the server has seen.

/** Every fault kind, as written in a fault spec (`<n>`, `<ms>`, `<seconds>` are numbers). */
import { NON_CONFORMANT_MODES, isNonConformantMode, type NonConformantMode } from './nonConformance'

export const FAULT_KINDS = [
  'latency:<ms>',
  'ttft:<ms>',
  'tps:<n>',
  '429',
  '429:<seconds>',
  '500',
  '503',
  '529',
  'upstream',
  'reset',
  'drop:<n>',
  'malformed:<n>',
  'error:<n>',
  'stall:<n>',
] as const

export type StatusFault = {
  status: 429 | 500 | 503 | 529
  retryAfterSeconds?: number
  /** A 500 that the upstream model service caused (messages: `upstream_error`, per the spec's table). */
  upstream?: boolean
}

/** Mid-stream (or mid-body) faults: they act after `after` events have been written. */
export type StreamFault = { kind: 'drop' | 'malformed' | 'error' | 'stall'; after: number }

export interface FaultPlan {
  latencyMs?: number
  firstTokenDelayMs?: number
  tokensPerSecond?: number
  status?: StatusFault
  reset?: boolean
  stream?: StreamFault
  /** Non-conformant modes (nonConformance.ts). */
  modes?: NonConformantMode[]
}

export class FaultSpecError extends Error {}

const STREAM_KINDS = new Set(['drop', 'malformed', 'error', 'stall'])

function nonNegative(raw: string | undefined, part: string): number {
  const value = Number(raw)
  if (raw === undefined || raw.trim() === '' || !Number.isFinite(value) || value < 0) {
    throw new FaultSpecError(`Fault "${part}" needs a non-negative number after the colon.`)
  }
  return value
}

/** Parses a fault spec; throws FaultSpecError naming the bad part and the known kinds. */
export function parseFaults(spec: string | undefined): FaultPlan {
  const plan: FaultPlan = {}
  if (!spec) return plan
  for (const rawPart of spec.split(',')) {
    const part = rawPart.trim().toLowerCase()
    if (!part) continue
    const [name, arg, ...rest] = part.split(':')
    if (rest.length > 0) throw new FaultSpecError(`Fault "${part}" has more than one colon.`)
    if (name === 'latency') plan.latencyMs = nonNegative(arg, part)
    else if (name === 'ttft') plan.firstTokenDelayMs = nonNegative(arg, part)
    else if (name === 'tps') plan.tokensPerSecond = nonNegative(arg, part)
    else if (name === '429') {
      plan.status = { status: 429, retryAfterSeconds: arg === undefined ? 1 : nonNegative(arg, part) }
    } else if ((name === '500' || name === '503' || name === '529') && arg === undefined) {
      plan.status = { status: Number(name) as 500 | 503 | 529 }
    } else if (name === 'upstream' && arg === undefined) plan.status = { status: 500, upstream: true }
    else if (name === 'reset' && arg === undefined) plan.reset = true
    else if (name !== undefined && isNonConformantMode(name) && arg === undefined)
      (plan.modes ??= []).push(name)
    else if (name !== undefined && STREAM_KINDS.has(name)) {
      plan.stream = { kind: name as StreamFault['kind'], after: Math.floor(nonNegative(arg, part)) }
    } else {
      throw new FaultSpecError(
        `Unknown fault "${part}". Known kinds: ${[...FAULT_KINDS, ...NON_CONFORMANT_MODES].join(', ')}.`,
      )
    }
  }
  return plan
}

/**
 * Decides whether a fault applies to this request under `x-sim-fault-once` / `x-sim-fault-times`.
 * `seen` counts requests per key and lives in the simulator state, so it spans connections and retries.
 */
export function faultOnceGate(
  seen: Map<string, number>,
  key: string | undefined,
  timesHeader: string | undefined,
): { apply: boolean; attempt?: number } {
  if (!key) return { apply: true }
  const attempt = (seen.get(key) ?? 0) + 1
  seen.set(key, attempt)
  const times = timesHeader === undefined ? 1 : Math.max(0, Math.floor(Number(timesHeader)) || 0)
  return { apply: attempt <= times, attempt }
}
