import { describe, expect, it } from 'vitest'
import { attachRefusal, checkAttachUrl, kindOfMime, mimeFromName } from './attachKinds'

describe('attachment kinds', () => {
  it('reads the MIME type from a file name or a URL path, ignoring the query', () => {
    expect(mimeFromName('talk.MP3')).toBe('audio/mpeg')
    expect(mimeFromName('https://x.test/a/cat.webp?size=2#top')).toBe('image/webp')
    expect(mimeFromName('https://picsum.test/200')).toBe('')
    expect(kindOfMime('audio/wav')).toBe('audio')
    expect(kindOfMime('image/svg+xml')).toBe('file')
  })

  it('says which format takes what: images everywhere, audio in native and responses, files not in chat', () => {
    expect(attachRefusal('chat', 'image', 'a.png')).toBeNull()
    expect(attachRefusal('chat', 'audio', 'a.mp3')).toBe(
      'a.mp3: Chat completions takes images only; audio goes through the Native format.',
    )
    expect(attachRefusal('messages', 'file', 'r.pdf')).toMatch(/Responses or Native format/)
    expect(attachRefusal('native', 'audio', 'a.mp3')).toBeNull()
    expect(attachRefusal('responses', 'file', 'r.pdf')).toBeNull()
  })

  it('checks an attachment URL with the field named: http(s) everywhere, file URIs in native', () => {
    expect(checkAttachUrl('chat', ' https://x.test/cat.png ')).toEqual({
      ok: true,
      url: 'https://x.test/cat.png',
    })
    expect(checkAttachUrl('chat', 'cat.png')).toEqual({
      ok: false,
      message: 'Attachment URL: "cat.png" is not a URL (it needs https://…).',
    })
    expect(checkAttachUrl('responses', 'gs://b/a.pdf')).toMatchObject({ ok: false })
    expect(checkAttachUrl('native', 'gs://b/a.wav')).toEqual({ ok: true, url: 'gs://b/a.wav' })
    expect(checkAttachUrl('native', 'javascript:alert(1)')).toMatchObject({ ok: false })
    expect(checkAttachUrl('native', '')).toMatchObject({ ok: false, message: /^Attachment URL: / })
  })
})
