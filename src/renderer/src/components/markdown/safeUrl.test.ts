import { describe, expect, it } from 'vitest'
import { safeLinkUrl } from './safeUrl'

describe('safeLinkUrl', () => {
  it.each([
    ['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://EXAMPLE.com/Path', 'https://example.com/Path'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['  https://example.com/', 'https://example.com/'],
  ])('accepts %j as %j', (candidate, expected) => {
    expect(safeLinkUrl(candidate)).toBe(expected)
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'smb://host/share',
    'blob:https://example.com/uuid',
    'about:blank',
    'chrome://settings',
    'ftp://example.com/',
    '/relative/path',
    '../up',
    '#fragment',
    '//example.com/protocol-relative',
    'https://',
    '',
  ])('refuses %j', (candidate) => {
    expect(safeLinkUrl(candidate)).toBeNull()
  })
})
