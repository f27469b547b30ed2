// Errors a page caught in one of its panels, written to main's log (the page's own console is gone with a reload).
// Invariant: what the page sends is bounded by the route's schema, scrubbed of every known secret, and written at
// most LIMIT times a minute, so a panel that throws on every frame cannot flood the log.
import { scrubSecrets } from './redact'

const LIMIT = 20
const WINDOW_MS = 60_000

export interface PageErrorReport {
  panel: string
  message: string
  stack?: string
}

export class PageErrorLog {
  private windowStart = 0
  private written = 0
  private dropped = 0

  constructor(
    private readonly log: ((message: string) => void) | undefined,
    private readonly secrets: () => Iterable<string>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Writes one report unless this minute's share is used up; answers whether it was written. */
  report({ panel, message, stack }: PageErrorReport): boolean {
    if (!this.log) return false
    const now = this.now()
    if (now - this.windowStart >= WINDOW_MS) {
      if (this.dropped > 0) this.log(`${this.dropped} more page errors in the last minute were not written`)
      this.windowStart = now
      this.written = 0
      this.dropped = 0
    }
    if (this.written >= LIMIT) {
      this.dropped++
      return false
    }
    this.written++
    // Control characters would let a page forge log lines of its own; only the stack keeps its line breaks.
    const clean = (text: string, lines = false) =>
      text.replace(/\p{Cc}/gu, (c) => (lines && c === '\n' ? c : ' '))
    const text = `page error in the ${clean(panel)} panel: ${clean(message)}${stack ? `\n${clean(stack, true)}` : ''}`
    this.log(scrubSecrets(text, this.secrets()))
    return true
  }
}
