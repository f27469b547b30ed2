import { describe, expect, it } from 'vitest'
import { buildCsp } from './csp'

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `))

describe('Content-Security-Policy (S2)', () => {
  it('allows script only from self, never inline or eval', () => {
    const csp = buildCsp({ connect: ['ws://127.0.0.1:1234'], media: ['media:'] })
    expect(directive(csp, 'script-src')).toBe("script-src 'self'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
  })

  it('forbids plugins, base and framing', () => {
    const csp = buildCsp()
    expect(directive(csp, 'object-src')).toBe("object-src 'none'")
    expect(directive(csp, 'base-uri')).toBe("base-uri 'none'")
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
  })

  it('connects only to self plus what the host adds', () => {
    expect(directive(buildCsp(), 'connect-src')).toBe("connect-src 'self'")
    expect(directive(buildCsp({ connect: ['ws://127.0.0.1:9'] }), 'connect-src')).toBe(
      "connect-src 'self' ws://127.0.0.1:9",
    )
  })
})
