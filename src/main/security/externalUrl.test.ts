import { describe, expect, it } from 'vitest'
import { isSafeExternalUrl } from './externalUrl'
import type { DomainContext } from '../ipc/domain'

// A hostile corpus: every entry must be refused (S4).
const HOSTILE = [
  'file:///etc/passwd',
  'FILE:///C:/Windows/System32/calc.exe',
  'smb://attacker/share',
  '\\\\attacker\\share',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'http://example.com',
  'ftp://example.com/file',
  'https://user:pass@example.com',
  'https://user@example.com',
  ' https://example.com',
  'https://example.com ',
  'https://exa mple.com',
  'https://example.com/\u0000',
  'https://example.com/\t',
  'https:\\\\example.com',
  'https:/example.com',
  'https:example.com',
  '\u0001https://example.com',
  'https://example.com\u2028',
  'https://',
  'ms-msdt:/id PCWDiagnostic',
  'search-ms:query=x',
  'mailto:a@example.com',
  'chrome://settings',
  'app://renderer/index.html',
  'media://abc',
  '',
  'https://' + 'a'.repeat(2100) + '.com',
]

describe('isSafeExternalUrl', () => {
  it.each(HOSTILE)('refuses %j', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false)
  })

  it('refuses non-strings', () => {
    for (const v of [null, undefined, 1, {}, ['https://example.com']])
      expect(isSafeExternalUrl(v)).toBe(false)
  })

  it.each([
    'https://example.com',
    'https://docs.example.com/a/b?c=d#e',
    'https://例え.jp/path',
    'https://example.com:8443/x',
  ])('accepts %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true)
  })
})

describe('app.openExternal route (S4)', () => {
  it('hands the OS zero of the hostile corpus and exactly the safe links', async () => {
    const { appDomain } = await import('../ipc/handlers/app')
    const { composeDomains } = await import('../ipc/domain')
    const { createRouter } = await import('../ipc/router')
    const { appCommands } = await import('../../shared/ipc/app')
    const opened: string[] = []
    const { handlers } = composeDomains([appDomain], appCommands, {
      hostInfo: () => ({
        host: 'browser',
        version: 't',
        platform: 'linux',
        secretProtection: 'plain-file',
        dataDir: '/',
        simulator: null,
      }),
      openExternal: async (url: string) => void opened.push(url),
    } as Partial<DomainContext> as DomainContext)
    const router = createRouter(appCommands, handlers)
    const ctx = { senderId: 'w', events: { alive: true, emit: () => undefined } }
    for (const url of HOSTILE) {
      const result = await router.handle('app.openExternal', { url }, ctx)
      expect(result.ok && (result.value as { opened: boolean }).opened).toBe(false)
    }
    expect(opened).toEqual([])
    expect(await router.handle('app.openExternal', { url: 'https://example.com/docs' }, ctx)).toEqual({
      ok: true,
      value: { opened: true },
    })
    expect(opened).toEqual(['https://example.com/docs'])
  })
})
