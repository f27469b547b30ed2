// Test support for simulator tests: start a simulator, send JSON over real HTTP (global fetch), and read SSE
// with a real parser (eventsource-parser), keeping arrival times so pacing and faults can be observed.
// Used only by *.test.ts files; nothing here stubs the network.
import { createParser } from 'eventsource-parser'
import { createSimulator, type CreateSimulatorOptions, type RunningSimulator } from '../../src/simulator/server'

export const API_KEY = 'sk-sim-local'

export interface SseMessage {
  event: string | undefined
  data: string
  /** ms since the response headers arrived. */
  at: number
}

export interface SseRead {
  events: SseMessage[]
  /** The raw text received. */
  raw: string
  /** Set when the body ended with an error (socket destroyed). */
  error: Error | undefined
}

export async function startSimulator(options: CreateSimulatorOptions = {}): Promise<RunningSimulator> {
  return createSimulator(options)
}

export function postJson(
  sim: RunningSimulator,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${sim.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  })
}

/** Reads an SSE body to its end (or error, or `stopAfterMs` of silence when given). */
export async function readSse(response: Response, stopAfterMs?: number): Promise<SseRead> {
  const started = performance.now()
  const events: SseMessage[] = []
  const parser = createParser({
    onEvent: (message) =>
      events.push({ event: message.event, data: message.data, at: performance.now() - started }),
  })
  const reader = response.body?.getReader()
  if (!reader) throw new Error('response has no body')
  const decoder = new TextDecoder()
  let raw = ''
  let error: Error | undefined
  for (;;) {
    let timer: NodeJS.Timeout | undefined
    const silence =
      stopAfterMs === undefined
        ? undefined
        : new Promise<'silent'>((resolve) => {
            timer = setTimeout(() => resolve('silent'), stopAfterMs)
          })
    try {
      const next = await (silence ? Promise.race([reader.read(), silence]) : reader.read())
      if (next === 'silent') {
        await reader.cancel()
        break
      }
      if (next.done) break
      const text = decoder.decode(next.value, { stream: true })
      raw += text
      parser.feed(text)
    } catch (caught) {
      error = caught as Error
      break
    } finally {
      clearTimeout(timer)
    }
  }
  return { events, raw, error }
}

/** The JSON payloads of SSE events (skipping `[DONE]`). */
export function jsonEvents(read: SseRead): { event: string | undefined; data: Record<string, unknown> }[] {
  return read.events
    .filter((message) => message.data !== '[DONE]')
    .map((message) => ({ event: message.event, data: JSON.parse(message.data) as Record<string, unknown> }))
}
