// Bounded framing of a tool server's byte stream into messages: lines (stdio) or events (SSE, ended by a blank
// line). One message holds at most `max` bytes in memory; a larger one is skipped to its end with only its first
// and last bytes kept, so the app can still tell which request it answered (`oversizeId`) and fail that request at
// once with a clear word instead of holding 100 MB or waiting for a timeout. Chunks are kept as they arrive and
// joined once per message (never concatenated per chunk).

const EDGE = 512
const EMPTY = Buffer.alloc(0)

export interface Oversize {
  /** The whole message's size in bytes. */
  bytes: number
  /** Its first and last bytes, as text. */
  head: string
  tail: string
}

export interface FramingSink {
  message(text: string): void
  oversize(info: Oversize): void
}

export class BoundedFraming {
  private parts: Buffer[] = []
  private size = 0
  private skipping = false
  private skipped = 0
  private head = ''
  private tail: Buffer = EMPTY
  /** Event mode: nothing but line endings since the last line ended. */
  private lineStart = true

  constructor(
    private readonly max: number,
    private readonly mode: 'line' | 'event',
    private readonly sink: FramingSink,
  ) {}

  push(chunk: Buffer): void {
    let start = 0
    while (start < chunk.length) {
      const nl = chunk.indexOf(10, start)
      const end = nl === -1 ? chunk.length : nl + 1
      const piece = chunk.subarray(start, end)
      let boundary = false
      if (nl === -1) {
        // A lone CR at a chunk's end may be the first half of a CRLF: it does not make the line non-empty.
        if (!(piece.length === 1 && piece[0] === 13)) this.lineStart = false
      } else if (this.mode === 'line') boundary = true
      else {
        const blank = piece.length === 1 || (piece.length === 2 && piece[0] === 13)
        boundary = this.lineStart && blank
        this.lineStart = true
      }
      this.take(piece)
      if (boundary) this.finish()
      start = end
    }
  }

  /** The stream ended: a message without its delimiter is given as it is (a server's last line). */
  end(): void {
    if (this.size > 0 || this.skipping) this.finish()
  }

  private take(piece: Buffer): void {
    if (this.skipping) {
      this.skipped += piece.length
      this.keepTail(piece)
      return
    }
    if (this.size + piece.length <= this.max) {
      this.parts.push(piece)
      this.size += piece.length
      return
    }
    // Over the bound: keep the edges and let the rest go by.
    const first: Buffer[] = []
    let have = 0
    for (const part of [...this.parts, piece]) {
      if (have >= EDGE) break
      first.push(part.subarray(0, EDGE - have))
      have += first[first.length - 1]!.length
    }
    this.head = Buffer.concat(first).toString('utf8')
    this.skipping = true
    this.skipped = this.size + piece.length
    this.tail = EMPTY
    this.keepTail(Buffer.concat([...this.parts.slice(-2), piece]))
    this.parts = []
    this.size = 0
  }

  private keepTail(piece: Buffer): void {
    this.tail =
      piece.length >= EDGE
        ? Buffer.from(piece.subarray(piece.length - EDGE))
        : Buffer.concat([this.tail, piece]).subarray(-EDGE)
  }

  private finish(): void {
    if (this.skipping) {
      const info = { bytes: this.skipped, head: this.head, tail: this.tail.toString('utf8') }
      this.skipping = false
      this.skipped = 0
      this.head = ''
      this.tail = EMPTY
      this.sink.oversize(info)
      return
    }
    const text =
      this.parts.length === 1 ? this.parts[0]!.toString('utf8') : Buffer.concat(this.parts).toString('utf8')
    this.parts = []
    this.size = 0
    if (text.trim() !== '') this.sink.message(text)
  }
}

const ID = /[{,]\s*"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")\s*[,}]/g
/** A request or notification from the server names its method among its first keys (the SDK writes it first). */
const SERVER_REQUEST = /^[^{]*\{\s*(?:"(?:jsonrpc|id)"\s*:\s*(?:"[^"]*"|-?\d+)\s*,\s*)*"method"\s*:/

/**
 * The JSON-RPC id of a message seen only by its edges: the first top-level `"id"` in its head, else the last in
 * its tail (the SDK's servers write a response's id after its result). Null when none can be read or the message
 * is the server's own request (its id is not one of the app's).
 */
export function oversizeId(info: Pick<Oversize, 'head' | 'tail'>): string | number | null {
  if (SERVER_REQUEST.test(info.head)) return null
  const pick = (m: RegExpMatchArray | undefined) => {
    const raw = m?.[1]
    if (raw === undefined) return null
    return raw.startsWith('"') ? (JSON.parse(raw) as string) : Number(raw)
  }
  const fromHead = pick([...info.head.matchAll(ID)][0])
  if (fromHead !== null) return fromHead
  const inTail = [...info.tail.matchAll(ID)]
  return pick(inTail[inTail.length - 1])
}

/** Megabytes in words: "8 MB", "0.06 MB". */
export const mb = (bytes: number) =>
  `${Number((bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1))} MB`
