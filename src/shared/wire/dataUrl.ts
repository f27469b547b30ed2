// Data URLs and base64 sizes: splitting `data:<mime>;base64,<data>` for formats that want bare base64,
// and the decoded byte size of a payload without decoding it (the 50 MB file limits are checked on drafts).

export interface ParsedDataUrl {
  mimeType: string
  base64: boolean
  data: string
}

/** Splits a data URL; `undefined` when the string is not one. */
export function parseDataUrl(url: string): ParsedDataUrl | undefined {
  if (!url.startsWith('data:')) return undefined
  const comma = url.indexOf(',')
  if (comma < 0) return undefined
  const meta = url.slice(5, comma).split(';')
  const base64 = meta.slice(1).some((m) => m.trim().toLowerCase() === 'base64')
  return { mimeType: meta[0] || 'text/plain', base64, data: url.slice(comma + 1) }
}

export const toDataUrl = (mimeType: string, base64: string): string => `data:${mimeType};base64,${base64}`

/** Bytes a base64 string decodes to (whitespace ignored, padding honoured), without decoding it. */
export function base64DecodedSize(b64: string): number {
  // Native scans keep this fast on 50 MB payloads; whitespace is rare, so strip only when present.
  const clean = /\s/.test(b64) ? b64.replace(/\s+/g, '') : b64
  let end = clean.length
  while (end > 0 && clean.charCodeAt(end - 1) === 61 /* '=' */) end--
  return Math.floor((end * 3) / 4)
}

/** Decoded byte size of a data URL's payload (percent-encoded payloads are counted as their decoded length). */
export function dataUrlDecodedSize(url: string): number {
  const parsed = parseDataUrl(url)
  if (!parsed) return 0
  if (parsed.base64) return base64DecodedSize(parsed.data)
  try {
    return new TextEncoder().encode(decodeURIComponent(parsed.data)).length
  } catch {
    return parsed.data.length
  }
}
