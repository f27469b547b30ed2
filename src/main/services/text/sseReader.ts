// Bytes in, SSE frames out: UTF-8 decoded across chunk boundaries (a character split between two reads is
// kept whole) and split into events by eventsource-parser, whatever the line endings. The one quirk handled
// here: at the end, a closing blank line is fed, which completes a trailing CR and delivers a last event that
// lacks its blank line (the spec drops it; a debugging tool should show it, and the folder judges completeness).
import { createParser } from 'eventsource-parser'

export interface SseFrameIn {
  event?: string
  data: string
}

export interface SseReader {
  push(bytes: Uint8Array): void
  end(): void
}

/** 16 MB: a single unterminated event larger than this is a broken stream, not a long answer. */
const MAX_BUFFER = 16 * 1024 * 1024

/** Thrown by `push` once one event outgrew the buffer: nothing after it can be read as events (S9). */
export class SseOverflowError extends Error {
  constructor() {
    super(`one event was larger than ${MAX_BUFFER / 1024 / 1024} MB, so the rest of the stream was not read`)
  }
}

export function createSseReader(
  onFrame: (frame: SseFrameIn) => void,
  onError?: (message: string) => void,
  /** Receives the decoded text as it arrives (the raw body kept for save-and-replay). */
  onText?: (text: string) => void,
): SseReader {
  const decoder = new TextDecoder('utf-8')
  let overflowed = false
  const parser = createParser({
    maxBufferSize: MAX_BUFFER,
    onEvent: (event) =>
      onFrame(event.event === undefined ? { data: event.data } : { event: event.event, data: event.data }),
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflowed = true
      onError?.(error.message)
    },
  })
  const feed = (text: string) => {
    if (text) onText?.(text)
    parser.feed(text)
    // The parser has stopped for good: reading on (a gzip bomb, an endless line) would only cost memory and time.
    if (overflowed) throw new SseOverflowError()
  }
  return {
    push: (bytes) => feed(decoder.decode(bytes, { stream: true })),
    end: () => {
      feed(decoder.decode())
      parser.feed('\n\n')
    },
  }
}
