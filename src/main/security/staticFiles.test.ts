import { describe, expect, it } from 'vitest'
import { resolveStaticPath, contentTypeFor } from './staticFiles'

describe('resolveStaticPath', () => {
  const root = '/srv/renderer'
  it('maps paths inside the root, and / to index.html', () => {
    expect(resolveStaticPath(root, '/')).toBe('/srv/renderer/index.html')
    expect(resolveStaticPath(root, '/assets/index-abc.js')).toBe('/srv/renderer/assets/index-abc.js')
  })
  it.each([
    '/../etc/passwd',
    '/%2e%2e/etc/passwd',
    '/assets/%2E%2E/%2E%2E/x',
    '/a/..%2f..%2fx',
    '/%00',
    '/a\\..\\b',
    '/%E0%A4%A',
    '/./index.html',
  ])('refuses %s', (path) => {
    expect(resolveStaticPath(root, path)).toBeNull()
  })
  it('treats an absolute-looking path as relative to the root', () => {
    expect(resolveStaticPath(root, '//etc/passwd')).toBe('/srv/renderer/etc/passwd')
  })
  it('knows the content types the renderer needs', () => {
    expect(contentTypeFor('x.js')).toMatch(/javascript/)
    expect(contentTypeFor('x.unknown')).toBe('application/octet-stream')
  })
})
