import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MediaStore } from './mediaStore'
import { answerMedia } from './mediaResponse'

let dir: string
let store: MediaStore
let id: string
let empty: string
const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 251)

async function read(body: Readable | null): Promise<Uint8Array> {
  if (!body) return new Uint8Array()
  const chunks: Buffer[] = []
  for await (const c of body) chunks.push(c as Buffer)
  return new Uint8Array(Buffer.concat(chunks))
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-'))
  store = new MediaStore(join(dir, 'media'), (i) => `media://${i}`)
  id = (await store.putBytes(BYTES, 'video/mp4', 'clip.mp4')).id
  empty = (await store.putBytes(new Uint8Array(), 'video/mp4', 'empty.mp4')).id
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('answerMedia (M4)', () => {
  it.each([
    ['bytes=0-99', 206, 'bytes 0-99/1000', 0, 100],
    ['bytes=100-199', 206, 'bytes 100-199/1000', 100, 100],
    ['bytes=990-', 206, 'bytes 990-999/1000', 990, 10],
    ['bytes=-10', 206, 'bytes 990-999/1000', 990, 10],
    ['bytes=-5000', 206, 'bytes 0-999/1000', 0, 1000],
    ['bytes=500-5000', 206, 'bytes 500-999/1000', 500, 500],
    ['bytes=999-999', 206, 'bytes 999-999/1000', 999, 1],
    ['bytes=0-', 206, 'bytes 0-999/1000', 0, 1000],
  ] as const)(
    'answers %s with %i and the right bytes',
    async (range, status, contentRange, start, length) => {
      const answer = await answerMedia(store, id, 'GET', range)
      expect(answer.status).toBe(status)
      expect(answer.headers['content-range']).toBe(contentRange)
      expect(answer.headers['content-length']).toBe(String(length))
      expect(await read(answer.body)).toEqual(BYTES.slice(start, start + length))
    },
  )

  it('answers 200 with Accept-Ranges, type and length when there is no Range', async () => {
    const answer = await answerMedia(store, id, 'GET', undefined)
    expect(answer.status).toBe(200)
    expect(answer.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'video/mp4',
      'content-length': '1000',
    })
    expect(await read(answer.body)).toEqual(BYTES)
  })

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])(
    'answers %s with 416 bytes */size',
    async (range) => {
      const answer = await answerMedia(store, id, 'GET', range)
      expect(answer.status).toBe(416)
      expect(answer.headers['content-range']).toBe('bytes */1000')
      expect(answer.body).toBeNull()
    },
  )

  it.each(['items=0-1', 'bytes=0-1,5-6', 'bytes=9-3', 'garbage'])(
    'ignores the unreadable Range %s with a full 200',
    async (range) => {
      const answer = await answerMedia(store, id, 'GET', range)
      expect(answer.status).toBe(200)
      expect((await read(answer.body)).length).toBe(1000)
    },
  )

  it('answers HEAD with headers and no body, for whole and partial requests', async () => {
    const whole = await answerMedia(store, id, 'HEAD', null)
    expect(whole).toMatchObject({ status: 200, body: null, headers: { 'content-length': '1000' } })
    const part = await answerMedia(store, id, 'HEAD', 'bytes=0-9')
    expect(part).toMatchObject({ status: 206, body: null, headers: { 'content-range': 'bytes 0-9/1000' } })
  })

  it('refuses other methods with 405', async () => {
    expect((await answerMedia(store, id, 'POST', null)).status).toBe(405)
  })

  it('serves an empty file as an empty 200 and any Range on it as 416', async () => {
    expect((await answerMedia(store, empty, 'GET', null)).status).toBe(200)
    expect((await answerMedia(store, empty, 'GET', 'bytes=0-')).status).toBe(416)
  })

  it.each([
    '..',
    '../secrets.json',
    '%2e%2e',
    '/etc/passwd',
    `${'a'.repeat(31)}`,
    `${'A'.repeat(32)}`,
    'f'.repeat(32),
    '',
  ])('answers 404 for the id %j (S8)', async (bad) => {
    expect((await answerMedia(store, bad, 'GET', null)).status).toBe(404)
  })

  it('streams into the store atomically and leaves nothing behind on failure', async () => {
    const ok = await store.putStream(
      Readable.from([Buffer.from('abc'), Buffer.from('def')]),
      'text/plain',
      'x.txt',
    )
    expect(ok.size).toBe(6)
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('partial')
        throw new Error('connection dropped')
      })(),
    )
    await expect(store.putStream(failing, 'video/mp4', 'y.mp4')).rejects.toThrow('connection dropped')
    const { readdirSync } = await import('node:fs')
    expect(readdirSync(store.dir).filter((f) => f.endsWith('.part'))).toEqual([])
  })
})
