// Pure image helpers shared by main and the simulator: classify an image reference (URL, data URL, bare
// Base64), decode Base64 without Node or DOM, and read pixel dimensions from PNG/JPEG headers. Nothing here
// decodes pixels: only headers are read, so a 50 MB image costs one Base64 pass at most.

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp'

export interface ImageInfo {
  format: ImageFormat | undefined
  width: number
  height: number
}

export type ImageReference =
  | { kind: 'url'; url: string }
  | { kind: 'inline'; mime: string | undefined; base64: string }
  | { kind: 'invalid' }

const B64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const B64_LOOKUP = (() => {
  const t = new Int16Array(128).fill(-1)
  for (let i = 0; i < B64_ALPHABET.length; i++) t[B64_ALPHABET.charCodeAt(i)] = i
  // URL-safe variants decode too: some clients send them in data URLs.
  t['-'.charCodeAt(0)] = 62
  t['_'.charCodeAt(0)] = 63
  return t
})()

const BARE_BASE64 = /^[A-Za-z0-9+/=_-\s]+$/

/**
 * Decodes standard or URL-safe Base64 (whitespace ignored, padding optional).
 * Returns undefined when a character is outside the alphabet.
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3)
  let acc = 0
  let bits = 0
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 61) break // '=' ends the data
    if (c === 32 || c === 10 || c === 13 || c === 9) continue
    const v = c < 128 ? (B64_LOOKUP[c] ?? -1) : -1
    if (v < 0) return undefined
    acc = (acc << 6) | v
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[n++] = (acc >> bits) & 0xff
    }
  }
  return out.subarray(0, n)
}

/** Encodes bytes as standard Base64 with padding. */
export function encodeBase64(bytes: Uint8Array): string {
  let s = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0
    const b = bytes[i + 1] ?? 0
    const c = bytes[i + 2] ?? 0
    const triple = (a << 16) | (b << 8) | c
    s += B64_ALPHABET[(triple >> 18) & 63]
    s += B64_ALPHABET[(triple >> 12) & 63]
    s += i + 1 < bytes.length ? B64_ALPHABET[(triple >> 6) & 63] : '='
    s += i + 2 < bytes.length ? B64_ALPHABET[triple & 63] : '='
  }
  return s
}

/** Classifies what a client put in an image field: an http(s) URL, a data URL / bare Base64, or neither. */
export function parseImageReference(ref: string): ImageReference {
  const s = ref.trim()
  if (/^https?:\/\/\S+$/i.test(s)) return { kind: 'url', url: s }
  const data = /^data:([^;,]*)(;[^,]*)?,(.*)$/s.exec(s)
  if (data) {
    const params = data[2] ?? ''
    if (!/;base64/i.test(params)) return { kind: 'invalid' }
    return { kind: 'inline', mime: data[1] || undefined, base64: data[3] ?? '' }
  }
  if (s.length >= 16 && BARE_BASE64.test(s)) return { kind: 'inline', mime: undefined, base64: s }
  return { kind: 'invalid' }
}

/** Recognises PNG, JPEG, GIF and WebP by their magic bytes. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  const b = (i: number): number => bytes[i] ?? -1
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return 'png'
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg'
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46) return 'gif'
  if (b(0) === 0x52 && b(1) === 0x49 && b(8) === 0x57 && b(9) === 0x45 && b(10) === 0x42 && b(11) === 0x50)
    return 'webp'
  return undefined
}

const u16be = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0)
const u32be = (b: Uint8Array, i: number): number => u16be(b, i) * 65536 + u16be(b, i + 2)

// JPEG start-of-frame markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const isSof = (m: number): boolean => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc

function jpegDimensions(b: Uint8Array): { width: number; height: number } | undefined {
  let i = 2
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return undefined
    const marker = b[i + 1] ?? 0
    if (marker === 0xff) {
      i += 1 // fill byte
      continue
    }
    // Standalone markers have no length field.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return undefined // end of image / scan before any frame header
    const len = u16be(b, i + 2)
    if (len < 2) return undefined
    if (isSof(marker)) {
      if (i + 9 > b.length) return undefined
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) }
    }
    i += 2 + len
  }
  return undefined
}

/**
 * Reads format and pixel size from a PNG (IHDR) or JPEG (first SOF marker) header.
 * Returns undefined for other formats or truncated headers.
 */
export function imageDimensions(bytes: Uint8Array): ImageInfo | undefined {
  const format = sniffImageFormat(bytes)
  if (format === 'png') {
    // Signature (8) + IHDR length (4) + "IHDR" (4), then width and height.
    if (bytes.length < 24) return undefined
    return { format, width: u32be(bytes, 16), height: u32be(bytes, 20) }
  }
  if (format === 'jpeg') {
    const d = jpegDimensions(bytes)
    return d && { format, ...d }
  }
  return undefined
}

// Most headers sit in the first few kilobytes; EXIF blocks can push a JPEG frame header to ~64 KB.
const HEADER_PREFIX_CHARS = 128 * 1024

/**
 * Decodes an inline image reference far enough to read its header: format, width and height.
 * `format` alone is set (width/height 0) when the bytes are an image whose size cannot be read here.
 * Returns undefined for URLs, invalid references, or bytes that are no known image.
 */
export function inlineImageInfo(ref: string): ImageInfo | undefined {
  const parsed = parseImageReference(ref)
  if (parsed.kind !== 'inline') return undefined
  const tryDecode = (chars: string): ImageInfo | undefined => {
    const bytes = decodeBase64(chars)
    if (!bytes) return undefined
    const info = imageDimensions(bytes)
    if (info) return info
    const format = sniffImageFormat(bytes)
    return format && { format, width: 0, height: 0 }
  }
  const prefix = parsed.base64.slice(0, HEADER_PREFIX_CHARS - (HEADER_PREFIX_CHARS % 4))
  const fromPrefix = tryDecode(prefix)
  if ((fromPrefix && fromPrefix.width > 0) || prefix.length === parsed.base64.length) return fromPrefix
  return tryDecode(parsed.base64) ?? fromPrefix
}
