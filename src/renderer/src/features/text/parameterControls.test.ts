import { describe, expect, it } from 'vitest'
import {
  TEXT_PARAMS_LAYOUT,
  numberFieldError,
  writeItem,
  writePath,
  type FieldSpec,
} from '../../../../shared/catalog/textParamFields'
import { formats, validateDraft, type WireFormat } from '../../../../shared/wire'
import { buildDraft, DEFAULT_PARAMS, type TextForm } from '../../stores/form'

// Each form control for a field that used to be reachable only through raw JSON, set as the parameters form
// sets it (the descriptor's target, written with the same helpers), and the exact JSON the request then carries.
const form = (format: WireFormat, patch: Partial<TextForm> = {}): TextForm => ({
  format,
  model: 'm',
  stream: false,
  system: '',
  cacheSystem: false,
  messages: [],
  composer: 'hi',
  attachments: [],
  params: DEFAULT_PARAMS,
  toolsText: '',
  responseFormatText: '',
  extras: { chat: {}, responses: {}, messages: {}, native: {} },
  variables: {},
  ...patch,
})

const spec = (format: WireFormat, name: string): FieldSpec => {
  const layout = TEXT_PARAMS_LAYOUT[format]
  const found = [...layout.sampling, ...layout.thinking, ...layout.formatFields.fields].find(
    (f) => f.name === name,
  )
  if (!found) throw new Error(`no control ${name} in ${format}`)
  return found
}

/** Sets controls of `format` by name, as the form's binding does, and returns the body that would be sent. */
function bodyWith(format: WireFormat, values: Record<string, unknown>, patch: Partial<TextForm> = {}) {
  let f = form(format, patch)
  for (const [name, value] of Object.entries(values)) {
    const t = spec(format, name).target
    const extras = f.extras[format]
    if (t.in === 'extras') f = { ...f, extras: { ...f.extras, [format]: writePath(extras, t.path, value) } }
    else if (t.in === 'extrasItem')
      f = { ...f, extras: { ...f.extras, [format]: writeItem(extras, t, value) } }
    else if (t.in === 'panel')
      f = {
        ...f,
        cacheSystem: value !== undefined,
        extras: {
          ...f.extras,
          [format]: writePath(extras, ['systemCache'], value === 'persistent' ? value : undefined),
        },
      }
    else throw new Error(`control ${name} is not an extras control`)
  }
  const { draft } = buildDraft(f, true)
  return { draft, body: formats[format].build(draft).body as Record<string, unknown> }
}

describe('parameter controls build the request', () => {
  it('chat: web_search_options with its context size and approximate location, and thinkingLevel', () => {
    const { body } = bodyWith('chat', {
      'web_search_options.search_context_size': 'high',
      'web_search_options.user_location.approximate.country': 'GB',
      'web_search_options.user_location.approximate.city': 'London',
      'web_search_options.user_location.approximate.timezone': 'Europe/London',
      thinkingLevel: 'LOW',
    })
    expect(body.web_search_options).toEqual({
      search_context_size: 'high',
      user_location: {
        type: 'approximate',
        approximate: { country: 'GB', city: 'London', timezone: 'Europe/London' },
      },
    })
    expect(body.generationConfig).toEqual({ thinkingConfig: { thinkingLevel: 'LOW' } })
  })

  it('chat: web_search_options on a messages-family model is warned, as the spec says it searches by tools', () => {
    const values = { 'web_search_options.search_context_size': 'medium' }
    expect(validateDraft('chat', bodyWith('chat', values).draft)).toEqual([])
    const claude = bodyWith('chat', values, { model: 'claude-sonnet-4-6-thinking' }).draft
    expect(validateDraft('chat', claude)).toEqual([
      expect.objectContaining({
        field: 'extras.chat.web_search_options',
        rule: 'no_effect',
        severity: 'warning',
      }),
    ])
  })

  it('native: safety settings per category, and "default" removes a category (and the empty list)', () => {
    const { body } = bodyWith('native', {
      'safety.HARM_CATEGORY_HARASSMENT': 'OFF',
      'safety.HARM_CATEGORY_DANGEROUS_CONTENT': 'BLOCK_ONLY_HIGH',
    })
    expect(body.safetySettings).toEqual([
      { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'BLOCK_ONLY_HIGH' },
    ])
    const t = spec('native', 'safety.HARM_CATEGORY_HARASSMENT').target
    if (t.in !== 'extrasItem') throw new Error('safety controls write an item')
    const one = writeItem({}, t, 'OFF')
    expect(one).toEqual({ safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' }] })
    expect(writeItem(writeItem(one, t, 'BLOCK_NONE'), t, undefined)).toEqual({})
  })

  it('native: responseMimeType with a responseSchema, imageConfig and thinkingLevel in generationConfig', () => {
    const schema = { type: 'OBJECT', properties: { title: { type: 'STRING' } } }
    const { body, draft } = bodyWith('native', {
      responseMimeType: 'application/json',
      responseSchema: schema,
      'imageConfig.aspectRatio': '16:9',
      'imageConfig.imageSize': '2K',
      'imageConfig.imageOutputOptions.mimeType': 'image/jpeg',
    })
    expect(body.generationConfig).toEqual({
      maxOutputTokens: 1024,
      responseMimeType: 'application/json',
      responseSchema: schema,
      imageConfig: { aspectRatio: '16:9', imageSize: '2K', imageOutputOptions: { mimeType: 'image/jpeg' } },
    })
    expect(validateDraft('native', draft)).toEqual([])
    const noMime = bodyWith('native', { responseSchema: schema })
    expect(validateDraft('native', noMime.draft)).toEqual([
      expect.objectContaining({
        field: 'extras.native.generationConfig.responseSchema',
        severity: 'warning',
        message: 'Response schema applies with Response MIME type application/json or text/x.enum',
      }),
    ])
  })

  it('native: thinking level goes into thinkingConfig beside the neutral knob', () => {
    const { body } = bodyWith(
      'native',
      { thinkingLevel: 'HIGH' },
      { params: { ...DEFAULT_PARAMS, thinking: { enabled: true, includeThoughts: true } } },
    )
    expect((body.generationConfig as Record<string, unknown>).thinkingConfig).toEqual({
      includeThoughts: true,
      thinkingBudget: -1,
      thinkingLevel: 'HIGH',
    })
  })

  it('responses: the file_search tool with vector stores, max_tool_calls and metadata', () => {
    const { body } = bodyWith('responses', {
      file_search: {},
      'file_search.vector_store_ids': ['vs_1', 'vs_2'],
      max_tool_calls: 3,
      metadata: { run: 'nightly', owner: 'qa' },
    })
    expect(body.tools).toEqual([{ type: 'file_search', vector_store_ids: ['vs_1', 'vs_2'] }])
    expect(body.max_tool_calls).toBe(3)
    expect(body.metadata).toEqual({ run: 'nightly', owner: 'qa' })
  })

  it('responses: the controls name their field and rule when the value breaks it', () => {
    const max = spec('responses', 'max_tool_calls')
    expect(max.kind === 'number' && numberFieldError(max, '0')).toBe('Max tool calls must be at least 1')
    expect(max.kind === 'number' && numberFieldError(max, '2.5')).toBe(
      'Max tool calls must be a whole number',
    )
    const metadata = spec('responses', 'metadata')
    expect(metadata.kind === 'json' && metadata.check({ n: 1 })).toBe('the value of "n" must be a string')
    expect(metadata.kind === 'json' && metadata.check([])).toBe('must be a JSON object')
  })

  it('messages: the web search tool and a persistent system prompt cache', () => {
    const { body } = bodyWith(
      'messages',
      { web_search: {}, cache_system: 'persistent' },
      { system: 'Be brief.' },
    )
    expect(body.tools).toEqual([{ type: 'web_search_20250305', name: 'web_search' }])
    expect(body.system).toEqual([{ type: 'text', text: 'Be brief.', cache_control: { type: 'persistent' } }])
    expect(body).not.toHaveProperty('systemCache')
    // Edited Request JSON reads the tool back as the same control, with nothing left unmapped.
    const back = formats.messages.parseRequest(body)
    expect(back.draft.extras?.messages?.web_search).toEqual({})
    expect(back.unmapped).toEqual([])
    const ephemeral = bodyWith('messages', { cache_system: 'ephemeral' }, { system: 'Be brief.' }).body
    expect(ephemeral.system).toEqual([
      { type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } },
    ])
  })
})
