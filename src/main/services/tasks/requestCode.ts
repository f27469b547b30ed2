// A job's submit as the details view and the request preview show it: the URL and headers it goes to with every
// secret masked, and its code export (curl, TypeScript, Python) with the key as an environment variable. A
// profile that is gone or lacks its credentials still yields the body and its path, so nothing is hidden.
import type { CodeSnippets } from '../../../shared/wire/codeExport'
import { exportCode } from '../../../shared/wire/codeExport'
import { authorize, type EndpointKind } from '../gateway'
import type { ProfileService } from '../profiles'
import { redactHeader, redactUrl } from '../redact'

export interface MaskedRequest {
  url: string
  headers: [string, string][]
  code: CodeSnippets
}

/** The POST of `body` (a JSON value, or the exact text sent) to `path` on the profile's gateway, masked. */
export async function maskedRequest(
  profiles: ProfileService,
  profileId: string,
  kind: EndpointKind,
  path: string,
  body: unknown,
): Promise<MaskedRequest> {
  let url = path
  let headers: [string, string][] = [['content-type', 'application/json']]
  try {
    const auth = authorize(await profiles.resolve(profileId), { kind, path })
    url = auth.url
    headers = [...Object.entries(auth.headers), ['content-type', 'application/json']]
  } catch {
    // No profile or no key: the path alone, and the body.
  }
  const masked = headers.map(([k, v]) => [k, redactHeader(k, v)] as [string, string])
  url = redactUrl(url)
  return {
    url,
    headers: masked,
    code: exportCode({ method: 'POST', url, headers: Object.fromEntries(masked), body }),
  }
}
