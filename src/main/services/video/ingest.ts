// Turns a JSON response that carries a video inline (a download's `base64`, a `data:video/mp4;base64,` URL) into
// a file without ever holding the body or the decoded video in memory (M2): the scanner hands the big string to a
// decoder piece by piece, the decoder writes whole base64 quads to a temp file, and the loop waits for the disk
// between network chunks, so main's event loop only ever does one chunk's work at a time. The file is bounded
// (`maxFileBytes`, the video bound from Settings): past it the body is given up and the file removed.
import { createWriteStream, promises as fs, type WriteStream } from 'node:fs'
import { finished } from 'node:stream/promises'
import { JsonScanError, JsonScanner, type StringSink } from './jsonScan'
import { waitDrain } from '../tasks/drain'
import { resultTooLarge } from '../tasks/fetchToFile'

const BASE64_CHARS = /^[A-Za-z0-9+/=_-]*$/
const WHITESPACE = /\s+/g

/** Decodes base64 text arriving in pieces and writes the bytes to a stream; checks the alphabet as it goes. */
export class Base64Decoder implements StringSink {
  bytes = 0
  private carry = ''
  private ended = false

  constructor(private readonly out: WriteStream) {}

  write(piece: Uint8Array): void {
    const latin1 = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('latin1')
    this.writeText(latin1)
  }

  writeText(piece: string): void {
    let text = this.carry + piece
    if (!BASE64_CHARS.test(text)) {
      // Line-wrapped base64 (escaped \n in JSON) is still base64; anything else is not.
      text = text.replace(WHITESPACE, '')
      if (!BASE64_CHARS.test(text)) throw new JsonScanError('the video data is not valid base64')
    }
    const usable = text.length - (text.length % 4)
    this.carry = text.slice(usable)
    if (usable > 0) this.emit(Buffer.from(text.slice(0, usable), 'base64'))
  }

  end(): void {
    if (this.ended) return
    this.ended = true
    if (this.carry.length === 1) throw new JsonScanError('the video data is not valid base64 (truncated)')
    if (this.carry) this.emit(Buffer.from(this.carry, 'base64'))
    this.carry = ''
  }

  private emit(bytes: Buffer): void {
    this.bytes += bytes.length
    this.out.write(bytes)
  }
}

/**
 * A string that may be a data URL (decoded to the file) or a plain URL (kept as text, at most `maxText`).
 * The head up to the comma decides; a data URL must be base64.
 */
export class UrlOrDataSink implements StringSink {
  /** The plain URL, when the value was not a data URL. */
  text: string | undefined
  mimeType: string | undefined
  decoder: Base64Decoder | undefined
  /** A second inline copy read and dropped: the characters of its base64 (shown elided, never kept). */
  dropped: number | undefined
  private head = ''
  private mode: 'head' | 'data' | 'discard' | 'text' = 'head'

  constructor(
    /** Opens the file to decode into, or null when a file already came from another field. */
    private readonly openFile: () => Base64Decoder | null,
    private readonly maxText = 16 * 1024,
  ) {}

  write(piece: Uint8Array): void {
    if (this.mode === 'data') return this.decoder!.write(piece)
    if (this.mode === 'discard') {
      this.dropped! += piece.byteLength
      return
    }
    const chunk = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('utf8')
    if (this.mode === 'text') return this.addText(chunk)
    this.head += chunk
    if (
      !/^data:/i.test(this.head) &&
      (this.head.length >= 5 || !'data:'.startsWith(this.head.toLowerCase()))
    ) {
      this.mode = 'text'
      const all = this.head
      this.head = ''
      return this.addText(all)
    }
    const comma = this.head.indexOf(',')
    if (comma === -1) {
      if (this.head.length > 512) throw new JsonScanError('a data URL header is too long')
      return
    }
    const meta = /^data:([^;,]*)((?:;[^;,]*)*)$/i.exec(this.head.slice(0, comma))
    if (!meta || !/;base64$/i.test(meta[2] ?? '')) {
      throw new JsonScanError(
        'the result is a data URL without base64 encoding, which this app cannot decode',
      )
    }
    this.mimeType = meta[1] || undefined
    const rest = this.head.slice(comma + 1)
    this.head = ''
    const decoder = this.openFile()
    if (!decoder) {
      // A second inline copy of the same video (a download's data_url after its base64): read and dropped.
      this.mode = 'discard'
      this.dropped = rest.length
      return
    }
    this.mode = 'data'
    this.decoder = decoder
    decoder.writeText(rest)
  }

  end(): void {
    if (this.mode === 'data') this.decoder!.end()
    else if (this.mode === 'head') this.text = this.head
  }

  private addText(chunk: string): void {
    this.text = (this.text ?? '') + chunk
    if (this.text.length > this.maxText) throw new JsonScanError('a result URL is longer than 16 KB')
  }
}

export interface IngestOptions {
  /** Where a decoded file is written (created only when one is found). */
  tempPath: string
  /** Paths of plain base64 fields (a download's `base64`). */
  base64Fields?: readonly string[]
  /** Paths of fields that hold a URL or a data URL (`url`, `data_url`, `data.url`). */
  urlFields?: readonly string[]
  /** Called after each network chunk with the bytes read so far (progress). */
  onProgress?: (bodyBytes: number, fileBytes: number) => void
  /** The most bytes the decoded file may hold; past it the body is given up with RESULT_TOO_LARGE. */
  maxFileBytes?: number
}

export interface IngestResult {
  scanner: JsonScanner
  /** The decoded file, when a base64 field or a data URL was found. */
  file: { path: string; bytes: number; mimeType: string | undefined; field: string } | null
  /** Plain URLs found in urlFields, by path. */
  urls: Map<string, string>
  /** Data URLs in urlFields that held the same video again (read, not kept), by path: their type and length. */
  dropped: Map<string, { mimeType: string | undefined; chars: number }>
}

type Body = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>

async function* chunksOf(body: Body): AsyncGenerator<Uint8Array> {
  if (Symbol.asyncIterator in body) {
    yield* body as AsyncIterable<Uint8Array>
    return
  }
  const reader = (body as ReadableStream<Uint8Array>).getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    reader.releaseLock()
  }
}

/**
 * Scans a JSON body, decoding the first base64 field or data URL found into `tempPath` and keeping small
 * values. The temp file is removed when anything fails; the caller renames it into the media store on success.
 */
export async function ingestJson(body: Body, options: IngestOptions): Promise<IngestResult> {
  // Assigned from the scanner's callback: declared wide so the checker does not narrow them to their start.
  let out = undefined as WriteStream | undefined
  let file = null as IngestResult['file']
  let decoder = undefined as Base64Decoder | undefined
  const urlSinks = new Map<string, UrlOrDataSink>()
  const base64Fields = new Set(options.base64Fields ?? [])
  const urlFields = new Set(options.urlFields ?? [])

  const openFile = (field: string): Base64Decoder => {
    out = createWriteStream(options.tempPath, { mode: 0o600 })
    // Errors surface on the awaited drain/finish below; an unhandled 'error' event must not crash main.
    out.on('error', () => undefined)
    decoder = new Base64Decoder(out)
    file = { path: options.tempPath, bytes: 0, mimeType: undefined, field }
    return decoder
  }

  const scanner = new JsonScanner({
    sinkFor(path) {
      if (base64Fields.has(path) && !file) return openFile(path)
      if (urlFields.has(path)) {
        const sink = new UrlOrDataSink(() => (file ? null : openFile(path)))
        urlSinks.set(path, sink)
        return sink
      }
      return undefined
    },
  })

  try {
    for await (const chunk of chunksOf(body)) {
      scanner.push(chunk)
      const fileBytes = decoder?.bytes ?? 0
      if (options.maxFileBytes !== undefined && fileBytes > options.maxFileBytes)
        throw resultTooLarge('video', fileBytes, options.maxFileBytes, false)
      options.onProgress?.(scanner.bytes, fileBytes)
      if (out?.writableNeedDrain) await waitDrain(out)
    }
    scanner.end()
    if (out) {
      out.end()
      await finished(out)
    }
  } catch (error) {
    out?.destroy()
    if (out) await fs.rm(options.tempPath, { force: true })
    throw error
  }

  const urls = new Map<string, string>()
  const dropped: IngestResult['dropped'] = new Map()
  for (const [path, sink] of urlSinks) {
    if (sink.text !== undefined) urls.set(path, sink.text)
    if (sink.dropped !== undefined) dropped.set(path, { mimeType: sink.mimeType, chars: sink.dropped })
    if (sink.decoder && sink.decoder === decoder && file) file.mimeType = sink.mimeType
  }
  if (file && decoder) file.bytes = decoder.bytes
  return { scanner, file, urls, dropped }
}
