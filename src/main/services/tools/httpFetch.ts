// The fetch a tool server's HTTP transports use (Streamable HTTP, and the legacy SSE fallback): the user named
// the URL, so any address is allowed, but what comes back is bounded. A JSON answer over the message limit errors
// (the request it answered fails with the reason); an event stream is framed event by event (framing.ts), and an
// event over the limit is replaced by an error answer to the request it belonged to (its id read from its edges,
// else the one request the POST carried), so the stream goes on and the call fails at once.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { BoundedFraming, mb, oversizeId } from './framing'
import { limitError, type WireNotes } from './wireWatch'

const NULL_BODY = new Set([101, 204, 205, 304])

/** The JSON-RPC request ids a POST body carries (one message or a batch). */
function requestIds(body: unknown): (string | number)[] {
  if (typeof body !== 'string') return []
  try {
    const value: unknown = JSON.parse(body)
    const list = Array.isArray(value) ? value : [value]
    return list.flatMap((m) => {
      const id = (m as { id?: unknown; method?: unknown })?.id
      return (typeof id === 'string' || typeof id === 'number') && (m as { method?: unknown }).method
        ? [id]
        : []
    })
  } catch {
    return []
  }
}

export function boundedFetch(maxBytes: number, notes: WireNotes, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const res = await base(url, init)
    if (!res.body || NULL_BODY.has(res.status)) return res
    const sse = (res.headers.get('content-type') ?? '').includes('text/event-stream')
    const body = sse
      ? res.body.pipeThrough(boundedEvents(maxBytes, requestIds(init?.body), notes))
      : res.body.pipeThrough(boundedWhole(maxBytes, notes))
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
  }
}

function boundedWhole(maxBytes: number, notes: WireNotes): TransformStream<Uint8Array, Uint8Array> {
  let total = 0
  return new TransformStream({
    transform(chunk, controller) {
      total += chunk.byteLength
      if (total > maxBytes) {
        const message = `The server's answer is over this server's message limit of ${mb(maxBytes)}; it was not read.`
        notes.note(message)
        controller.error(new Error(message))
        return
      }
      controller.enqueue(chunk)
    },
  })
}

function boundedEvents(
  maxBytes: number,
  ids: (string | number)[],
  notes: WireNotes,
): TransformStream<Uint8Array, Uint8Array> {
  const encoder = new TextEncoder()
  let out: TransformStreamDefaultController<Uint8Array> | null = null
  const framing = new BoundedFraming(maxBytes, 'event', {
    message: (text) => out?.enqueue(encoder.encode(text)),
    oversize: (info) => {
      const id = oversizeId(info) ?? (ids.length === 1 ? ids[0]! : null)
      notes.note(
        `An event of ${mb(info.bytes)} was dropped: it is over this server's limit of ${mb(maxBytes)}` +
          (id === null ? '.' : ` (the answer to request ${id}, which fails).`),
      )
      if (id !== null)
        out?.enqueue(
          encoder.encode(`event: message\ndata: ${JSON.stringify(limitError(id, info.bytes, maxBytes))}\n\n`),
        )
    },
  })
  return new TransformStream({
    transform(chunk, controller) {
      out = controller
      framing.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
    },
    flush(controller) {
      out = controller
      framing.end()
    },
  })
}
