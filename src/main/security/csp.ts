// The one Content-Security-Policy (S2), used by the app:// protocol in Electron and by browser mode's
// HTTP server: no inline or eval'd script, no plugins, no <base>, never framed, and only the connections
// the host needs (browser mode adds its WebSocket).
export interface CspOptions {
  /** Extra connect-src sources, e.g. `ws://127.0.0.1:5123` in browser mode. */
  connect?: string[]
  /** Extra media/img sources, e.g. `media:` in Electron. */
  media?: string[]
}

export function buildCsp(options: CspOptions = {}): string {
  const media = options.media ?? []
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...media]],
    ['media-src', ["'self'", 'blob:', ...media]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(options.connect ?? [])]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['frame-src', ["'none'"]],
  ]
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ')
}

/** Headers every renderer document is served with, in both hosts. */
export function documentSecurityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'DENY',
  }
}
