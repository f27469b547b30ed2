import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MediaStore } from '../services/mediaStore'

vi.mock('electron', () => ({ protocol: { handle: () => undefined } }))
const { serveMediaRequest } = await import('./mediaProtocol')

let dir: string
let store: MediaStore
let id: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-proto-'))
  store = new MediaStore(dir, (i) => `media://${i}`)
  id = (await store.putBytes(new Uint8Array([1, 2, 3, 4, 5]), 'video/mp4', 'a.mp4')).id
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('media:// protocol', () => {
  it('answers ranges as web responses', async () => {
    const res = await serveMediaRequest(
      store,
      new Request(`media://${id}/`, { headers: { range: 'bytes=1-2' } }),
    )
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('bytes 1-2/5')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([2, 3]))
  })

  it.each(['media://../secrets.json', 'media://%2e%2e/x', 'media://abc/'])(
    'answers 404 for %s (S8)',
    async (url) => {
      const res = await serveMediaRequest(store, new Request(url))
      expect(res.status).toBe(404)
    },
  )
})
