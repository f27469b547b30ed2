// What the next request would look like on the wire, for the profile it would really go to: URL, headers with
// every secret masked (`Bearer ***`), the body (cut for display when huge) and a code export for moderate bodies.
// A profile without a key still previews, with a warning issue instead of an error.
import type { RequestPreview } from '../../../shared/ipc/text'
import { AppError } from '../../../shared/ipc/result'
import { exportCode } from '../../../shared/wire'
import { joinUrl } from '../gateway'
import { planHeaders, type HeaderPlan } from '../requestHeaders'
import { redactHeader, redactUrl } from '../redact'
import { safeJson, type Prepared } from './preparedRequest'

/** Bodies up to this size carry their code export in the preview; larger ones are exported by the renderer. */
const PREVIEW_CODE_CHARS = 32 * 1024
const PREVIEW_BODY_CHARS = 150_000

export function requestPreview(prepared: Prepared, userAgent?: string): RequestPreview {
  const { profile } = prepared
  const issues = [...prepared.issues]
  const req = {
    kind: prepared.kind,
    path: prepared.built.path,
    headers: prepared.built.headers,
    hasBody: true,
    stream: prepared.stream,
  }
  let auth: HeaderPlan
  try {
    auth = planHeaders(profile, req, userAgent)
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'GATEWAY_NO_SECRET') throw error
    // Without the key, the plan as it would be with one, its credential shown masked.
    auth = planHeaders({ ...profile, apiKey: '***', consoleToken: '***' }, req, userAgent)
    auth.url = joinUrl(
      prepared.kind === 'console' ? profile.consoleBaseUrl : profile.baseUrl,
      prepared.built.path,
    )
    issues.push({ field: 'profile', rule: 'apiKey', message: error.message, severity: 'warning' })
  }
  const masked = Object.entries(auth.headers).map(([k, v]) => [k, redactHeader(k, v)] as [string, string])
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
    sources: auth.sources,
    ...(auth.removed.length ? { removed: auth.removed } : {}),
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
