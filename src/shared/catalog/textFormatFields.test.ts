// Every request field the spec lists for a text format has a control in the parameters form, and what a control
// writes is what goes on the wire: built by the format's builder and read back by its reader unchanged.
import { describe, expect, it } from 'vitest'
import { formats } from '../wire/adapters'
import type { Draft, DraftExtras } from '../wire/draft'
import type { WireFormat } from '../wire/format'
import { writePath } from './fieldValues'
import type { FieldSpec } from './fieldSpecs'
import { TEXT_PARAMS_LAYOUT } from './textParamFields'

const fieldsOf = (format: WireFormat): FieldSpec[] => {
  const l = TEXT_PARAMS_LAYOUT[format]
  return [...l.sampling, ...l.thinking, ...l.formatFields.fields]
}
const extrasPath = (f: FieldSpec) => (f.target.in === 'extras' ? f.target.path.join('.') : null)

/** Spec 1–3: the fields that had no control before (JSON only), by the extras path each control writes. */
const LISTED: Record<WireFormat, string[]> = {
  chat: [
    'parameters.enable_search',
    'parameters.search_options.region',
    'parameters.search_options.recency_days',
    'parameters.incremental_output',
    'parameters.asr_options.language',
    'parameters.temperature',
    'parameters.top_p',
    'thinking_config.thinking_budget',
    'thinking_config.include_thoughts',
    'search_parameters.return_citations',
    'streamUsage',
    'locationType',
  ],
  responses: [
    'user',
    'apiVersion',
    'web_search_preview.search_context_size',
    'web_search_preview.user_location.country',
    'web_search_preview.user_location.region',
    'web_search_preview.user_location.city',
    'web_search_preview.user_location.timezone',
    'reasoning.effort',
    'locationType',
  ],
  messages: ['metadata', 'cacheLastTurn'],
  native: [],
}

const base: Draft = {
  model: 'm',
  stream: true,
  maxTokens: 100,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'hello' }] }],
}
const withExtras = (format: WireFormat, extras: unknown): Draft => ({
  ...base,
  extras: { [format]: extras } as DraftExtras,
})
const roundTrips = (format: WireFormat, draft: Draft) => {
  const body = formats[format].build(draft).body
  const read = formats[format].parseRequest(body, { model: 'm', stream: true })
  expect(read.unmapped).toEqual([])
  expect(formats[format].build(read.draft).body).toEqual(body)
  return body
}

describe('the parameters form', () => {
  it.each(['chat', 'responses', 'messages'] as const)('has a control for every listed %s field', (format) => {
    const paths = fieldsOf(format).map(extrasPath)
    for (const path of LISTED[format]) expect(paths, path).toContain(path)
  })

  it('offers reasoning.effort none in the responses format', () => {
    const effort = fieldsOf('responses').find((f) => f.name === 'reasoning.effort')
    expect(effort?.kind === 'select' && effort.options.map((o) => o.value)).toEqual([
      'none',
      'low',
      'medium',
      'high',
    ])
  })

  it('sends what each new chat control writes at its spec place', () => {
    let x: Record<string, unknown> = {}
    x = writePath(x, ['parameters', 'enable_search'], true)
    x = writePath(x, ['parameters', 'search_options', 'recency_days'], 7)
    x = writePath(x, ['parameters', 'asr_options', 'language'], 'en')
    x = writePath(x, ['thinking_config', 'thinking_budget'], -1)
    x = writePath(x, ['search_parameters', 'return_citations'], false)
    const body = roundTrips('chat', withExtras('chat', x))
    expect(body).toMatchObject({
      parameters: {
        enable_search: true,
        search_options: { recency_days: 7 },
        asr_options: { language: 'en' },
      },
      extra_body: { vendor: { thinking_config: { thinking_budget: -1 } } },
      search_parameters: { return_citations: false },
    })
  })

  it('sends responses user, the api-version query parameter, web search options and effort none', () => {
    const draft = withExtras('responses', {
      user: 'u-1',
      apiVersion: '2025-03-01',
      reasoning: { effort: 'none' },
      web_search_preview: { search_context_size: 'high', user_location: { city: 'Leeds' } },
    })
    const built = formats.responses.build(draft)
    expect(built.path).toBe('/v1/responses?api-version=2025-03-01')
    expect(built.body).toMatchObject({
      user: 'u-1',
      reasoning: { effort: 'none' },
      tools: [{ type: 'web_search_preview', search_context_size: 'high', user_location: { city: 'Leeds' } }],
    })
  })

  it('marks the last message block for caching, and reads it back as the same setting', () => {
    const body = roundTrips(
      'messages',
      withExtras('messages', { cacheLastTurn: 'persistent', metadata: { user_id: 'u' } }),
    )
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hello', cache_control: { type: 'persistent' } }] },
    ])
    expect(body.metadata).toEqual({ user_id: 'u' })
  })
})

describe('fields beyond the spec are visible and removable', () => {
  it('stream_options.include_usage is sent on a chat stream by default, and left out once unchecked', () => {
    expect(roundTrips('chat', base).stream_options).toEqual({ include_usage: true })
    const without = roundTrips('chat', withExtras('chat', { streamUsage: false }))
    expect(without).not.toHaveProperty('stream_options')
  })

  it('user_location.type is added beside the location by default, and left out once unchecked', () => {
    const location = { web_search_options: { user_location: { approximate: { city: 'Leeds' } } } }
    expect(roundTrips('chat', withExtras('chat', location)).web_search_options).toEqual({
      user_location: { type: 'approximate', approximate: { city: 'Leeds' } },
    })
    expect(
      roundTrips('chat', withExtras('chat', { ...location, locationType: false })).web_search_options,
    ).toEqual({
      user_location: { approximate: { city: 'Leeds' } },
    })
    const tool = { web_search_preview: { user_location: { city: 'Leeds' } }, locationType: false }
    expect(roundTrips('responses', withExtras('responses', tool)).tools).toEqual([
      { type: 'web_search_preview', user_location: { city: 'Leeds' } },
    ])
  })

  it('each says why it is there', () => {
    for (const [format, name] of [
      ['chat', 'stream_options.include_usage'],
      ['chat', 'web_search_options.user_location.type'],
      ['responses', 'web_search_preview.user_location.type'],
    ] as const) {
      const spec = fieldsOf(format).find((f) => f.name === name)
      expect(spec?.hint).toMatch(/not in the spec/)
    }
  })
})
