// The Content-Disposition of a media download in browser mode (`/media/<id>?download=<name>`): the name is
// reduced to safe characters for the plain `filename` and kept whole, percent-encoded, in `filename*` (RFC 6266),
// so no name can inject a header or a path.
export function attachmentDisposition(name: string): string {
  const trimmed =
    name
      .replace(/[\r\n\0]/g, '')
      .trim()
      .slice(0, 200) || 'download'
  const plain = trimmed.replace(/[^\w.\- ]/g, '_')
  const encoded = encodeURIComponent(trimmed).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${plain}"; filename*=UTF-8''${encoded}`
}
