// A failure in words: the cause first, never an app code standing in for it. "HTTP 404: …" is said once (not
// "HTTP_404: HTTP 404: …"), a gateway's own error type stays beside its message, and the app's own codes
// (GATEWAY_NO_SECRET, RESULT_URL_EXPIRED) go apart, for the small print, where a report can quote them.

/** Whether a code is the app's own (SCREAMING_SNAKE_CASE), not a gateway's words. */
export function isAppCode(code: string): boolean {
  return /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(code) && !/^HTTP_\d{3}$/.test(code)
}

/** A failure's message with its code as people read it; `code` is the app code to show apart, if any. */
export function errorInWords(
  code: string | number | undefined | null,
  message: string,
): { text: string; code: string | null } {
  if (code === undefined || code === null || code === '') return { text: message, code: null }
  const raw = String(code)
  const http = /^HTTP_(\d{3})$/.exec(raw)
  if (http) {
    const said = `HTTP ${http[1]}`
    return { text: message.startsWith(said) ? message : `${said}: ${message}`, code: null }
  }
  if (isAppCode(raw)) return { text: message, code: raw }
  return { text: message.startsWith(raw) ? message : `${raw}: ${message}`, code: null }
}
