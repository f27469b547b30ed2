// The only URLs main hands to the OS browser (S4): https, a real host name, no credentials, and no
// whitespace or control characters that a parser might read differently from the OS.
export function isSafeExternalUrl(raw: unknown): raw is string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return false
  // Reject anything a lenient parser would trim or reinterpret: spaces, tabs, newlines, NUL, backslashes.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
  if (/[\s\u0000-\u001f\u007f-\u009f\\]/.test(raw)) return false
  if (!/^https:\/\//.test(raw)) return false
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.protocol !== 'https:') return false
  if (url.username || url.password) return false
  if (!url.hostname || url.hostname.includes('%')) return false
  return true
}
