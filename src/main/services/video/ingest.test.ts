import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ingestJson } from './ingest'
import { JsonScanError } from './jsonScan'
import { summaryBody } from './answers'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ingest-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex')

async function* pieces(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text)
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

describe('ingestJson (M2)', () => {
  const video = randomBytes(200_003)
  const b64 = video.toString('base64')
  const download = JSON.stringify({
    success: true,
    generation_id: 'video_1',
    task_id: 'video_1',
    format: 'mp4',
    size: video.length,
    base64: b64,
    data_url: `data:video/mp4;base64,${b64}`,
  })

  it.each([1, 7, 1000, 65_536])(
    'decodes a download body chunked by %i bytes to the exact file, once',
    async (size) => {
      const temp = join(dir, 'out.part')
      const result = await ingestJson(pieces(download, size), {
        tempPath: temp,
        base64Fields: ['base64'],
        urlFields: ['data_url'],
      })
      expect(result.file).toMatchObject({ path: temp, bytes: video.length, field: 'base64' })
      expect(sha(readFileSync(temp))).toBe(sha(video))
      expect(result.scanner.values.get('size')).toBe(video.length)
      expect(result.scanner.values.get('success')).toBe(true)
      expect(result.urls.size).toBe(0)
    },
  )

  it('shows every field of a download answer, its data_url elided beside the base64 it repeats', async () => {
    const result = await ingestJson(pieces(download, 999), {
      tempPath: join(dir, 'e.part'),
      base64Fields: ['base64'],
      urlFields: ['data_url'],
    })
    expect(result.dropped.get('data_url')).toEqual({ mimeType: 'video/mp4', chars: b64.length })
    const shown = JSON.parse(summaryBody(result)) as Record<string, unknown>
    expect(Object.keys(shown).sort()).toEqual(
      ['base64', 'data_url', 'format', 'generation_id', 'size', 'success', 'task_id'].sort(),
    )
    expect(shown.base64).toBe(`<${video.length} bytes of video/mp4 decoded to a file>`)
    expect(shown.data_url).toBe(
      `<data:video/mp4;base64,… ${b64.length} base64 characters elided; not decoded, the video was already read from another field>`,
    )
  })

  it('decodes a data URL in a query answer and reads its type', async () => {
    const temp = join(dir, 'b.part')
    const body = JSON.stringify({ task_id: 't', status: 'succeeded', url: `data:video/webm;base64,${b64}` })
    const result = await ingestJson(pieces(body, 4096), { tempPath: temp, urlFields: ['url'] })
    expect(result.file).toMatchObject({ bytes: video.length, mimeType: 'video/webm', field: 'url' })
    expect(result.scanner.values.get('status')).toBe('succeeded')
    expect(sha(readFileSync(temp))).toBe(sha(video))
  })

  it('keeps a hosted URL as text and writes no file', async () => {
    const temp = join(dir, 'c.part')
    const body = JSON.stringify({
      code: 200,
      data: { status: 'succeeded', url: 'https://cdn.example.com/v.mp4?sig=a%2Fb' },
    })
    const result = await ingestJson(pieces(body, 5), { tempPath: temp, urlFields: ['data.url'] })
    expect(result.file).toBeNull()
    expect(result.urls.get('data.url')).toBe('https://cdn.example.com/v.mp4?sig=a%2Fb')
    expect(existsSync(temp)).toBe(false)
  })

  it('reads base64 with escaped slashes and escaped line breaks', async () => {
    const temp = join(dir, 'd.part')
    const wrapped = b64.replace(/.{76}/g, '$&\n')
    const body = JSON.stringify({ base64: wrapped }).replace(/\//g, '\\/')
    const result = await ingestJson(pieces(body, 333), { tempPath: temp, base64Fields: ['base64'] })
    expect(result.file?.bytes).toBe(video.length)
    expect(sha(readFileSync(temp))).toBe(sha(video))
  })

  it.each([
    ['characters outside base64', JSON.stringify({ base64: 'AAAA$$$$' })],
    ['a body cut off in the middle', download.slice(0, 5000)],
    ['a data URL that is not base64', JSON.stringify({ url: 'data:video/mp4,rawbytes' })],
  ])('fails on %s and leaves no temp file', async (_name, body) => {
    const temp = join(dir, 'e.part')
    await expect(
      ingestJson(pieces(body, 1024), { tempPath: temp, base64Fields: ['base64'], urlFields: ['url'] }),
    ).rejects.toBeInstanceOf(JsonScanError)
    expect(existsSync(temp)).toBe(false)
  })

  it('reads a web ReadableStream as well', async () => {
    const temp = join(dir, 'f.part')
    const stream = new Response(download).body!
    const result = await ingestJson(stream, { tempPath: temp, base64Fields: ['base64'] })
    expect(result.file?.bytes).toBe(video.length)
  })
})
