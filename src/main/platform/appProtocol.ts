// The app:// protocol that serves the built renderer (never file://, S8), with the CSP and security
// headers on every response. Registered as privileged before the app is ready so it behaves as a
// standard, secure origin with fetch support.
import { protocol } from 'electron'
import { readFile } from 'node:fs/promises'
import { buildCsp, documentSecurityHeaders } from '../security/csp'
import { contentTypeFor, resolveStaticPath } from '../security/staticFiles'

export const APP_SCHEME = 'app'

export function registerAppSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: 'media', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ])
}

/** Answers one app:// request from the renderer folder; exported for tests. */
export async function serveAppRequest(rendererDir: string, requestUrl: string): Promise<Response> {
  const url = new URL(requestUrl)
  if (url.host !== 'renderer') return new Response('not found', { status: 404 })
  const path = resolveStaticPath(rendererDir, url.pathname)
  if (!path) return new Response('not found', { status: 404 })
  try {
    const data = await readFile(path)
    return new Response(new Uint8Array(data), {
      status: 200,
      headers: {
        'content-type': contentTypeFor(path),
        ...documentSecurityHeaders(buildCsp({ media: ['media:'] })),
      },
    })
  } catch {
    return new Response('not found', { status: 404 })
  }
}

export function handleAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererDir, request.url))
}
