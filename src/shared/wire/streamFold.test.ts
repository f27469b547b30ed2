import { describe, expect, it } from 'vitest'
import { formats, WIRE_FORMATS } from './index'
import { str } from './read'
import { createStreamFolder, streamErrorFromBody, type FormatFold } from './streamFold'
import { readError } from './read'

// A minimal format: `{"t": "x"}` is text x, `{"end": true}` the terminal point, `{"err": "m"}` an error.
const toy = (extra: Partial<FormatFold> = {}) =>
  createStreamFolder({
    name: 'toy',
    incompleteMessage: 'The toy stream closed early',
    error: (chunk) => (chunk.err ? { message: String(chunk.err), raw: chunk } : undefined),
    chunk(chunk, _frame, out, control) {
      const t = str(chunk.t)
      if (t) out.push({ type: 'text', delta: t })
      if (chunk.finish) out.push({ type: 'finish', stopReason: 'done', finish: 'stop' })
      if (chunk.end) control.complete({ close: chunk.close === true })
    },
    ...extra,
  })

const push = (folder: ReturnType<typeof toy>, data: unknown) =>
  folder.push({ data: typeof data === 'string' ? data : JSON.stringify(data) })

describe('stream-folding skeleton', () => {
  it('warns about a frame that is not a JSON object and goes on', () => {
    const folder = toy()
    expect(push(folder, 'not json')).toEqual([
      { type: 'warning', message: 'Skipped a toy stream frame that is not a JSON object', raw: 'not json' },
    ])
    expect(push(folder, { t: 'a' })).toEqual([{ type: 'text', delta: 'a' }])
    expect(folder.status).toBe('open')
  })

  it('stays open to trailing frames after complete() until the format closes it', () => {
    const folder = toy()
    push(folder, { end: true })
    expect(folder.status).toBe('complete')
    expect(folder.closed).toBe(false)
    expect(push(folder, { t: 'usage-like' })).toEqual([{ type: 'text', delta: 'usage-like' }])
    push(folder, { end: true, close: true })
    expect(folder.closed).toBe(true)
    expect(push(folder, { t: 'after' })).toEqual([])
  })

  it('ends the stream at an error frame: nothing folds after it, end adds nothing', () => {
    const folder = toy()
    expect(push(folder, { err: 'boom' })).toEqual([{ type: 'error', message: 'boom', raw: { err: 'boom' } }])
    expect(folder.status).toBe('error')
    expect(push(folder, { t: 'late' })).toEqual([])
    expect(folder.end()).toEqual([])
  })

  it('marks the end of input before the terminal point incomplete, after what flush owes', () => {
    const folder = toy({ flush: (out) => out.push({ type: 'text', delta: 'owed' }) })
    push(folder, { t: 'a' })
    expect(folder.end()).toEqual([
      { type: 'text', delta: 'owed' },
      { type: 'incomplete', message: 'The toy stream closed early' },
    ])
    expect(folder.status).toBe('incomplete')
    expect(folder.end()).toEqual([])
  })

  it('yields exactly one finish: the format’s own, else a fallback at the terminal point', () => {
    const own = toy()
    const events = [
      ...push(own, { finish: true, end: true }),
      ...push(own, { finish: true, t: 'usage may follow' }),
      ...push(own, { end: true, close: true }),
      ...push(own, { t: 'after close' }),
      ...own.end(),
    ]
    expect(events.filter((e) => e.type === 'finish')).toEqual([
      { type: 'finish', stopReason: 'done', finish: 'stop' },
    ])
    expect(events.map((e) => e.type)).toEqual(['finish', 'text'])
    const fallback = toy()
    expect(push(fallback, { end: true, close: true })).toEqual([
      { type: 'finish', stopReason: null, finish: 'other' },
    ])
    expect(fallback.status).toBe('complete')
  })

  it.each(WIRE_FORMATS)('%s: a lone malformed frame then end gives one warning and one incomplete', (f) => {
    const folder = formats[f].createFolder()
    const events = [...folder.push({ data: '{oops' }), ...folder.end()]
    expect(events.map((e) => e.type)).toEqual(['warning', 'incomplete'])
  })
})

describe('a streamed request answered without SSE', () => {
  it('reads a non-2xx body as the error, JSON or not', () => {
    expect(streamErrorFromBody(readError, '{"error":{"message":"no","code":400}}', 400)).toMatchObject({
      status: 400,
      message: 'no',
      code: 400,
    })
    expect(streamErrorFromBody(readError, 'upstream down', 503)).toMatchObject({
      status: 503,
      message: 'upstream down',
    })
  })

  it('reads a 2xx JSON error body (also array-wrapped) as the error, and anything else as no error', () => {
    expect(streamErrorFromBody(readError, '[{"error":{"message":"quota"}}]')?.message).toBe('quota')
    expect(streamErrorFromBody(readError, '{"candidates":[]}', 200)).toBeUndefined()
    expect(streamErrorFromBody(readError, 'data: {}\n\n')).toBeUndefined()
  })
})

describe('usage that reports nothing', () => {
  const zeroNative = {
    candidates: [{ content: { role: 'model', parts: [{ text: 'hi' }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 },
  }

  it('is not an event of any stream, and never replaces a reported usage', () => {
    const folder = formats.native.createFolder()
    const events = folder.push({ data: JSON.stringify(zeroNative) })
    expect(events.some((e) => e.type === 'usage')).toBe(false)
    const chat = formats.chat.createFolder()
    const got = [
      ...chat.push({ data: JSON.stringify({ id: 'c', choices: [{ index: 0, delta: { content: 'x' } }] }) }),
      ...chat.push({
        data: JSON.stringify({ id: 'c', choices: [], usage: { prompt_tokens: 0, completion_tokens: 0 } }),
      }),
    ]
    expect(got.some((e) => e.type === 'usage')).toBe(false)
  })

  it('is absent from whole answers of every format', () => {
    expect(formats.native.parseResponse(zeroNative).usage).toBeUndefined()
    const chat = {
      id: 'c',
      choices: [{ index: 0, message: { role: 'assistant', content: 'x' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    }
    expect(formats.chat.parseResponse(chat).usage).toBeUndefined()
    const messages = {
      id: 'm',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'x' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 0, output_tokens: 0 },
    }
    expect(formats.messages.parseResponse(messages).usage).toBeUndefined()
    const responses = {
      id: 'r',
      object: 'response',
      status: 'completed',
      output: [{ type: 'message', id: 'o', content: [{ type: 'output_text', text: 'x' }] }],
      usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
    }
    expect(formats.responses.parseResponse(responses).usage).toBeUndefined()
    expect(
      formats.chat.parseResponse({ ...chat, usage: { prompt_tokens: 3, completion_tokens: 0 } }).usage,
    ).toMatchObject({ input: 3, output: 0 })
  })
})
