// No secret is written into the data folder but the secret store (S11): every text main writes there goes through
// `writeFileAtomic`, which scrubs it with the secrets each running app core registered here (the profiles' keys
// and tokens, the built-in simulator's). So a key a gateway echoes in a task status, an error body or a header
// is `***` in `jobs.json`, `conversation.json`, an exchange archive or a capture, as it is on the page; the
// settings file is written through `redactingSettings`. A registry rather than a parameter: the rule holds for
// every writer, including ones added later.
import type { SettingsStore } from './ports'
import { redactValue, secretScrubber } from './redact'

const sources = new Set<() => readonly string[]>()

/** Registers where the secrets to keep off disk come from; answers the function that unregisters it. */
export function redactOnDisk(secrets: () => readonly string[]): () => void {
  sources.add(secrets)
  return () => void sources.delete(secrets)
}

function secretsNow(): string[] {
  const all = new Set<string>()
  for (const source of sources) for (const s of source()) if (s) all.add(s)
  return [...all]
}

/** `text` with every registered secret replaced by `***` (also where it stands JSON-escaped). */
export function scrubForDisk(text: string): string {
  return sources.size === 0 ? text : secretScrubber(secretsNow())(text)
}

/**
 * The pieces of a text written as they come, scrubbed as one text would be: the end of a piece that could begin
 * a secret is held back until the next piece shows whether it does.
 */
export async function* scrubPiecesForDisk(pieces: AsyncIterable<string>): AsyncIterable<string> {
  const secrets = secretsNow()
  if (secrets.length === 0) return yield* pieces
  const scrub = secretScrubber(secrets)
  // The longest needle is a secret's JSON-escaped form, at most 6 characters per character.
  const hold = Math.max(...secrets.map((s) => JSON.stringify(s).length)) - 1
  let carry = ''
  for await (const piece of pieces) {
    const text = scrub(carry + piece)
    const cut = Math.max(0, text.length - hold)
    carry = text.slice(cut)
    if (cut > 0) yield text.slice(0, cut)
  }
  if (carry) yield scrub(carry)
}

/** The settings store with every value scrubbed before it is written (the host's adapter writes the file). */
export function redactingSettings(store: SettingsStore): SettingsStore {
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, sources.size === 0 ? value : redactValue(value, scrubForDisk)),
    delete: (key) => store.delete(key),
  }
}
