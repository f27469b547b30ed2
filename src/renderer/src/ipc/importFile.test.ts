import { describe, expect, it } from 'vitest'
import { IPC_MESSAGE_LIMIT, MEDIA_IMPORT_CHUNK_BYTES, type ImportedMedia } from '../../../shared/ipc/media'
import type { Client } from '../../../shared/ipc/client'
import { importFile, toBase64 } from './importFile'

const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** A bridge stand-in that records every message and answers like main's importer. */
function recordingClient() {
  const messages: { route: string; payload: unknown; bytes: number }[] = []
  const received: Uint8Array[] = []
  const answer = (route: string, payload: Record<string, unknown>): unknown => {
    if (route === 'media.beginImport') return { importId: 'imp-1', chunkBytes: MEDIA_IMPORT_CHUNK_BYTES }
    if (route === 'media.importChunk') {
      received.push(fromBase64(payload.data as string))
      return { received: 0 }
    }
    if (route === 'media.finishImport')
      return {
        mediaId: 'm',
        ref: 'attachment:m',
        url: '/media/m',
        name: 'f',
        mimeType: 'image/png',
        size: 0,
        image: null,
      } satisfies ImportedMedia
    return { cancelled: true }
  }
  const client = {
    async invoke(route: string, payload: Record<string, unknown>) {
      messages.push({ route, payload, bytes: JSON.stringify({ t: 'invoke', id: 1, route, payload }).length })
      return answer(route, payload)
    },
    async call(route: string, payload: Record<string, unknown>) {
      messages.push({ route, payload, bytes: JSON.stringify(payload).length })
      return { ok: true, value: answer(route, payload) }
    },
  } as unknown as Pick<Client, 'invoke' | 'call'>
  return { client, messages, received }
}

describe('importFile (M1)', () => {
  it('sends a 3 MB file in order, every message under 256 KB, and the bytes arrive intact', async () => {
    const bytes = Uint8Array.from({ length: 3 * 1024 * 1024 + 5 }, (_, i) => (i * 31) % 251)
    const { client, messages, received } = recordingClient()
    const progress: number[] = []
    const file = {
      name: 'frame.png',
      type: 'image/png',
      size: bytes.length,
      slice: (a: number, b: number) => ({ arrayBuffer: async () => bytes.slice(a, b).buffer }),
    }
    await importFile(client, file, (sent) => progress.push(sent))
    expect(messages[0]).toMatchObject({
      route: 'media.beginImport',
      payload: { size: bytes.length, mimeType: 'image/png' },
    })
    expect(messages.at(-1)?.route).toBe('media.finishImport')
    expect(Math.max(...messages.map((m) => m.bytes))).toBeLessThan(IPC_MESSAGE_LIMIT)
    const offsets = messages
      .filter((m) => m.route === 'media.importChunk')
      .map((m) => (m.payload as { offset: number }).offset)
    expect(offsets).toEqual(offsets.map((_, i) => i * MEDIA_IMPORT_CHUNK_BYTES))
    const joined = new Uint8Array(received.reduce((n, r) => n + r.length, 0))
    received.reduce((at, r) => (joined.set(r, at), at + r.length), 0)
    expect(joined.length).toBe(bytes.length)
    expect(joined.every((b, i) => b === bytes[i])).toBe(true)
    expect(progress.at(-1)).toBe(bytes.length)
  })

  it('encodes base64 like the standard alphabet, in slices', () => {
    expect(toBase64(new TextEncoder().encode('hello?>'))).toBe('aGVsbG8/Pg==')
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => i % 256)
    expect(fromBase64(toBase64(bytes)).every((b, i) => b === bytes[i])).toBe(true)
  })
})
