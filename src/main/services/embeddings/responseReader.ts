// Reads an embeddings response as it arrives: the elements of one top-level array (`data` of endpoint 9,
// `embeddings` of endpoint 8) are cut out byte by byte and parsed one at a time, everything else is kept and
// parsed at the end. Invariant: no parse step sees more than one element, so a 60 MB body of 1,000 × 3,072
// floats never blocks main in one piece; the caller yields between chunks.

const QUOTE = 0x22
const BACKSLASH = 0x5c
/** One array element larger than this is not a vector (S9: a hostile endless string); refused, not buffered. */
const MAX_ELEMENT_BYTES = 64 * 1024 * 1024
/** The rest of the object (everything but the array) is small in every format. */
const MAX_REST_BYTES = 16 * 1024 * 1024

export class ArrayElementReader {
  private depth = 0
  private inString = false
  private escape = false
  /** The text of the last string at depth 1 (a key of the top-level object). */
  private key = ''
  private keyBytes: number[] | null = null
  private inTarget = false
  private element: Buffer[] = []
  private elementBytes = 0
  private elementStart = -1
  private readonly rest: Buffer[] = []
  private restBytes = 0
  private count = 0

  constructor(
    private readonly arrayKeys: readonly string[],
    private readonly onElement: (value: unknown, index: number) => void,
  ) {}

  push(chunk: Buffer): void {
    let restFrom = this.inTarget ? -1 : 0
    this.elementStart = this.inTarget && this.depth > 2 ? 0 : -1
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!
      if (this.inString) {
        if (this.keyBytes && this.depth === 1 && !this.escape && b !== QUOTE) this.keyBytes.push(b)
        if (this.escape) this.escape = false
        else if (b === BACKSLASH) this.escape = true
        else if (b === QUOTE) {
          this.inString = false
          if (this.keyBytes) {
            this.key = Buffer.from(this.keyBytes).toString('utf8')
            this.keyBytes = null
          }
        }
        continue
      }
      if (b === QUOTE) {
        this.inString = true
        if (this.depth === 1) this.keyBytes = []
        continue
      }
      if (b === 0x7b || b === 0x5b) {
        this.depth++
        if (this.depth === 2 && b === 0x5b && this.arrayKeys.includes(this.key)) {
          this.inTarget = true
          if (restFrom >= 0) this.rest.push(chunk.subarray(restFrom, i + 1))
          restFrom = -1
        } else if (this.inTarget && this.depth === 3) this.elementStart = i
        continue
      }
      if (b === 0x7d || b === 0x5d) {
        if (this.inTarget && this.depth === 3) this.endElement(chunk, i + 1)
        this.depth--
        if (this.inTarget && this.depth === 1) {
          this.inTarget = false
          this.rest.push(Buffer.from(']'))
          restFrom = i + 1
        }
        continue
      }
    }
    if (this.inTarget && this.elementStart >= 0) {
      this.element.push(chunk.subarray(this.elementStart))
      this.elementBytes += chunk.length - this.elementStart
      if (this.elementBytes > MAX_ELEMENT_BYTES)
        throw new Error(`one element of the answer is larger than ${MAX_ELEMENT_BYTES / 1024 / 1024} MB`)
    }
    if (restFrom >= 0) {
      this.rest.push(chunk.subarray(restFrom))
      this.restBytes += chunk.length - restFrom
      if (this.restBytes > MAX_REST_BYTES)
        throw new Error(`the answer outside its vectors is larger than ${MAX_REST_BYTES / 1024 / 1024} MB`)
    }
  }

  private endElement(chunk: Buffer, end: number): void {
    this.element.push(chunk.subarray(Math.max(0, this.elementStart), end))
    const text = Buffer.concat(this.element).toString('utf8')
    this.element = []
    this.elementBytes = 0
    this.elementStart = -1
    this.onElement(JSON.parse(text), this.count++)
  }

  /** The top-level object with the array emptied; throws on malformed JSON. */
  end(): Record<string, unknown> {
    if (this.depth !== 0 || this.inString) throw new Error('the response body ended before the JSON did')
    const value: unknown = JSON.parse(Buffer.concat(this.rest).toString('utf8'))
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error('the response body is not a JSON object')
    return value as Record<string, unknown>
  }

  get elements(): number {
    return this.count
  }
}
