// The one media handler both hosts use (M4): resolves an opaque id and answers GET/HEAD with Range support:
// `a-b`, `a-`, `-n` → 206 with Content-Range; none or an unreadable header → 200 with Accept-Ranges;
// unsatisfiable → 416 `bytes */size`; a malformed or unknown id (traversal included) → 404.
import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { contentRange, parseByteRange } from '../../shared/video/range'
import type { MediaStore } from './mediaStore'

export interface MediaAnswer {
  status: 200 | 206 | 404 | 405 | 416
  headers: Record<string, string>
  /** The bytes to send (null for HEAD, 404, 405 and 416). */
  body: Readable | null
}

export async function answerMedia(
  store: MediaStore,
  id: string,
  method: string,
  rangeHeader: string | null | undefined,
): Promise<MediaAnswer> {
  if (method !== 'GET' && method !== 'HEAD')
    return { status: 405, headers: { allow: 'GET, HEAD' }, body: null }
  const info = await store.info(id)
  const path = info && (await store.path(id))
  if (!info || !path) return { status: 404, headers: { 'content-type': 'text/plain' }, body: null }
  const size = info.size
  const base = {
    'accept-ranges': 'bytes',
    'content-type': info.mimeType,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  }
  const range = parseByteRange(rangeHeader, size)
  if (range.kind === 'unsatisfiable') {
    return { status: 416, headers: { ...base, 'content-range': contentRange(range, size)! }, body: null }
  }
  if (range.kind === 'partial') {
    const headers = {
      ...base,
      'content-range': contentRange(range, size)!,
      'content-length': String(range.end - range.start + 1),
    }
    return {
      status: 206,
      headers,
      body: method === 'HEAD' ? null : createReadStream(path, { start: range.start, end: range.end }),
    }
  }
  return {
    status: 200,
    headers: { ...base, 'content-length': String(size) },
    body: method === 'HEAD' || size === 0 ? null : createReadStream(path),
  }
}
