// Coalesces stream events for IPC (P1): the first content event goes out at once (time to first token is what a
// user feels), later ones are batched and flushed at most once per interval (~one animation frame), merging
// adjacent deltas of the same kind so the reassembled text is byte-identical with fewer, larger messages.
import type { StreamEvent } from '../../../shared/wire/events'

export interface CoalescerOptions {
  intervalMs?: number
  /** Flushes early when the pending batch grows past this many characters, to bound one IPC message. */
  maxPendingChars?: number
}

export class Coalescer<E extends { type: string } = StreamEvent> {
  private pending: E[] = []
  private pendingChars = 0
  private timer: ReturnType<typeof setTimeout> | null = null
  private sentFirst = false
  private lastFlush = 0
  private closed = false
  private readonly intervalMs: number
  private readonly maxPendingChars: number

  constructor(
    private readonly emit: (events: E[]) => void,
    options: CoalescerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 17
    this.maxPendingChars = options.maxPendingChars ?? 64 * 1024
  }

  push(events: readonly E[]): void {
    if (this.closed || events.length === 0) return
    for (const event of events) this.add(event)
    const now = performance.now()
    if (!this.sentFirst && this.pending.some(isContent)) {
      this.sentFirst = true
      this.flush()
    } else if (this.pendingChars >= this.maxPendingChars || now - this.lastFlush >= this.intervalMs) {
      this.flush()
    } else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), Math.max(0, this.intervalMs - (now - this.lastFlush)))
    }
  }

  /** Sends whatever is pending now (before a terminal event). */
  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    if (this.pending.length === 0) return
    const batch = this.pending
    this.pending = []
    this.pendingChars = 0
    this.lastFlush = performance.now()
    this.emit(batch)
  }

  /** Drops what is pending without sending it (Stop: nothing arrives after the user stopped). */
  discard(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.pending = []
    this.pendingChars = 0
  }

  close(): void {
    this.flush()
    this.closed = true
  }

  private add(event: E): void {
    const last = this.pending[this.pending.length - 1] as unknown as Record<string, unknown> | undefined
    const e = event as unknown as Record<string, unknown>
    const size =
      typeof e.delta === 'string'
        ? e.delta.length
        : typeof e.argumentsDelta === 'string'
          ? e.argumentsDelta.length
          : 64
    this.pendingChars += size
    if (last && last.type === e.type) {
      if ((e.type === 'text' || e.type === 'reasoning') && typeof last.delta === 'string') {
        last.delta += e.delta as string
        return
      }
      if (e.type === 'toolCallDelta' && last.index === e.index) {
        last.argumentsDelta = (last.argumentsDelta as string) + (e.argumentsDelta as string)
        return
      }
      if (e.type === 'usage') {
        // Usage events carry running totals: the newest replaces the older one.
        this.pending[this.pending.length - 1] = event
        return
      }
    }
    this.pending.push({ ...event })
  }
}

const isContent = (e: { type: string }) =>
  e.type === 'text' ||
  e.type === 'reasoning' ||
  e.type === 'toolCallStart' ||
  e.type === 'image' ||
  e.type === 'error'
