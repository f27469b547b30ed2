// What the next request would look like on the wire, for the profile it would really go to: URL, headers with
// every secret masked (`Bearer ***`), the body (cut for display when huge) and a code export for moderate bodies.
// A profile without a key still previews, with a warning issue instead of an error.
import type { RequestPreview } from '../../../shared/ipc/text'
import { AppError } from '../../../shared/ipc/result'
import { exportCode } from '../../../shared/wire'
import { authorize, joinUrl } from '../gateway'
import { redactHeader, redactUrl } from '../redact'
import { safeJson, type Prepared } from './preparedRequest'

/** Bodies up to this size carry their code export in the preview; larger ones are exported by the renderer. */
const PREVIEW_CODE_CHARS = 32 * 1024
const PREVIEW_BODY_CHARS = 150_000

export function requestPreview(prepared: Prepared): RequestPreview {
  const { profile } = prepared
  const issues = [...prepared.issues]
  let auth: { url: string; headers: Record<string, string> }
  try {
    auth = authorize(profile, { kind: prepared.kind, path: prepared.built.path })
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'GATEWAY_NO_SECRET') throw error
    auth = { url: joinUrl(profile.baseUrl, prepared.built.path), headers: {} }
    for (const h of profile.headers) auth.headers[h.name] = h.value
    issues.push({ field: 'profile', rule: 'apiKey', message: error.message, severity: 'warning' })
  }
  const all = { ...prepared.built.headers, ...auth.headers }
  const masked = Object.entries(all).map(([k, v]) => [k, redactHeader(k, v)] as [string, string])
  const shownUrl = redactUrl(auth.url)
  const preview: RequestPreview = {
    method: prepared.built.method,
    url: shownUrl,
    headers: masked,
    body:
      prepared.bodyText.length > PREVIEW_BODY_CHARS
        ? `${prepared.bodyText.slice(0, PREVIEW_BODY_CHARS)}\n… (truncated for display)`
        : prepared.bodyText,
    profile: { id: profile.id, name: profile.name, baseUrl: redactUrl(profile.baseUrl) },
    issues,
  }
  if (prepared.bodyText.length <= PREVIEW_CODE_CHARS)
    preview.code = exportCode({
      method: prepared.built.method,
      url: shownUrl,
      headers: Object.fromEntries(masked),
      body: safeJson(prepared.bodyText) ?? prepared.bodyText,
    })
  return preview
}
