// The one rule for which addresses in model output may become links: absolute http(s) URLs with a host, and
// mailto. The string is parsed exactly as the browser would parse an href (WHATWG URL: tabs and newlines
// removed, leading control characters trimmed), so what is checked is what would be followed.
const LINK_PROTOCOLS = new Set(['https:', 'http:', 'mailto:'])

/**
 * Returns the normalized URL when `candidate` may be rendered as a link, otherwise `null`.
 * `candidate` must already have its markdown escapes and character references decoded.
 */
export function safeLinkUrl(candidate: string): string | null {
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    // Relative and malformed addresses have no meaning outside a page with a base URL.
    return null
  }
  if (!LINK_PROTOCOLS.has(url.protocol)) return null
  if (url.protocol !== 'mailto:' && url.hostname === '') return null
  return url.href
}
