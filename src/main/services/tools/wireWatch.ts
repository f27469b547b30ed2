// What passes between the app and a tool server, watched: every JSON-RPC message both ways goes to the server's
// log (LoggedTransport wraps whichever transport is in use), a line that is not JSON-RPC is noted and dropped,
// and an answer the app refused (too large, or not JSON-RPC but naming a request) comes back to the SDK as that
// request's error, so the call fails at once with the reason instead of waiting for its time limit.
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js'
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { mb, oversizeId } from './framing'

/** The JSON-RPC error code of an answer the app refused on the server's behalf (in the server-error range). */
export const APP_REFUSED_CODE = -32099

export interface WireNotes {
  note(text: string): void
}

/** An error answer to request `id`, made by the app. */
export function refusedAnswer(id: string | number, message: string): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code: APP_REFUSED_CODE, message } }
}

export function limitError(id: string | number, bytes: number, max: number): JSONRPCMessage {
  return refusedAnswer(
    id,
    `The server's answer (${mb(bytes)}) is over this server's message limit of ${mb(max)}; it was not read. ` +
      'Raise the limit in Settings → Tool servers if the answer is expected to be that large.',
  )
}

/** One line from a stdio server as a JSON-RPC message, or null (noted) when it is not one. */
export function readMessage(text: string, notes: WireNotes): JSONRPCMessage | null {
  let value: unknown
  let why: string
  try {
    value = JSON.parse(text)
    const parsed = JSONRPCMessageSchema.safeParse(value)
    if (parsed.success) return parsed.data
    why = 'it is JSON but not a JSON-RPC 2.0 message'
  } catch {
    why = 'it is not JSON'
  }
  const shown = text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text
  notes.note(`A line the server wrote was dropped: ${why}: ${shown.trim()}`)
  const id = oversizeId({ head: text.slice(0, 512), tail: text.slice(-512) })
  return id === null ? null : refusedAnswer(id, `The server's answer to request ${id} is not valid: ${why}.`)
}

export interface MessageLog {
  sent(message: JSONRPCMessage): void
  received(message: JSONRPCMessage): void
}

/** A transport whose every message, both ways, is written to the server's log. */
export class LoggedTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: <T extends JSONRPCMessage>(message: T) => void

  constructor(
    readonly inner: Transport,
    private readonly log: MessageLog,
  ) {
    inner.onclose = () => this.onclose?.()
    inner.onerror = (error) => this.onerror?.(error)
    inner.onmessage = (message) => {
      this.log.received(message)
      this.onmessage?.(message)
    }
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version)
  }

  start(): Promise<void> {
    return this.inner.start()
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.log.sent(message)
    return this.inner.send(message, options)
  }

  close(): Promise<void> {
    return this.inner.close()
  }
}
