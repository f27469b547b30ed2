import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/ipc/result'
import { MediaStore } from '../mediaStore'
import { CompareExports } from './compareExports'

let dir: string
let media: MediaStore
const now = () => new Date('2026-01-02T03:04:05.000Z')

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'compare-export-'))
  media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const piece = (index: number, text: string, done: boolean, exportId = 'export-1') => ({
  exportId,
  format: 'markdown' as const,
  index,
  piece: text,
  done,
})

describe('CompareExports', () => {
  it('joins the pieces in order into one file and answers its download URL', async () => {
    const exports = new CompareExports({ media, now })
    expect(await exports.put(piece(0, '# Compar', false))).toMatchObject({ done: false, url: null })
    expect(await exports.put(piece(1, 'ison é', false))).toMatchObject({ done: false })
    const result = await exports.put(piece(2, '\n', true))
    expect(result).toMatchObject({
      done: true,
      saved: false,
      name: 'comparison-2026-01-02T03-04-05.md',
      bytes: 16,
    })
    const id = result.url!.slice('/media/'.length)
    expect(readFileSync((await media.path(id))!, 'utf8')).toBe('# Comparison é\n')
  })

  it('saves through the dialog when the host has one', async () => {
    const saved: string[] = []
    const exports = new CompareExports({
      media,
      now,
      saveDialog: {
        saveCopy: async (source, name) => {
          saved.push(readFileSync(source, 'utf8'))
          return join(dir, name)
        },
      },
    })
    const result = await exports.put({ ...piece(0, '{"a":1}', true), format: 'json' })
    expect(result).toMatchObject({
      done: true,
      saved: true,
      url: null,
      name: 'comparison-2026-01-02T03-04-05.json',
    })
    expect(saved).toEqual(['{"a":1}'])
  })

  it('refuses a piece out of order and drops that export', async () => {
    const exports = new CompareExports({ media, now })
    await exports.put(piece(0, 'a', false))
    await expect(exports.put(piece(2, 'c', true))).rejects.toMatchObject({ code: 'COMPARE_EXPORT_ORDER' })
    await expect(exports.put(piece(1, 'b', true))).rejects.toBeInstanceOf(AppError)
  })

  it('refuses a piece of an export it never began', async () => {
    const exports = new CompareExports({ media, now })
    await expect(exports.put(piece(1, 'b', true, 'never-begun'))).rejects.toMatchObject({
      code: 'COMPARE_EXPORT_UNKNOWN',
    })
  })
})
