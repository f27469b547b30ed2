// Redaction of everything that leaves the HTTP client for display, logs or export (S7): credential headers
// become `Bearer ***` / `***`, the `key` query parameter becomes `key=***`, and any known secret value found in
// free text is replaced, so a key echoed back by a server or an error message never reaches the renderer.
const SECRET_HEADER =
  /^(authorization|proxy-authorization|x-api-key|x-vendor-api-key|x-goog-api-key|cookie|set-cookie)$/i
const SECRETISH_HEADER = /(key|token|secret|auth|password|session)/i

export function redactHeader(name: string, value: string): string {
  if (/^(authorization|proxy-authorization)$/i.test(name)) {
    const scheme = value.split(' ')[0]
    return scheme && scheme !== value ? `${scheme} ***` : '***'
  }
  if (SECRET_HEADER.test(name) || SECRETISH_HEADER.test(name)) return '***'
  return value
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    let changed = false
    for (const name of [...parsed.searchParams.keys()]) {
      if (/^(key|api_key|apikey|access_token|token)$/i.test(name)) {
        parsed.searchParams.set(name, '***')
        changed = true
      }
    }
    if (parsed.username || parsed.password) {
      parsed.username = ''
      parsed.password = ''
      changed = true
    }
    return changed ? parsed.toString().replace(/%2A%2A%2A/g, '***') : url
  } catch {
    return url
  }
}

/** Replaces each secret (at least 6 characters, to avoid masking ordinary words) in text with `***`. */
export function scrubSecrets(text: string, secrets: Iterable<string>): string {
  let out = text
  for (const secret of secrets) {
    if (secret.length >= 6 && out.includes(secret)) out = out.split(secret).join('***')
  }
  return out
}
