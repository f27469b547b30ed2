// The model's tool calls followed through a server's JSON-RPC messages: each tools/call request is tagged with the
// call it serves (its id in the conversation), and so are the progress notifications, the cancel and the answer
// that name that request, so the log shows a call's messages together and its progress reaches whoever asked.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'

type Progress = (p: { progress: number; total?: number; message?: string }) => void

export interface TaggedCall {
  /** Its request's JSON-RPC id, once sent. */
  id?: string | number
  /** A cancel was sent for it. */
  cancelled?: boolean
  progress?: Progress
}

export class CallTags {
  /** The tag of the tools/call request about to be sent (the SDK sends it within the same turn). */
  private next: string | null = null
  /** The tag of each request, by JSON-RPC id. */
  private readonly tags = new Map<string | number, string>()
  private readonly calls = new Map<string, TaggedCall>()

  begin(tag: string, progress?: Progress): TaggedCall {
    const call: TaggedCall = { progress }
    this.calls.set(tag, call)
    this.next = tag
    return call
  }

  sending(tag: string | null): void {
    this.next = tag
  }

  end(tag: string): void {
    this.calls.delete(tag)
    this.next = null
  }

  clear(): void {
    this.tags.clear()
  }

  sent(m: JSONRPCMessage): string | undefined {
    const msg = m as { id?: string | number; method?: string; params?: { requestId?: string | number } }
    if (msg.method === 'tools/call' && msg.id !== undefined && this.next) {
      this.tags.set(msg.id, this.next)
      const mine = this.calls.get(this.next)
      if (mine) mine.id = msg.id
      return this.next
    }
    if (msg.method === 'notifications/cancelled' && msg.params?.requestId !== undefined) {
      const tag = this.tags.get(msg.params.requestId)
      const mine = tag ? this.calls.get(tag) : undefined
      if (mine) mine.cancelled = true
      return tag
    }
    return undefined
  }

  received(m: JSONRPCMessage): string | undefined {
    const msg = m as {
      id?: string | number
      method?: string
      params?: { progressToken?: string | number; progress?: unknown; total?: unknown; message?: unknown }
    }
    if (msg.id !== undefined && !msg.method) {
      const tag = this.tags.get(msg.id)
      this.tags.delete(msg.id)
      return tag
    }
    if (msg.method === 'notifications/progress' && msg.params?.progressToken !== undefined) {
      const tag = this.tags.get(msg.params.progressToken)
      const p = msg.params
      const hear = tag ? this.calls.get(tag)?.progress : undefined
      if (hear && typeof p.progress === 'number')
        hear({
          progress: p.progress,
          ...(typeof p.total === 'number' ? { total: p.total } : {}),
          ...(typeof p.message === 'string' ? { message: p.message.slice(0, 500) } : {}),
        })
      return tag
    }
    return undefined
  }
}
