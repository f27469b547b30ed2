import { describe, expect, it } from 'vitest'
import { formats, type Draft, type DraftPart } from './index'

// The inputs each format accepts by the spec, built to their exact JSON: image URLs (chat 1, responses 2),
// file URLs (responses 2), audio inline and media by file URI (native 5 and 6).
const CAT = 'https://example.test/cat.png'
const PDF = 'https://example.test/report.pdf'
const AUDIO_B64 = 'SUQzBAAAAAAA'

const user = (...parts: DraftPart[]): Draft => ({
  model: 'm',
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'What is in this?' }, ...parts] }],
})
const content = (format: 'chat' | 'responses' | 'native', draft: Draft): unknown => {
  const body = formats[format].build(draft).body as Record<string, unknown>
  if (format === 'chat') return (body.messages as { content: unknown }[])[0]?.content
  if (format === 'responses') return (body.input as { content: unknown }[])[0]?.content
  return (body.contents as { parts: unknown }[])[0]?.parts
}

describe('inputs the spec accepts, as each builder sends them', () => {
  it('chat: an image by its http(s) URL, with its detail', () => {
    expect(content('chat', user({ type: 'image', url: CAT, detail: 'low' }))).toEqual([
      { type: 'text', text: 'What is in this?' },
      { type: 'image_url', image_url: { url: CAT, detail: 'low' } },
    ])
  })

  it('responses: input_image with an image URL and input_file with file_url', () => {
    expect(
      content(
        'responses',
        user({ type: 'image', url: CAT }, { type: 'file', url: PDF, mimeType: 'application/pdf' }),
      ),
    ).toEqual([
      { type: 'input_text', text: 'What is in this?' },
      { type: 'input_image', image_url: CAT, detail: 'auto' },
      { type: 'input_file', file_url: PDF },
    ])
  })

  it('responses: a local file as input_file with its filename and data URL', () => {
    const dataUrl = `data:audio/mpeg;base64,${AUDIO_B64}`
    expect(
      content('responses', user({ type: 'file', filename: 'a.mp3', mimeType: 'audio/mpeg', dataUrl })),
    ).toEqual([
      { type: 'input_text', text: 'What is in this?' },
      { type: 'input_file', filename: 'a.mp3', file_data: dataUrl },
    ])
  })

  it('native: audio as inlineData, media by URI as fileData, an image URL as fileData', () => {
    const parts = content(
      'native',
      user(
        {
          type: 'file',
          filename: 'a.mp3',
          mimeType: 'audio/mpeg',
          dataUrl: `data:audio/mpeg;base64,${AUDIO_B64}`,
        },
        { type: 'file', url: 'gs://bucket/talk.wav', mimeType: 'audio/wav' },
        { type: 'file', url: PDF, mimeType: 'application/pdf' },
        { type: 'image', url: CAT, mimeType: 'image/png' },
      ),
    )
    expect(parts).toEqual([
      { text: 'What is in this?' },
      { inlineData: { mimeType: 'audio/mpeg', data: AUDIO_B64 } },
      { fileData: { mimeType: 'audio/wav', fileUri: 'gs://bucket/talk.wav' } },
      { fileData: { mimeType: 'application/pdf', fileUri: PDF } },
      { fileData: { mimeType: 'image/png', fileUri: CAT } },
    ])
  })

  it('native: reads the same parts back from a body (raw Request JSON) as the parts that built it', () => {
    const draft = user(
      { type: 'file', mimeType: 'audio/mpeg', dataUrl: `data:audio/mpeg;base64,${AUDIO_B64}` },
      { type: 'file', url: 'gs://bucket/talk.wav', mimeType: 'audio/wav' },
    )
    const body = formats.native.build(draft).body
    const back = formats.native.parseRequest(body, { model: 'm' })
    expect(back.draft.messages[0]?.parts).toEqual(draft.messages[0]?.parts)
    expect(back.unmapped).toEqual([])
  })

  it('messages: an image URL goes as a url source (the lossiness list says so)', () => {
    const body = formats.messages.build({ ...user({ type: 'image', url: CAT }), maxTokens: 10 }).body as {
      messages: { content: unknown }[]
    }
    expect(body.messages[0]?.content).toEqual([
      { type: 'text', text: 'What is in this?' },
      { type: 'image', source: { type: 'url', url: CAT } },
    ])
  })
})
