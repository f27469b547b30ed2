// The newest part of a streamed answer, kept beside the whole text so a reader of what just arrived never
// touches the whole string: V8 builds `text + delta` as a rope in O(1), and any read of it (a slice, a compare)
// first copies all of it into one flat string, which on a long answer is milliseconds per update.
// Invariant: `tail.text === whole.slice(tail.start)`; the tail holds at most 2 × TAIL_WINDOW characters.

/** The end of a text: the characters from `start` on. */
export interface TextTail {
  readonly start: number
  readonly text: string
}

/** Characters a tail keeps at least (once the text is that long); it is cut back to this when it doubles. */
export const TAIL_WINDOW = 32_768

/** The tail of `length + delta` given the tail of a text of `length` characters. */
export function appendToTail(tail: TextTail | undefined, length: number, delta: string): TextTail {
  const start = tail && tail.start + tail.text.length === length ? tail.start : length
  const text = (tail && start === tail.start ? tail.text : '') + delta
  if (text.length <= 2 * TAIL_WINDOW) return { start, text }
  // Cut once per TAIL_WINDOW characters: the copy this makes is bounded, and amortized it is O(delta).
  const cut = text.length - TAIL_WINDOW
  return { start: start + cut, text: text.slice(cut) }
}
