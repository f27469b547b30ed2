// The simulator's HTTP server: one node:http listener on loopback serving every route of routes.ts.
// Before a handler runs, the request is matched, authenticated, its JSON body parsed and its fault applied,
// each failure answered in the route's error style; close() destroys open sockets so no stream outlives it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import type {
  AuthKind,
  ErrorStyle,
  SimClock,
  SimContext,
  SimRoute,
  SimState,
  SimulatorOptions,
} from './types'
import { routes as defaultRoutes } from './routes'
import { errorTypeFor, sendError } from './errors'
import { FaultSpecError, faultOnceGate, parseFaults, type FaultPlan } from './faults'
import { strayAuthAccepted } from './nonConformance'
import { Admission } from './admission'
import { VENDOR_API_KEY_HEADER } from '../shared/wire/names'

export const DEFAULT_OPTIONS: SimulatorOptions = {
  apiKey: 'sk-sim-local',
  consoleToken: 'sim-console-token',
  tokensPerSecond: 0,
  firstTokenDelayMs: 0,
  firstTokenJitterMs: 0,
  tokensPerSecondJitter: 0,
  capacity: 0,
  requestsPerMinute: 0,
  latencyMs: 0,
  videoSpeed: 1,
}

/** Largest accepted request body (the spec allows 50 MB of files on responses, base64 grows by a third). */
const MAX_BODY_BYTES = 80 * 1024 * 1024

export interface CreateSimulatorOptions extends Partial<SimulatorOptions> {
  port?: number
  host?: string
  /** Replaces the wall clock (tests that move time by hand). */
  clock?: SimClock
  /** Receives one line per finished request (the CLI prints them). */
  log?: (line: string) => void
  /** Replaces the route table (tests of the server core). */
  routes?: SimRoute[]
  /**
   * Serve HTTPS with this certificate and key (PEM); with `clientCa`, only clients that show a certificate that
   * CA signed are served (mTLS).
   */
  tls?: { cert: string; key: string; clientCa?: string }
  /** Sees every request as it arrives (tests of what reached the server: headers, the path taken). */
  onRequest?: (req: IncomingMessage) => void
}

export interface RunningSimulator {
  /** http://127.0.0.1:<port>: model endpoints (`/v1`, `/v1beta`). */
  baseUrl: string
  /** The same origin: console endpoints (`/prod-api/...`). */
  consoleBaseUrl: string
  options: SimulatorOptions
  state: SimState
  close(): Promise<void>
}

const STORE_FAULT_ONCE = 'faults.once'

function bearer(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')
  return match?.[1]?.trim()
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * The credentials a request offers in the styles the spec allows for an auth kind (spec: Authentication):
 * `Authorization: Bearer` everywhere, and on native endpoints also `x-vendor-api-key` or `?key=`. Any other
 * style (`x-api-key`, `api-key`, `x-goog-api-key`, a bare token in `Authorization`) offers nothing, so a client
 * that sends one is refused here as a strict gateway would refuse it.
 */
function offeredKeys(kind: AuthKind, req: IncomingMessage, url: URL): string[] {
  const keys = [bearer(req)]
  if (kind === 'native') {
    keys.push(header(req, VENDOR_API_KEY_HEADER), url.searchParams.get('key') ?? undefined)
  }
  return keys.filter((key): key is string => typeof key === 'string' && key.length > 0)
}

/** Auth styles a client may send that the spec does not allow on this kind of endpoint, by name. */
function strayStyles(kind: AuthKind, req: IncomingMessage, url: URL): string[] {
  const out: string[] = []
  for (const name of ['x-api-key', 'api-key', 'x-goog-api-key']) if (header(req, name)) out.push(name)
  const auth = header(req, 'authorization')
  if (auth && !/^Bearer\s+\S/i.test(auth)) out.push('Authorization without "Bearer "')
  if (kind !== 'native') {
    if (header(req, VENDOR_API_KEY_HEADER)) out.push(VENDOR_API_KEY_HEADER)
    if (url.searchParams.has('key')) out.push('?key=')
  }
  return out
}

function authFailure(
  kind: AuthKind,
  req: IncomingMessage,
  url: URL,
  options: SimulatorOptions,
): string | undefined {
  if (kind === 'none') return undefined
  const expected = kind === 'console' ? options.consoleToken : options.apiKey
  const offered = offeredKeys(kind, req, url)
  if (offered.includes(expected)) return undefined
  const how =
    kind === 'console'
      ? 'Authorization: Bearer <ACCESS_TOKEN>'
      : kind === 'native'
        ? `Authorization: Bearer <API_KEY>, ${VENDOR_API_KEY_HEADER}: <API_KEY> or ?key=<API_KEY>`
        : 'Authorization: Bearer <API_KEY>'
  const stray = strayStyles(kind, req, url)
  if (offered.length === 0 && stray.length > 0)
    return `This endpoint does not accept ${stray.join(', ')}: send ${how}.`
  return offered.length === 0
    ? `Missing credentials: send ${how}.`
    : `Invalid ${kind === 'console' ? 'access token' : 'API key'}; the simulator accepts the one it printed at start.`
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data')
        req.resume()
        resolve('too-large')
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** The style of an unmatched path: native and console prefixes answer in their own shape. */
function styleForPath(pathname: string): ErrorStyle {
  if (pathname.startsWith('/v1beta/') || /^\/v1\/models\/[^/]+:/.test(pathname)) return 'native'
  if (pathname.startsWith('/prod-api/')) return 'console'
  return 'openai'
}

function requestId(): string {
  return `req_${randomBytes(12).toString('hex')}`
}

/** Starts a simulator on loopback (port 0 by default: a free port). */
export async function createSimulator(opts: CreateSimulatorOptions = {}): Promise<RunningSimulator> {
  const {
    port = 0,
    host = '127.0.0.1',
    clock,
    log,
    routes = defaultRoutes,
    tls,
    onRequest: observe,
    ...overrides
  } = opts
  const options: SimulatorOptions = { ...DEFAULT_OPTIONS }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) Object.assign(options, { [key]: value })
  }
  parseFaults(options.fault)

  const admission = new Admission(options)
  const sockets = new Set<Socket>()
  const stores = new Map<string, unknown>()
  const state: { -readonly [K in keyof SimState]: SimState[K] } = {
    options,
    clock: clock ?? { now: () => Date.now() },
    baseUrl: '',
    stores,
  }

  /** Which fault applies to this request, after the x-sim-fault-once gate; throws FaultSpecError. */
  const chooseFault = (ctx: SimContext): FaultPlan => {
    const spec = header(ctx.req, 'x-sim-fault') ?? options.fault
    const plan = parseFaults(spec)
    let seen = stores.get(STORE_FAULT_ONCE) as Map<string, number> | undefined
    if (!seen) stores.set(STORE_FAULT_ONCE, (seen = new Map()))
    const gate = faultOnceGate(
      seen,
      header(ctx.req, 'x-sim-fault-once'),
      header(ctx.req, 'x-sim-fault-times'),
    )
    if (gate.attempt !== undefined) ctx.res.setHeader('x-sim-attempt', String(gate.attempt))
    if (!gate.apply) return {}
    ctx.fault = spec
    return plan
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now()
    const id = requestId()
    res.setHeader('x-request-id', id)
    res.setHeader('request-id', id)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (log) {
      res.on('close', () =>
        log(`${req.method} ${url.pathname} ${res.statusCode} ${Math.round(performance.now() - started)}ms`),
      )
    }
    const ctx: SimContext = { req, res, url, params: {}, body: undefined, sim: state, fault: undefined }
    if (options.latencyMs > 0) await sleep(options.latencyMs)

    const candidates = routes.filter(
      (route) => route.path.test(url.pathname) && (route.served?.(options) ?? true),
    )
    // HEAD is answered by the GET route (Node omits the body), as HTTP requires of any GET resource.
    const route = candidates.find(
      (candidate) => candidate.method === req.method || (req.method === 'HEAD' && candidate.method === 'GET'),
    )
    if (!route) {
      req.resume()
      const style = candidates[0]?.errorStyle ?? styleForPath(url.pathname)
      if (candidates.length > 0) {
        const allow = [...new Set(candidates.map((candidate) => candidate.method))].join(', ')
        const message = `Method ${req.method} is not allowed on ${url.pathname}.`
        sendError(ctx, 405, style, errorTypeFor(style, 405), message, {
          code: 'method_not_allowed',
          headers: { allow },
        })
      } else {
        const type = style === 'openai' ? 'not_found_error' : errorTypeFor(style, 404)
        sendError(ctx, 404, style, type, `No such endpoint: ${req.method} ${url.pathname}.`, {
          code: 'not_found',
        })
      }
      return
    }
    const style = route.errorStyle
    const fail = (status: number, message: string, headers?: Record<string, string>): void =>
      sendError(ctx, status, style, errorTypeFor(style, status), message, { headers })
    ctx.params = { ...route.path.exec(url.pathname)?.groups }

    const authError = authFailure(route.auth, req, url, options)
    if (
      authError &&
      !(route.auth === 'model' && strayAuthAccepted(req, url, options.apiKey, options.fault))
    ) {
      req.resume()
      fail(401, authError)
      return
    }

    if (req.method === 'POST') {
      const raw = await readBody(req)
      if (raw === 'too-large') {
        fail(413, `Request body is larger than ${MAX_BODY_BYTES} bytes.`)
        return
      }
      try {
        ctx.body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined
      } catch (error) {
        fail(400, `Malformed JSON body: ${(error as Error).message}`)
        return
      }
    }

    let fault: FaultPlan
    try {
      fault = chooseFault(ctx)
    } catch (error) {
      if (!(error instanceof FaultSpecError)) throw error
      fail(400, `x-sim-fault: ${error.message}`)
      return
    }
    if (fault.latencyMs) await sleep(fault.latencyMs)
    if (fault.reset) {
      req.socket.destroy()
      return
    }
    if (fault.status) {
      const { status, retryAfterSeconds } = fault.status
      const headers: Record<string, string> = {}
      if (retryAfterSeconds !== undefined) {
        headers['retry-after'] = String(Math.ceil(retryAfterSeconds))
        headers['retry-after-ms'] = String(Math.round(retryAfterSeconds * 1000))
      }
      if (fault.status.upstream) {
        // The spec's messages table: upstream_error is 500; other styles answer their own 500.
        const type = style === 'messages' ? 'upstream_error' : errorTypeFor(style, 500)
        sendError(ctx, 500, style, type, 'Upstream model service error (x-sim-fault upstream).', { headers })
        return
      }
      fail(status, `Simulated ${status} (x-sim-fault ${status}).`, headers)
      return
    }

    // A loaded server (admission.ts): model requests past the per-minute limit are refused, and past the capacity
    // they wait their turn before any header is written.
    let slot: { release(): void } | null = null
    if (req.method === 'POST' && (route.auth === 'model' || route.auth === 'native')) {
      const gone = new Promise<void>((resolve) => res.once('close', () => resolve()))
      const admitted = await admission.admit(gone)
      if (admitted === null) return
      if ('retryAfterMs' in admitted) {
        const seconds = admitted.retryAfterMs / 1000
        fail(429, `Rate limit of ${options.requestsPerMinute} requests per minute reached (simulator).`, {
          'retry-after': String(Math.ceil(seconds)),
          'retry-after-ms': String(Math.round(admitted.retryAfterMs)),
        })
        return
      }
      slot = admitted
      res.once('close', () => slot?.release())
    }
    try {
      await route.handle(ctx)
    } catch (error) {
      if (res.headersSent) {
        res.destroy()
        return
      }
      fail(500, `Simulator error: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  // Only a broken socket can throw here (handler errors are answered above); nothing is left to answer.
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    observe?.(req)
    void handle(req, res).catch(() => res.destroy())
  }
  const server = tls
    ? createTlsServer(
        {
          cert: tls.cert,
          key: tls.key,
          ...(tls.clientCa ? { ca: tls.clientCa, requestCert: true, rejectUnauthorized: true } : {}),
        },
        onRequest,
      )
    : createServer(onRequest)
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('The simulator has no TCP address.')
  const origin = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${address.port}`
  state.baseUrl = origin

  return {
    baseUrl: origin,
    consoleBaseUrl: origin,
    options,
    state,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
