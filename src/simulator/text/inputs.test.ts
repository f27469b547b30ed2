import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../server'
import { postJson, startSimulator } from '../../../test/fakes/simulatorClient'
import { formats, type Draft, type DraftPart, type WireFormat } from '../../shared/wire'

// The simulator accepts every input the spec allows, as the app's own builders send them, and says in its
// answer what it received, so a test (or a user) can see the input arrived.
const CAT = 'https://example.test/cat.png'
const AUDIO = `data:audio/mpeg;base64,${Buffer.from('ID3 fake mp3 bytes').toString('base64')}`

const draft = (model: string, ...parts: DraftPart[]): Draft => ({
  model,
  maxTokens: 200,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Describe this input' }, ...parts] }],
})

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

describe('simulator: inputs each format accepts', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startSimulator()
  })
  afterAll(async () => {
    await sim.close()
  })

  const send = async (format: WireFormat, d: Draft): Promise<{ status: number; text: string }> => {
    const built = formats[format].build(d)
    const response = await postJson(sim, built.path, built.body)
    const body = (await response.json()) as Json
    const text =
      format === 'chat'
        ? body.choices?.[0]?.message?.content
        : format === 'responses'
          ? body.output?.find((o: Json) => o.type === 'message')?.content?.[0]?.text
          : format === 'messages'
            ? body.content?.[0]?.text
            : body.candidates?.[0]?.content?.parts?.map((p: Json) => p.text).join('')
    return { status: response.status, text: String(text ?? JSON.stringify(body)) }
  }

  it('chat: an image by URL', async () => {
    const { status, text } = await send('chat', draft('gpt-4o', { type: 'image', url: CAT }))
    expect(status).toBe(200)
    expect(text).toContain('I also received 1 image(s).')
  })

  it('responses: an image URL and a file by file_url', async () => {
    const { status, text } = await send(
      'responses',
      draft('gpt-4o', { type: 'image', url: CAT }, { type: 'file', url: 'https://example.test/report.pdf' }),
    )
    expect(status).toBe(200)
    expect(text).toContain('[attached file: https://example.test/report.pdf]')
    expect(text).toContain('I also received 1 image(s).')
  })

  it('native: an inline audio file and media by file URI', async () => {
    const { status, text } = await send(
      'native',
      draft(
        'gemini-2.5-flash',
        { type: 'file', mimeType: 'audio/mpeg', dataUrl: AUDIO },
        { type: 'file', url: 'gs://bucket/talk.wav', mimeType: 'audio/wav' },
        { type: 'image', url: CAT, mimeType: 'image/png' },
      ),
    )
    expect(status).toBe(200)
    expect(text).toContain('I received an audio file (audio/mpeg, inline).')
    expect(text).toContain('I received an audio file by URI (audio/wav, gs://bucket/talk.wav).')
    expect(text).toContain('I also received 1 image(s).')
  })

  it('native: a file by URI without its MIME type is refused, naming the field', async () => {
    const response = await postJson(sim, '/v1beta/models/gemini-2.5-flash:generateContent', {
      contents: [{ role: 'user', parts: [{ text: 'hi' }, { fileData: { fileUri: 'gs://b/a.wav' } }] }],
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as Json).error.message).toBe(
      'contents[0].parts[1].fileData.mimeType is required.',
    )
  })
})
