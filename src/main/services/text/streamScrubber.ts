// Keeps the profile's secrets out of a run's streamed deltas before they reach a window (S7), including a key a
// gateway echoes split across two deltas: the end of a delta that could begin a secret is held back until the
// next delta of the same channel shows whether it does. Held text is released before any other event, so the
// order of events is kept; at the end of the run whatever is held is released (it was not a whole secret).
import type { RunEvent } from '../../../shared/ipc/text'
import { scrubSecrets } from '../redact'

/** Secrets shorter than this are not scrubbed (as scrubSecrets: they would mask ordinary words). */
const MIN_SECRET = 6

type DeltaEvent = Extract<RunEvent, { type: 'text' | 'reasoning' | 'refusal' | 'toolCallDelta' }>

export class StreamScrubber {
  private channel: string | null = null
  private held = ''
  private heldEvent: DeltaEvent | null = null

  constructor(private readonly secrets: () => readonly string[]) {}

  /** The events to send for a batch: deltas scrubbed, a possible secret's beginning held back. */
  scrub(events: readonly RunEvent[]): RunEvent[] {
    const secrets = this.secrets().filter((s) => s.length >= MIN_SECRET)
    if (secrets.length === 0 && this.heldEvent === null) return events as RunEvent[]
    const out: RunEvent[] = []
    for (const event of events) {
      const delta = deltaOf(event)
      if (delta === null) {
        this.release(out)
        out.push(event)
        continue
      }
      const channel = channelOf(event)
      if (channel !== this.channel) this.release(out)
      this.channel = channel
      const text = scrubSecrets(this.held + delta, secrets)
      const keep = heldSuffix(text, secrets)
      this.held = text.slice(text.length - keep)
      this.heldEvent = event as DeltaEvent
      const send = text.slice(0, text.length - keep)
      if (send) out.push(withDelta(event as DeltaEvent, send))
    }
    return out
  }

  /** Whatever is held, as its delta event (the run is ending). */
  drain(): RunEvent[] {
    const out: RunEvent[] = []
    this.release(out)
    return out
  }

  private release(out: RunEvent[]): void {
    if (this.heldEvent && this.held) out.push(withDelta(this.heldEvent, this.held))
    this.held = ''
    this.heldEvent = null
    this.channel = null
  }
}

function deltaOf(event: RunEvent): string | null {
  if (event.type === 'text' || event.type === 'reasoning' || event.type === 'refusal') return event.delta
  if (event.type === 'toolCallDelta') return event.argumentsDelta
  return null
}

function channelOf(event: RunEvent): string {
  return event.type === 'toolCallDelta' ? `tool:${event.index}` : event.type
}

function withDelta(event: DeltaEvent, text: string): RunEvent {
  return event.type === 'toolCallDelta' ? { ...event, argumentsDelta: text } : { ...event, delta: text }
}

/**
 * The length of the longest end of `text` that is the beginning (but not the whole) of a secret. Only the
 * positions in the last (longest secret − 1) characters holding a secret's first character are tried.
 */
export function heldSuffix(text: string, secrets: readonly string[]): number {
  let longest = 0
  for (const secret of secrets) {
    const first = secret[0]!
    const from = Math.max(0, text.length - secret.length + 1)
    for (let at = text.indexOf(first, from); at !== -1; at = text.indexOf(first, at + 1)) {
      const tail = text.length - at
      if (tail <= longest) break
      if (secret.startsWith(text.slice(at))) {
        longest = tail
        break
      }
    }
  }
  return longest
}
