import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MediaStore } from './mediaStore'
import { MediaImports } from './mediaImport'
import { IPC_MESSAGE_LIMIT, MEDIA_IMPORT_CHUNK_BYTES } from '../../shared/ipc/media'
import { jpegHeader } from '../../../test/fakes/imageHeaders'

/** The chunk messages of one import, cut the way the Video panel's uploader cuts them. */
function commandsOfImport(importId: string, bytes: Uint8Array, chunkBytes: number) {
  const out: { importId: string; offset: number; data: string }[] = []
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    out.push({
      importId,
      offset,
      data: Buffer.from(bytes.subarray(offset, offset + chunkBytes)).toString('base64'),
    })
  }
  return out
}

let dir: string
let media: MediaStore
let now = 0
let imports: MediaImports
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-'))
  media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
  now = 0
  imports = new MediaImports(media, {
    clock: { now: () => now, setTimeout: () => ({ cancel() {} }) },
    idleMs: 1000,
  })
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex')

async function importBytes(
  bytes: Uint8Array,
  name = 'f.bin',
  mimeType = 'application/octet-stream',
  owner = 'w1',
) {
  const { importId, chunkBytes } = await imports.begin(owner, { name, mimeType, size: bytes.length })
  for (const message of commandsOfImport(importId, bytes, chunkBytes)) {
    await imports.chunk(owner, message.importId, message.offset, message.data)
  }
  return imports.finish(owner, importId)
}

describe('MediaImports (M1)', () => {
  it('assembles a 1 MB file from chunks whose messages stay under 256 KB', async () => {
    const bytes = randomBytes(1024 * 1024 + 17)
    const messages = commandsOfImport('id', bytes, MEDIA_IMPORT_CHUNK_BYTES)
    expect(
      Math.max(...messages.map((m) => JSON.stringify({ route: 'media.importChunk', payload: m }).length)),
    ).toBeLessThan(IPC_MESSAGE_LIMIT)
    const result = await importBytes(bytes)
    expect(result).toMatchObject({
      size: bytes.length,
      url: `/media/${result.mediaId}`,
      ref: `attachment:${result.mediaId}`,
      image: null,
    })
    expect(sha(readFileSync((await media.path(result.mediaId))!))).toBe(sha(bytes))
  })

  it('reads the image header: the bytes decide the type, not the name', async () => {
    const result = await importBytes(jpegHeader(640, 480), 'photo.png', 'image/png')
    expect(result).toMatchObject({
      mimeType: 'image/jpeg',
      image: { format: 'jpeg', width: 640, height: 480 },
    })
  })

  it('refuses chunks out of order, too many bytes, or another window', async () => {
    const bytes = randomBytes(100)
    const { importId } = await imports.begin('w1', { name: 'x', mimeType: '', size: 100 })
    await expect(imports.chunk('w1', importId, 50, bytes.toString('base64'))).rejects.toMatchObject({
      code: 'MEDIA_IMPORT_ORDER',
    })
    await expect(imports.chunk('w2', importId, 0, bytes.toString('base64'))).rejects.toMatchObject({
      code: 'MEDIA_IMPORT_NOT_FOUND',
    })
    await expect(imports.chunk('w1', importId, 0, 'not base64!')).rejects.toMatchObject({
      code: 'MEDIA_IMPORT_DATA',
    })
    await expect(imports.chunk('w1', importId, 0, randomBytes(101).toString('base64'))).rejects.toMatchObject(
      { code: 'MEDIA_IMPORT_SIZE' },
    )
    // The oversized chunk dropped the import and its temp file.
    await expect(imports.finish('w1', importId)).rejects.toMatchObject({ code: 'MEDIA_IMPORT_NOT_FOUND' })
    expect(readdirSync(media.dir)).toEqual([])
  })

  it('refuses to finish a short file, and drops idle imports', async () => {
    const { importId } = await imports.begin('w1', { name: 'x', mimeType: '', size: 10 })
    await imports.chunk('w1', importId, 0, randomBytes(5).toString('base64'))
    await expect(imports.finish('w1', importId)).rejects.toMatchObject({ code: 'MEDIA_IMPORT_SIZE' })
    const idle = await imports.begin('w1', { name: 'y', mimeType: '', size: 10 })
    now = 5000
    await imports.begin('w1', { name: 'z', mimeType: '', size: 10 })
    await expect(imports.chunk('w1', idle.importId, 0, 'AAAA')).rejects.toMatchObject({
      code: 'MEDIA_IMPORT_NOT_FOUND',
    })
    await imports.close()
    expect(readdirSync(media.dir)).toEqual([])
  })
})
