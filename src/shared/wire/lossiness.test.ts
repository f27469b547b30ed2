import { describe, expect, it } from 'vitest'
import { formats, WIRE_FORMATS, type Draft, type WireFormat } from './index'
import { lossFieldName, lossMessage, translationLoss, type LossWarning } from './lossiness'

const draft: Draft = {
  model: 'm',
  stream: true,
  system: 'Be brief.',
  temperature: 0.5,
  topP: 0.9,
  topK: 40,
  maxTokens: 4096,
  stopSequences: ['END'],
  messages: [
    {
      role: 'user',
      parts: [
        { type: 'text', text: 'Describe this.', cacheControl: { type: 'ephemeral' } },
        { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=', detail: 'high' },
      ],
    },
  ],
  thinking: { enabled: true, budgetTokens: 2048 },
  extras: { messages: { disable_parallel_tool_use: true }, native: { cachedContent: 'c1' } },
}

const pairs: [WireFormat, WireFormat][] = WIRE_FORMATS.flatMap((from) =>
  WIRE_FORMATS.map((to) => [from, to] as [WireFormat, WireFormat]),
)

const at = (warnings: LossWarning[], path: string) => warnings.find((w) => w.path === path)

/** A dotted body path (`generationConfig.topK`), or undefined when the path has a shape note. */
function bodyValue(body: Record<string, unknown>, path: string): unknown {
  let v: unknown = body
  for (const key of path.split('.')) v = (v as Record<string, unknown> | undefined)?.[key]
  return v
}

describe('translationLoss', () => {
  it.each(pairs)('from %s to %s: topK is dropped exactly where the builder leaves it out', (from, to) => {
    const warnings = translationLoss(draft, to, from)
    const body = JSON.stringify(formats[to].build(draft).body)
    const sent = /"top_?[kK]"/.test(body)
    const w = at(warnings, 'topK')
    if (to === 'chat' || to === 'responses') {
      expect(sent).toBe(false)
      expect(w?.kind).toBe('dropped')
      expect(w?.message).toContain('not sent')
    } else {
      expect(sent).toBe(true)
      expect(w?.kind === 'dropped').toBe(false)
    }
  })

  it.each(pairs)('from %s to %s: moved fields name a place the target body really has', (from, to) => {
    const body = formats[to].build(draft).body
    const moved = translationLoss(draft, to, from).filter((w) => w.kind === 'moved')
    if (from === to) expect(moved).toEqual([])
    for (const w of moved) {
      expect(w.target).toBeTruthy()
      if (!/[ [(]/.test(w.target!)) expect(bodyValue(body, w.target!)).toBeDefined()
    }
    const system = at(moved, 'system')
    expect(system !== undefined).toBe(from !== to)
    if (to === 'native' && from !== to) expect(system?.target).toBe('systemInstruction')
  })

  it.each(pairs)('from %s to %s: a thinking budget becomes an effort level without a budget', (from, to) => {
    const w = at(translationLoss(draft, to, from), 'thinking.budgetTokens')
    if (to === 'chat' || to === 'responses') {
      expect(w?.kind).toBe('converted')
      expect(w?.message).toMatch(/reasoning.?effort/)
    } else expect(w).toBeUndefined()
  })

  it.each(pairs)('from %s to %s: other formats’ own fields are dropped, its own are kept', (from, to) => {
    const paths = translationLoss(draft, to, from).map((w) => w.path)
    expect(paths.includes('extras.messages.disable_parallel_tool_use')).toBe(to !== 'messages')
    expect(paths.includes('extras.native.cachedContent')).toBe(to !== 'native')
  })

  it.each(pairs)('from %s to %s: image detail and cache_control follow the target format', (from, to) => {
    const paths = translationLoss(draft, to, from).map((w) => w.path)
    expect(paths.includes('messages[0].parts[1].detail')).toBe(to === 'messages' || to === 'native')
    expect(paths.includes('messages[0].parts[0].cacheControl')).toBe(to !== 'messages')
  })

  it('without a source format lists only what is dropped or converted', () => {
    for (const to of WIRE_FORMATS)
      expect(translationLoss(draft, to).every((w) => w.kind !== 'moved')).toBe(true)
  })

  it('an effort level without a budget is converted for the formats that take a budget', () => {
    const effort: Draft = { model: 'm', messages: [], thinking: { enabled: true, effort: 'high' } }
    expect(at(translationLoss(effort, 'messages'), 'thinking.effort')?.kind).toBe('converted')
    expect(at(translationLoss(effort, 'native'), 'thinking.effort')?.kind).toBe('converted')
    expect(at(translationLoss(effort, 'chat'), 'thinking.effort')).toBeUndefined()
  })

  it('structured output is a forced tool in the messages format', () => {
    const structured: Draft = { model: 'm', messages: [], responseFormat: { name: 'r', schema: {} } }
    expect(at(translationLoss(structured, 'messages', 'chat'), 'responseFormat')?.kind).toBe('converted')
    expect(at(translationLoss(structured, 'native', 'chat'), 'responseFormat')?.target).toBe(
      'generationConfig.responseJsonSchema',
    )
  })

  it('stop sequences are dropped by the responses format only', () => {
    for (const to of WIRE_FORMATS)
      expect(at(translationLoss(draft, to), 'stopSequences')?.kind === 'dropped').toBe(to === 'responses')
  })

  it('a draft with nothing format-specific loses nothing', () => {
    const plain: Draft = { model: 'm', messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }
    for (const [from, to] of pairs) expect(translationLoss(plain, to, from)).toEqual([])
  })
})

describe('inputs each format can carry', () => {
  const withParts = (parts: Draft['messages'][number]['parts']): Draft => ({
    model: 'm',
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }, ...parts] }],
  })

  it('says audio goes through the native format and files through responses and native', () => {
    const draft = withParts([
      { type: 'file', mimeType: 'audio/mpeg', dataUrl: 'attachment:0123' },
      { type: 'file', url: 'https://example.test/a.pdf', mimeType: 'application/pdf' },
    ])
    expect(translationLoss(draft, 'native')).toEqual([])
    expect(translationLoss(draft, 'responses')).toEqual([])
    const chat = translationLoss(draft, 'chat').map((w) => w.message)
    expect(chat).toEqual([
      'messages[0].parts[1]: audio goes through the native format; Chat completions cannot send it',
      'messages[0].parts[2]: file input goes through the responses and native formats; Chat completions cannot send it',
    ])
  })

  it('says the messages format takes an image URL only as a url source, and native needs a file URI type', () => {
    const draft = withParts([
      { type: 'image', url: 'https://example.test/cat.png' },
      { type: 'file', url: 'gs://b/a.wav' },
    ])
    expect(translationLoss(draft, 'messages').map((w) => [w.path, w.kind])).toEqual([
      ['messages[0].parts[1].url', 'converted'],
      ['messages[0].parts[2]', 'dropped'],
    ])
    expect(translationLoss(draft, 'native').map((w) => w.path)).toEqual(['messages[0].parts[2].mimeType'])
    expect(translationLoss(draft, 'chat')).toHaveLength(1)
  })
})

describe('a loss named in the form’s words', () => {
  it('names neutral fields as the form does, parts by turn and place, a format’s own field by its wire name', () => {
    expect(lossFieldName('maxTokens')).toBe('Max tokens')
    expect(lossFieldName('topK')).toBe('Top K')
    expect(lossFieldName('thinking.budgetTokens')).toBe('Thinking budget')
    expect(lossFieldName('messages[1].parts[0].detail')).toBe('Turn 2, part 1: image detail')
    expect(lossFieldName('messages[0].parts[2]')).toBe('Turn 1, part 3')
    expect(lossFieldName('systemBlocks[0].cacheControl')).toBe('System prompt block 1: cache mark')
    expect(lossFieldName('extras.chat.web_search_options')).toBe('web_search_options')
    expect(lossMessage({ path: 'topK', kind: 'dropped', message: 'topK: not sent' })).toBe('not sent')
  })
})
