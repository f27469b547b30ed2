// What one browser-mode socket may hold of main (R10, S9): at most `maxInFlight` of its calls run at once (the rest
// wait in order, and the socket is not read meanwhile, so the page's own TCP window holds them); while more than
// `pauseBytes` of its answers and events wait to be sent, no more of its calls are read; a socket whose reader
// holds more than `closeBytes` unread, or stays over `pauseBytes` for `stallMs`, is closed with a reason and its
// buffered bytes let go. Fairness between sockets: ws emits each socket's messages one per turn of the event loop
// (the server is made with `allowSynchronousEvents: false`), and no socket has more than its share in flight.
import type { WebSocket } from 'ws'

export interface SocketLimits {
  maxInFlight: number
  pauseBytes: number
  closeBytes: number
  stallMs: number
}

export const SOCKET_LIMITS: SocketLimits = {
  maxInFlight: 16,
  pauseBytes: 1024 * 1024,
  closeBytes: 32 * 1024 * 1024,
  stallMs: 10_000,
}

/** Calls (and their bytes) a socket may have waiting beyond those in flight before it is closed: they were read
 * before its reading stopped (what ws had taken of the socket then: a read or two, or one fragmented message), so a
 * page that sends a few hundred small calls at once is not closed for it. */
const MAX_WAITING = 4096
const MAX_WAITING_BYTES = 16 * 1024 * 1024

export class SocketQuota {
  private inFlight = 0
  private readonly waiting: { call: () => Promise<void>; bytes: number; release: () => void }[] = []
  private waitingBytes = 0
  private readonly limits: SocketLimits
  /** Bytes handed to ws and not yet written to the socket (send callbacks count them down). */
  private unsent = 0
  private overSince: number | null = null
  private stallTimer: NodeJS.Timeout | null = null
  private closed = false

  constructor(
    private readonly ws: WebSocket,
    private readonly onClose: (reason: string) => void,
    limits: Partial<SocketLimits> = {},
  ) {
    this.limits = { ...SOCKET_LIMITS, ...limits }
    ws.once('close', () => this.stop())
  }

  /** Runs a call (`bytes` long) now, or after the socket's earlier calls when it has its share in flight.
   * `release` runs once when the call has ended, or when it is dropped unrun because the socket closed. */
  take(call: () => Promise<void>, bytes: number, release: () => void = () => undefined): void {
    if (this.closed) return release()
    if (this.waiting.length >= MAX_WAITING || this.waitingBytes + bytes > MAX_WAITING_BYTES) {
      release()
      return this.close(`more than ${MAX_WAITING} calls or ${mb(MAX_WAITING_BYTES)} waited at once`)
    }
    this.waiting.push({ call, bytes, release })
    this.waitingBytes += bytes
    this.next()
  }

  /** Sends a text to the page, counting what waits; closes the socket when its reader holds too much. */
  send(text: string): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return
    const bytes = Buffer.byteLength(text)
    this.unsent += bytes
    this.ws.send(text, () => {
      this.unsent -= bytes
      this.next()
    })
    this.check(bytes)
  }

  /** False once the socket is closed or was closed for its reader: events for it are not made at all. */
  get open(): boolean {
    return !this.closed && this.ws.readyState === this.ws.OPEN
  }

  /** Bytes that wait to reach the page: ws's own buffer and the socket's. */
  private buffered(): number {
    return Math.max(this.unsent, this.ws.bufferedAmount)
  }

  private next(): void {
    if (this.closed) return
    this.check()
    const reading = this.buffered() <= this.limits.pauseBytes
    while (reading && this.inFlight < this.limits.maxInFlight && this.waiting.length > 0) {
      const { call, bytes, release } = this.waiting.shift()!
      this.waitingBytes -= bytes
      this.inFlight++
      void call().finally(() => {
        release()
        this.inFlight--
        this.next()
      })
    }
    // Reading stops while calls wait or answers pile up, and starts again once both are down.
    const hold = this.waiting.length > 0 || this.inFlight >= this.limits.maxInFlight || !reading
    if (hold && !this.ws.isPaused) this.ws.pause()
    else if (!hold && this.ws.isPaused) this.ws.resume()
  }

  /** `latest`: the size of the message just sent. One large answer to a page that had read all before it is not
   * a reader that does not read: it has `stallMs` to drain like any other. */
  private check(latest = 0): void {
    const buffered = this.buffered()
    if (buffered > this.limits.closeBytes && buffered - latest > this.limits.pauseBytes)
      return this.close(`the page did not read its messages (over ${mb(this.limits.closeBytes)} waited)`)
    if (buffered <= this.limits.pauseBytes) {
      this.overSince = null
      if (this.stallTimer) clearTimeout(this.stallTimer)
      this.stallTimer = null
      return
    }
    this.overSince ??= Date.now()
    this.stallTimer ??= setTimeout(() => {
      this.stallTimer = null
      if (this.overSince !== null && this.buffered() > this.limits.pauseBytes)
        this.close(`the page did not read its messages for ${this.limits.stallMs / 1000} s`)
    }, this.limits.stallMs)
    this.stallTimer.unref?.()
  }

  private close(reason: string): void {
    if (this.closed) return
    this.onClose(reason)
    this.stop()
    // The close frame queues behind what the page did not read; the bytes are let go at once either way.
    this.ws.close(1008, reason)
    setTimeout(() => this.ws.terminate(), 100).unref?.()
  }

  private stop(): void {
    this.closed = true
    for (const { release } of this.waiting.splice(0)) release()
    this.waitingBytes = 0
    if (this.stallTimer) clearTimeout(this.stallTimer)
    this.stallTimer = null
  }
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`
}
