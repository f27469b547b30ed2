// The simulator's route and context types: every endpoint module exports `SimRoute[]` and is joined in
// routes.ts. The server (server.ts) parses JSON, applies auth and fault injection before `handle` runs,
// so a handler only sees authenticated requests with a parsed body.
import type { IncomingMessage, ServerResponse } from 'node:http'

/** Which credential a route accepts (spec: Authentication). */
export type AuthKind = 'model' | 'native' | 'console' | 'none'

/** Which error body shape a route answers with (spec: Errors; WIRE-NOTES). */
export type ErrorStyle = 'openai' | 'responses' | 'messages' | 'count_tokens' | 'native' | 'console' | 'video'

export interface SimulatorOptions {
  /** Accepted API key for model endpoints (Bearer, and x-vendor-api-key / ?key= on native ones). */
  apiKey: string
  /** Accepted console access token (Bearer on /prod-api/...). */
  consoleToken: string
  /** Streaming speed in tokens per second (0 = as fast as possible). */
  tokensPerSecond: number
  /** Delay before the first streamed token, ms. */
  firstTokenDelayMs: number
  /** Normal jitter of each stream's first-token delay, ms (one standard deviation); 0 = fixed. */
  firstTokenJitterMs: number
  /** Normal jitter of each stream's speed as a fraction of it (0.2 = ±20 %); 0 = fixed. */
  tokensPerSecondJitter: number
  /** Model requests generated at once; beyond it they queue before their headers. 0 = unlimited. */
  capacity: number
  /** Model requests admitted per minute; beyond it 429 with Retry-After. 0 = unlimited. */
  requestsPerMinute: number
  /** Added latency before every response, ms. */
  latencyMs: number
  /** Video clock speed-up: 1 = real time (a job takes ~20 s), 20 = a job finishes in about a second. */
  videoSpeed: number
  /** A fault applied to every request that has no x-sim-fault header (see faults.ts). */
  fault?: string
  /** Serve GET /v1/models in this shape; without it the simulator has no list endpoint (as the spec shows none). */
  modelList?: 'openai' | 'anthropic' | 'gemini'
}

/** A clock that tests can speed up; video task states derive from it. */
export interface SimClock {
  now(): number
}

export interface SimState {
  readonly options: SimulatorOptions
  readonly clock: SimClock
  /** http://127.0.0.1:<port> — model endpoints and the console share one server. */
  readonly baseUrl: string
  /** Free-form per-module stores (responses for previous_response_id, video tasks, console tasks, caches). */
  readonly stores: Map<string, unknown>
}

export interface SimContext {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  /** Named groups of the route's path RegExp. */
  params: Record<string, string>
  /** Parsed JSON body (undefined for GET). Malformed JSON is answered with a 400 before handle() runs. */
  body: unknown
  sim: SimState
  /** The fault chosen for this request (header x-sim-fault, else the server option), for stream writers. */
  fault: string | undefined
}

export interface SimRoute {
  method: 'GET' | 'POST'
  /** Matched against the URL pathname; named groups become `params`. */
  path: RegExp
  auth: AuthKind
  errorStyle: ErrorStyle
  /** Whether the route exists with these options; one that does not is an unknown path (no auth, no faults). */
  served?(options: SimulatorOptions): boolean
  handle(ctx: SimContext): Promise<void> | void
}
