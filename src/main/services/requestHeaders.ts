// Every header a call of a profile carries, and who put it there: the app's own (the format's version header,
// content type, accept, user agent, the credential in the profile's auth style), less those the profile removed,
// then the profile's headers, which override any of the app's. `{{apiKey}}` / `{{consoleToken}}` in a profile's
// header value stand for the secret, filled in here in main only. The Inspector, the previews and the profile
// page show the same plan that is sent.
import type { ResolvedProfile } from './profiles'
import { AppError } from '../../shared/ipc/result'
import { SECRET_PLACEHOLDER } from '../../shared/ipc/profiles'
import type { HeaderSource } from '../../shared/ipc/exchange'

/** model: endpoints 1–4, 9–13; native: 5–8; console: 14–20 (on the console base URL). */
export type EndpointKind = 'model' | 'native' | 'console'

export interface HeaderRequest {
  kind: EndpointKind
  path: string
  /** Format headers (e.g. `anthropic-version`, or an `accept` a caller wants). */
  headers?: Record<string, string>
  hasBody?: boolean
  stream?: boolean
}

export interface HeaderPlan {
  url: string
  headers: Record<string, string>
  /** Who set each header sent. */
  sources: Record<string, HeaderSource>
  /** The app's headers this profile removed (not sent). */
  removed: string[]
}

export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`)
}

export function planHeaders(profile: ResolvedProfile, req: HeaderRequest, userAgent?: string): HeaderPlan {
  const own: [string, string][] = []
  for (const [k, v] of Object.entries(req.headers ?? {})) own.push([k.toLowerCase(), v])
  if (req.hasBody) own.push(['content-type', 'application/json'])
  if (!own.some(([k]) => k === 'accept'))
    own.push(['accept', req.stream ? 'text/event-stream' : 'application/json'])
  if (userAgent) own.push(['user-agent', userAgent])
  const removed = new Set(profile.removedHeaders ?? [])
  const credential = credentialFor(profile, req, removed)
  own.push(...credential.headers)

  const headers: Record<string, string> = {}
  const sources: Record<string, HeaderSource> = {}
  const dropped: string[] = []
  for (const [k, v] of own) {
    if (removed.has(k)) {
      if (!dropped.includes(k)) dropped.push(k)
      delete headers[k]
      delete sources[k]
      continue
    }
    headers[k] = v
    sources[k] = 'app'
  }
  for (const h of profile.headers) {
    const name = h.name.toLowerCase()
    headers[name] = fillSecrets(profile, h.value, h.name)
    sources[name] = 'profile'
  }
  return { url: credential.url, headers, sources, removed: dropped }
}

/** The URL and credential header of a call (throws when the profile lacks the secret it needs). */
function credentialFor(
  profile: ResolvedProfile,
  req: HeaderRequest,
  removed: ReadonlySet<string>,
): { url: string; headers: [string, string][] } {
  if (req.kind === 'console') {
    if (!profile.consoleBaseUrl)
      throw new AppError(
        'GATEWAY_NO_CONSOLE_URL',
        `Profile "${profile.name}" has no console base URL; add it in Settings.`,
      )
    if (!profile.consoleToken && !removed.has('authorization'))
      throw new AppError(
        'GATEWAY_NO_SECRET',
        `Profile "${profile.name}" has no console access token; add it in Settings.`,
      )
    return {
      url: joinUrl(profile.consoleBaseUrl, req.path),
      headers: profile.consoleToken ? [['authorization', `Bearer ${profile.consoleToken}`]] : [],
    }
  }
  let url = joinUrl(profile.baseUrl, req.path)
  const style = req.kind === 'native' ? profile.nativeAuth : 'bearer'
  const header = style === 'header' ? 'x-vendor-api-key' : style === 'bearer' ? 'authorization' : null
  if (!profile.apiKey) {
    if (header && removed.has(header)) return { url, headers: [] }
    throw new AppError('GATEWAY_NO_SECRET', `Profile "${profile.name}" has no API key; add it in Settings.`)
  }
  if (style === 'query') {
    url += `${url.includes('?') ? '&' : '?'}key=${encodeURIComponent(profile.apiKey)}`
    return { url, headers: [] }
  }
  return { url, headers: [[header!, style === 'header' ? profile.apiKey : `Bearer ${profile.apiKey}`]] }
}

function fillSecrets(profile: ResolvedProfile, value: string, name: string): string {
  return value.replace(SECRET_PLACEHOLDER, (_, which: 'apiKey' | 'consoleToken') => {
    const secret = profile[which]
    if (!secret)
      throw new AppError(
        'GATEWAY_NO_SECRET',
        `Profile "${profile.name}": the header ${name} needs the ${which === 'apiKey' ? 'API key' : 'console token'}, which is not saved.`,
      )
    return secret
  })
}
