// Response writers shared by every simulator route: JSON bodies and an SSE writer.
// Both apply the request's mid-body faults (faults.ts), and the SSE writer owns stream pacing (tokens/s and
// first-token delay), so every format gets speed control and faults without code of its own.
import type { ServerResponse } from 'node:http'
import type { SimContext } from './types'
import { parseFaults, type FaultPlan } from './faults'
import { foreignErrorBody, withoutUsage, wrongStatus } from './nonConformance'
import { jitteredDelay, jitteredSpeed } from './admission'

/** One SSE event: `name` is the `event:` line (undefined for data-only formats). */
export interface SseEventSpec {
  name: string | undefined
  data: unknown
}

/** The request's fault plan; the server has already rejected unparseable specs. */
export function faultPlanOf(ctx: Pick<SimContext, 'fault'>): FaultPlan {
  try {
    return parseFaults(ctx.fault)
  } catch {
    return {}
  }
}

/** Answers a JSON body. A 2xx/3xx body honours `drop`, `stall` and `malformed` faults. */
export function sendJson(
  ctx: SimContext,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const { res } = ctx
  if (res.headersSent || res.destroyed) {
    res.destroy()
    return
  }
  // Non-conformant modes (nonConformance.ts) bend the answer before it is written.
  const modes = faultPlanOf(ctx).modes ?? []
  if (status < 400 && modes.includes('nousage')) body = withoutUsage(body)
  if (status >= 400 && modes.includes('foreign-error')) body = foreignErrorBody(body, status)
  if (modes.includes('wrong-status')) status = wrongStatus(status)
  const bytes = Buffer.from(JSON.stringify(body))
  const fault = status < 400 ? faultPlanOf(ctx).stream : undefined
  const half = bytes.subarray(0, Math.floor(bytes.length / 2))
  const payload = fault?.kind === 'malformed' ? half : bytes
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(payload.length),
    ...headers,
  })
  if (fault?.kind === 'drop') res.write(half, () => res.destroy())
  else if (fault?.kind === 'stall') res.write(half)
  else res.end(payload)
}

export interface SseWriter {
  /**
   * Writes one event and resolves once it is written (after pacing). `tokens` weighs the event for the
   * tokens/s pacing and first-token delay; events without tokens (bookkeeping events) are not delayed.
   * A no-op once the stream is closed.
   */
  event(name: string | undefined, data: string | object, tokens?: number): Promise<void>
  /** Writes an SSE comment line (`: text`), which clients ignore; not counted as an event. */
  comment(text: string): Promise<void>
  /** Ends the stream normally (a no-op after a drop, a stall or a mid-stream error fault). */
  end(): void
  /** Destroys the socket without a terminal event. */
  drop(): void
  /** True once the client went away or a fault ended or stalled the stream: generation should stop. */
  readonly closed: boolean
}

function serialize(name: string | undefined, data: string | object): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data)
  const lines = text.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`)
  return `${name === undefined ? '' : `event: ${name}\n`}${lines.join('')}\n`
}

/** Destroys the socket once what was written has left it, so the client sees the events before the cut. */
function destroyAfterFlush(res: ServerResponse): Promise<void> {
  const socket = res.socket
  if (!socket || socket.destroyed) {
    res.destroy()
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    socket.write('', () => {
      socket.destroy()
      resolve()
    })
  })
}

function whenClosed(res: ServerResponse): Promise<void> {
  if (res.closed || res.destroyed) return Promise.resolve()
  return new Promise((resolve) => res.once('close', () => resolve()))
}

/**
 * Starts an SSE response (200, `text/event-stream`, headers flushed at once). `errorEvents` builds the
 * format's mid-stream error events for the `error:<n>` fault (see errors.ts streamErrorEvents).
 */
export function openSse(
  ctx: SimContext,
  errorEvents: (message: string) => SseEventSpec[],
  headers: Record<string, string> = {},
): SseWriter {
  const { res } = ctx
  const plan = faultPlanOf(ctx)
  const { firstTokenJitterMs, tokensPerSecondJitter } = ctx.sim.options
  // Each stream draws its own delay and speed around the set values (admission.ts), as real streams vary.
  const tokensPerSecond = jitteredSpeed(
    plan.tokensPerSecond ?? ctx.sim.options.tokensPerSecond,
    tokensPerSecondJitter,
  )
  const firstTokenDelayMs = jitteredDelay(
    plan.firstTokenDelayMs ?? ctx.sim.options.firstTokenDelayMs,
    firstTokenJitterMs,
  )
  const closedPromise = whenClosed(res)
  let closed = false
  let stalled = false
  let faultFired = false
  let written = 0
  let paceStart = -1
  let pacedTokens = 0
  // The one pending wait (a pacing sleep or a drain); a stream awaits one thing at a time, and a closed
  // socket must end that wait at once so no timer outlives the stream.
  let wake: (() => void) | undefined
  void closedPromise.then(() => {
    closed = true
    wake?.()
  })

  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    ...headers,
  })
  res.flushHeaders()

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      const timer = setTimeout(done, ms)
      wake = done
    })

  const write = async (chunk: string): Promise<void> => {
    if (closed) return
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done)
          wake = undefined
          resolve()
        }
        res.on('drain', done)
        wake = done
      })
    }
  }

  const pace = async (tokens: number): Promise<void> => {
    if (paceStart < 0) {
      if (firstTokenDelayMs > 0) await sleep(firstTokenDelayMs)
      paceStart = performance.now()
    }
    if (tokensPerSecond > 0) {
      // Schedule against the stream's start, so timer granularity never accumulates into drift.
      const due = paceStart + (pacedTokens / tokensPerSecond) * 1000
      pacedTokens += tokens
      const wait = due - performance.now()
      if (wait >= 1) await sleep(wait)
    }
  }

  const applyFault = async (name: string | undefined): Promise<boolean> => {
    const fault = plan.stream
    if (!fault || faultFired || written !== fault.after) return false
    faultFired = true
    switch (fault.kind) {
      case 'drop':
        closed = true
        await destroyAfterFlush(res)
        return true
      case 'stall':
        stalled = true
        closed = true
        await closedPromise
        return true
      case 'error':
        for (const spec of errorEvents(`Simulated mid-stream error (fault error:${fault.after}).`)) {
          await write(serialize(spec.name, spec.data as object))
        }
        closed = true
        res.end()
        return true
      case 'malformed':
        await write(`${name === undefined ? '' : `event: ${name}\n`}data: {"simulated": malformed\n\n`)
        return false
    }
  }

  return {
    get closed() {
      return closed
    },
    async event(name, data, tokens = 0) {
      if (closed) return
      if (data === '[DONE]' && plan.modes?.includes('nodone')) return
      if (typeof data === 'object' && plan.modes?.includes('nousage')) data = withoutUsage(data) as object
      if (await applyFault(name)) return
      if (tokens > 0) await pace(tokens)
      if (closed) return
      await write(serialize(name, data))
      written += 1
    },
    async comment(text) {
      await write(`: ${text.replace(/[\r\n]+/g, ' ')}\n\n`)
    },
    end() {
      if (closed || stalled) return
      // A fault due exactly at the end still fires (drop/error/stall before the stream closes).
      void applyFault(undefined).then((handled) => {
        if (handled || closed) return
        closed = true
        res.end()
      })
    },
    drop() {
      closed = true
      void destroyAfterFlush(res)
    },
  }
}
