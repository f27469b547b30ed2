// Keeps the profile's secrets out of a run's streamed deltas before they reach a window (S7), including a key a
// gateway echoes split across deltas: the end of a channel's delta (answer, reasoning, refusal, each tool call's
// arguments) that could begin a secret is held back until that channel's next delta shows whether it does, even
// when other events come between. A channel's held text is released before the event that closes it (a tool
// call's end, the reasoning signature) and all of it before the run's finish or error, so no text is lost.
import type { RunEvent } from '../../../shared/ipc/text'
import { scrubSecrets } from '../redact'

/** Secrets shorter than this are not scrubbed (as scrubSecrets: they would mask ordinary words). */
const MIN_SECRET = 6

type DeltaEvent = Extract<RunEvent, { type: 'text' | 'reasoning' | 'refusal' | 'toolCallDelta' }>

export class StreamScrubber {
  /** Per channel, the text held back and the delta event it came in (for its shape). */
  private readonly held = new Map<string, { text: string; event: DeltaEvent }>()

  constructor(private readonly secrets: () => readonly string[]) {}

  /** The events to send for a batch: deltas scrubbed, a possible secret's beginning held back. */
  scrub(events: readonly RunEvent[]): RunEvent[] {
    const secrets = this.secrets().filter((s) => s.length >= MIN_SECRET)
    if (secrets.length === 0 && this.held.size === 0) return events as RunEvent[]
    const out: RunEvent[] = []
    for (const event of events) {
      const delta = deltaOf(event)
      if (delta === null) {
        const closes = closedBy(event)
        for (const channel of closes === 'all' ? [...this.held.keys()] : closes) this.release(channel, out)
        out.push(event)
        continue
      }
      const channel = channelOf(event)
      const text = scrubSecrets((this.held.get(channel)?.text ?? '') + delta, secrets)
      const keep = heldSuffix(text, secrets)
      if (keep > 0)
        this.held.set(channel, { text: text.slice(text.length - keep), event: event as DeltaEvent })
      else this.held.delete(channel)
      const send = text.slice(0, text.length - keep)
      if (send) out.push(withDelta(event as DeltaEvent, send))
    }
    return out
  }

  /** Whatever is held, as delta events (the run is ending). */
  drain(): RunEvent[] {
    const out: RunEvent[] = []
    for (const channel of [...this.held.keys()]) this.release(channel, out)
    return out
  }

  private release(channel: string, out: RunEvent[]): void {
    const held = this.held.get(channel)
    if (!held) return
    this.held.delete(channel)
    if (held.text) out.push(withDelta(held.event, held.text))
  }
}

function deltaOf(event: RunEvent): string | null {
  if (event.type === 'text' || event.type === 'reasoning' || event.type === 'refusal') return event.delta
  if (event.type === 'toolCallDelta') return event.argumentsDelta
  return null
}

/** The channels an event closes, whose held text must come before it. */
function closedBy(event: RunEvent): string[] | 'all' {
  if (event.type === 'toolCallEnd') return [`tool:${event.index}`]
  if (event.type === 'reasoningSignature') return ['reasoning']
  if (event.type === 'finish' || event.type === 'error' || event.type === 'incomplete') return 'all'
  return []
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
