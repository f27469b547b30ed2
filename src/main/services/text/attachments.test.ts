import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mediaRef } from '../../../shared/ipc/media'
import { formats, type Draft } from '../../../shared/wire'
import { MediaStore } from '../mediaStore'
import { resolveAttachments } from './attachments'

// Attachments resolve in main from real files in a temp media store: a local audio file becomes the bytes the
// native format sends inline, and an attachment by URL stays a URL for the gateway to fetch.
let dir: string
let media: MediaStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'attach-'))
  media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('resolveAttachments', () => {
  it('turns a stored audio file into a data URL and leaves URLs and file URIs as they are', async () => {
    const bytes = Buffer.from('ID3 a short fake mp3')
    const info = await media.putBytes(bytes, 'audio/mpeg', 'note.mp3')
    const draft: Draft = {
      model: 'gemini-2.5-flash',
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'Transcribe' },
            { type: 'file', dataUrl: mediaRef(info.id), filename: 'note.mp3', mimeType: 'audio/mpeg' },
            { type: 'file', url: 'gs://bucket/talk.wav', mimeType: 'audio/wav' },
            { type: 'image', url: 'https://example.test/cat.png', mimeType: 'image/png' },
          ],
        },
      ],
    }
    const resolved = await resolveAttachments(draft, media)
    expect(resolved.messages[0]?.parts.slice(1)).toEqual([
      {
        type: 'file',
        filename: 'note.mp3',
        mimeType: 'audio/mpeg',
        dataUrl: `data:audio/mpeg;base64,${bytes.toString('base64')}`,
      },
      { type: 'file', url: 'gs://bucket/talk.wav', mimeType: 'audio/wav' },
      { type: 'image', url: 'https://example.test/cat.png', mimeType: 'image/png' },
    ])
    const body = formats.native.build(resolved).body as { contents: { parts: unknown[] }[] }
    expect(body.contents[0]?.parts[1]).toEqual({
      inlineData: { mimeType: 'audio/mpeg', data: bytes.toString('base64') },
    })
  })

  it('says an attachment no longer stored must be attached again', async () => {
    const draft: Draft = {
      model: 'm',
      messages: [{ role: 'user', parts: [{ type: 'file', dataUrl: mediaRef('0'.repeat(32)) }] }],
    }
    await expect(resolveAttachments(draft, media)).rejects.toThrow(/no longer stored; attach the file again/)
  })
})
