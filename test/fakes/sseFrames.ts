// Test-only: splits raw SSE text into frames with the same parser main uses (eventsource-parser), feeding it
// in chunks of a chosen size so tests can prove a fold does not depend on where the network cut the bytes.
import { createParser } from 'eventsource-parser'
import type { EventSourceParser } from 'eventsource-parser'
import type { FormatAdapter } from '../../src/shared/wire/adapter'
import type { StreamEvent, StreamFolder } from '../../src/shared/wire/events'

function chunks(raw: string, size: number): string[] {
  const out: string[] = []
  for (let i = 0; i < raw.length; i += size) out.push(raw.slice(i, i + size))
  return out
}

/**
 * At body end a trailing CR is held back (a LF might follow), so a CR-only stream's last blank line is never
 * seen. Feeding the LF settles it; it cannot complete an event that lacked its blank line.
 */
function settle(parser: EventSourceParser, raw: string): void {
  if (raw.endsWith('\r')) parser.feed('\n')
}

export interface Folded {
  events: StreamEvent[]
  folder: StreamFolder
}

/** Feeds a raw SSE body through a fresh folder of `adapter`, frame by frame as the parser yields them, then ends it. */
export function foldRaw(adapter: FormatAdapter, raw: string, chunkSize = raw.length || 1): Folded {
  const folder = adapter.createFolder()
  const events: StreamEvent[] = []
  const parser = createParser({
    onEvent: (e) =>
      events.push(
        ...folder.push(e.event === undefined ? { data: e.data } : { event: e.event, data: e.data }),
      ),
  })
  for (const c of chunks(raw, chunkSize)) parser.feed(c)
  settle(parser, raw)
  events.push(...folder.end())
  return { events, folder }
}

/** Builds raw SSE text from `[event, data]` pairs the way servers write it (`event:` only when named). */
export function sse(frames: readonly (readonly [string | undefined, unknown])[]): string {
  return frames
    .map(
      ([event, data]) =>
        `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
    )
    .join('')
}

/** Collapses consecutive text/reasoning deltas so tests compare content, not how it was split. */
export function joinDeltas(events: readonly StreamEvent[]): StreamEvent[] {
  const out: StreamEvent[] = []
  for (const e of events) {
    const last = out[out.length - 1]
    if ((e.type === 'text' || e.type === 'reasoning') && last?.type === e.type) {
      out[out.length - 1] = { type: e.type, delta: last.delta + e.delta }
    } else out.push(e)
  }
  return out
}
