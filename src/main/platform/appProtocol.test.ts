import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({
  protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
}))
const { serveAppRequest } = await import('./appProtocol')

describe('app:// protocol', () => {
  let root: string
  let outside: string
  beforeAll(() => {
    outside = mkdtempSync(join(tmpdir(), 'app-proto-'))
    root = join(outside, 'renderer')
    mkdirSync(join(root, 'assets'), { recursive: true })
    writeFileSync(join(root, 'index.html'), '<!doctype html><p>app</p>')
    writeFileSync(join(root, 'assets', 'a.js'), 'console.log(1)')
    writeFileSync(join(outside, 'secret.txt'), 'do not serve')
  })
  afterAll(() => rmSync(outside, { recursive: true, force: true }))

  it('serves the renderer with the CSP on every document', async () => {
    const res = await serveAppRequest(root, 'app://renderer/index.html')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(await res.text()).toContain('<p>app</p>')
    const js = await serveAppRequest(root, 'app://renderer/assets/a.js')
    expect(js.headers.get('content-type')).toMatch(/javascript/)
  })

  it.each([
    'app://renderer/../secret.txt',
    'app://renderer/%2e%2e/secret.txt',
    'app://renderer/assets/%2E%2E%2F..%2Fsecret.txt',
    'app://other/index.html',
    'app://renderer/missing.js',
  ])('answers 404 for %s', async (url) => {
    const res = await serveAppRequest(root, url)
    expect(res.status).toBe(404)
  })
})
