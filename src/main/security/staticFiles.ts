// Resolving a request path to a file of the built renderer, for the app:// protocol and browser mode.
// Only files inside the root are ever served: traversal (`..`, encoded or not), absolute paths, NUL bytes
// and backslashes resolve to null, which both hosts answer with 404.
import { extname, resolve, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}

export function contentTypeFor(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const segments = decoded.split('/').filter((s) => s.length > 0)
  if (segments.some((s) => s === '..' || s === '.')) return null
  const rootAbs = resolve(root)
  const full = resolve(rootAbs, ...(segments.length ? segments : ['index.html']))
  if (full !== rootAbs && !full.startsWith(rootAbs + sep)) return null
  return full
}
