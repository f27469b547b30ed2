import { describe, expect, it } from 'vitest'
import type { Draft, DraftMessage } from './draft'
import { hasErrors, validateDraft } from './validate'

const user = (text = 'Hi'): DraftMessage => ({ role: 'user', parts: [{ type: 'text', text }] })
const draft = (over: Partial<Draft> = {}): Draft => ({
  model: 'm',
  maxTokens: 100,
  messages: [user()],
  ...over,
})
const rules = (issues: ReturnType<typeof validateDraft>): string[] =>
  issues.map((i) => `${i.severity}:${i.field}:${i.rule}`)

// A base64 payload of about `mb` MiB, as a data URL, without allocating the decoded bytes.
const bigDataUrl = (mb: number): string =>
  `data:application/pdf;base64,${'A'.repeat(Math.ceil((mb * 1024 * 1024 * 4) / 3))}`

describe('validateDraft', () => {
  it('accepts a minimal valid draft in every format', () => {
    for (const format of ['chat', 'responses', 'messages', 'native'] as const) {
      expect(validateDraft(format, draft())).toEqual([])
    }
  })

  it('limits temperature to 0-1 for messages and 0-2 elsewhere, naming field and rule', () => {
    const issues = validateDraft('messages', draft({ temperature: 1.5 }))
    expect(issues).toEqual([
      {
        field: 'temperature',
        rule: 'range',
        severity: 'error',
        message: 'temperature must be between 0 and 1 for the messages format',
      },
    ])
    expect(validateDraft('chat', draft({ temperature: 1.5 }))).toEqual([])
    expect(rules(validateDraft('native', draft({ temperature: 2.1 })))).toEqual(['error:temperature:range'])
    expect(rules(validateDraft('responses', draft({ temperature: -0.1 })))).toEqual([
      'error:temperature:range',
    ])
  })

  it('limits top_p to 0-1 and names the format field', () => {
    const [issue] = validateDraft('native', draft({ topP: 1.2 }))
    expect(issue).toMatchObject({
      field: 'topP',
      rule: 'range',
      message: 'topP must be between 0 and 1 for the native format',
    })
  })

  it('requires max_tokens greater than 0 for messages only', () => {
    expect(rules(validateDraft('messages', { model: 'm', messages: [user()] }))).toEqual([
      'error:maxTokens:required',
    ])
    expect(validateDraft('chat', { model: 'm', messages: [user()] })).toEqual([])
    expect(validateDraft('messages', draft({ maxTokens: 0 }))[0]?.message).toBe(
      'max_tokens must be greater than 0 for the messages format',
    )
    expect(validateDraft('responses', draft({ maxTokens: -5 }))[0]?.message).toContain('max_output_tokens')
  })

  it('refuses empty messages and an empty model', () => {
    expect(rules(validateDraft('messages', draft({ model: ' ', messages: [] })))).toEqual([
      'error:model:required',
      'error:messages:non_empty',
    ])
  })

  it('requires budget_tokens above 1024 for messages thinking, from extras or the neutral knob', () => {
    const low = validateDraft(
      'messages',
      draft({
        maxTokens: 4000,
        extras: { messages: { thinking: { type: 'enabled', budget_tokens: 1024 } } },
      }),
    )
    expect(low).toEqual([
      {
        field: 'extras.messages.thinking.budget_tokens',
        rule: 'budget_min',
        severity: 'error',
        message: 'budget_tokens must be greater than 1024 for the messages format',
      },
    ])
    expect(
      rules(
        validateDraft('messages', draft({ maxTokens: 4000, thinking: { enabled: true, budgetTokens: 500 } })),
      ),
    ).toEqual(['error:thinking.budgetTokens:budget_min'])
    expect(
      validateDraft('messages', draft({ maxTokens: 4000, thinking: { enabled: true, budgetTokens: 1025 } })),
    ).toEqual([])
  })

  it('warns when budget_tokens is not below max_tokens and when temperature is not 1 with thinking', () => {
    const issues = validateDraft(
      'messages',
      draft({ maxTokens: 2000, temperature: 0.5, thinking: { enabled: true, budgetTokens: 3000 } }),
    )
    expect(rules(issues)).toEqual([
      'warning:thinking.budgetTokens:budget_below_max_tokens',
      'warning:temperature:advised',
    ])
    expect(hasErrors(issues)).toBe(false)
  })

  it('warns that enable_thinking and thinking_config need stream', () => {
    const extras = { chat: { enable_thinking: true, thinking_config: { thinking_budget: 100 } } }
    expect(rules(validateDraft('chat', draft({ extras })))).toEqual([
      'warning:extras.chat.enable_thinking:stream_only',
      'warning:extras.chat.thinking_config:stream_only',
    ])
    expect(validateDraft('chat', draft({ stream: true, extras }))).toEqual([])
  })

  it('accepts file input in the responses and native formats only', () => {
    const withFile = draft({
      messages: [{ role: 'user', parts: [{ type: 'file', url: 'https://example.test/a.pdf' }] }],
    })
    expect(validateDraft('responses', withFile)).toEqual([])
    expect(validateDraft('chat', withFile)[0]).toMatchObject({
      field: 'messages[0].parts[0]',
      rule: 'file_format',
      message: 'file input is accepted by the responses and native formats, not the chat completions format',
    })
    expect(rules(validateDraft('native', withFile))).toEqual(['error:messages[0].parts[0].mimeType:required'])
  })

  it('takes audio and file URIs in the native format, and warns on a type the spec does not name', () => {
    const parts = (p: object) => draft({ messages: [{ role: 'user', parts: [{ type: 'file', ...p }] }] })
    expect(
      validateDraft('native', parts({ mimeType: 'audio/mpeg', dataUrl: 'data:audio/mpeg;base64,AAAA' })),
    ).toEqual([])
    expect(validateDraft('native', parts({ mimeType: 'audio/wav', url: 'gs://bucket/a.wav' }))).toEqual([])
    expect(
      rules(validateDraft('native', parts({ mimeType: 'application/pdf', url: 'https://x.test/a.pdf' }))),
    ).toEqual(['warning:messages[0].parts[0]:file_type'])
    expect(
      validateDraft('chat', parts({ mimeType: 'audio/mpeg', dataUrl: 'data:audio/mpeg;base64,AAAA' }))[0]
        ?.message,
    ).toMatch(/audio goes through the native format/)
  })

  it('refuses an image or file URL that is not http(s) where the format needs one', () => {
    const image = draft({
      messages: [{ role: 'user', parts: [{ type: 'image', url: 'cat.png', mimeType: 'image/png' }] }],
    })
    expect(rules(validateDraft('chat', image))).toEqual(['error:messages[0].parts[0].url:url'])
    expect(rules(validateDraft('native', image))).toEqual(['error:messages[0].parts[0].url:url'])
    const gs = draft({ messages: [{ role: 'user', parts: [{ type: 'file', url: 'gs://b/a.pdf' }] }] })
    expect(rules(validateDraft('responses', gs))).toEqual(['error:messages[0].parts[0].url:url'])
  })

  it('refuses a file over 50 MB and files totalling over 50 MB, from the data URL length', () => {
    const one = draft({
      messages: [{ role: 'user', parts: [{ type: 'file', filename: 'big.pdf', dataUrl: bigDataUrl(50.5) }] }],
    })
    const [issue] = validateDraft('responses', one)
    expect(issue).toMatchObject({ field: 'messages[0].parts[0]', rule: 'file_size', severity: 'error' })
    expect(issue?.message).toMatch(/big\.pdf.*50\.5 MB.*at most 50 MB/)

    const two = draft({
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'file', dataUrl: bigDataUrl(30) },
            { type: 'file', dataUrl: bigDataUrl(30) },
          ],
        },
      ],
    })
    expect(rules(validateDraft('responses', two))).toEqual(['error:messages:request_file_size'])
    const fits = draft({ messages: [{ role: 'user', parts: [{ type: 'file', dataUrl: bigDataUrl(49.9) }] }] })
    expect(validateDraft('responses', fits)).toEqual([])
  })

  it('refuses roles a format does not have', () => {
    const sys = draft({ messages: [{ role: 'system', parts: [{ type: 'text', text: 'x' }] }, user()] })
    expect(validateDraft('messages', sys)[0]).toMatchObject({ field: 'messages[0].role', rule: 'role' })
    expect(validateDraft('messages', sys)[0]?.message).toContain('system prompt')
    expect(validateDraft('chat', sys)).toEqual([])
    const dev = draft({ messages: [{ role: 'developer', parts: [{ type: 'text', text: 'x' }] }, user()] })
    expect(rules(validateDraft('chat', dev))).toEqual(['error:messages[0].role:role'])
    expect(validateDraft('responses', dev)).toEqual([])
  })

  it('requires each tool result to follow a matching call and each call to get a result', () => {
    const call: DraftMessage = {
      role: 'assistant',
      parts: [{ type: 'toolCall', id: 'c1', name: 'f', arguments: '{}' }],
    }
    const result = (id: string): DraftMessage => ({
      role: 'tool',
      parts: [{ type: 'toolResult', callId: id, name: 'f', content: 'ok' }],
    })
    expect(validateDraft('chat', draft({ messages: [user(), call, result('c1')] }))).toEqual([])
    expect(rules(validateDraft('chat', draft({ messages: [user(), result('c1')] })))).toEqual([
      'error:messages[1].parts[0]:tool_result_order',
    ])
    expect(rules(validateDraft('messages', draft({ messages: [user(), call, result('zz')] })))).toEqual([
      'error:messages[2].parts[0]:tool_result_order',
      'error:messages[1]:tool_result_missing',
    ])
    expect(rules(validateDraft('native', draft({ messages: [user(), call, user('next')] })))).toEqual([
      'error:messages[1]:tool_result_missing',
    ])
  })

  it('lets responses tool results refer to calls of a previous response', () => {
    const orphan = draft({
      messages: [
        { role: 'tool', parts: [{ type: 'toolResult', callId: 'call_prev', name: 'f', content: '1' }] },
      ],
      extras: { responses: { previous_response_id: 'resp_1' } },
    })
    expect(validateDraft('responses', orphan)).toEqual([])
  })

  it('refuses invalid tool call arguments where the format needs an object', () => {
    const bad = draft({
      messages: [
        user(),
        { role: 'assistant', parts: [{ type: 'toolCall', id: 'c', name: 'f', arguments: '{"a":' }] },
        { role: 'tool', parts: [{ type: 'toolResult', callId: 'c', name: 'f', content: 'x' }] },
      ],
    })
    expect(rules(validateDraft('messages', bad))).toEqual(['error:messages[1].parts[0].arguments:json'])
    expect(rules(validateDraft('chat', bad))).toEqual(['warning:messages[1].parts[0].arguments:json'])
  })

  it('checks tool definitions and tool_choice against them', () => {
    const issues = validateDraft(
      'chat',
      draft({
        tools: [{ name: '' }, { name: 'a b', parameters: { type: 'string' } }],
        toolChoice: { name: 'missing' },
      }),
    )
    expect(rules(issues)).toEqual([
      'error:tools[0].name:required',
      'warning:tools[1].name:tool_name',
      'error:tools[1].parameters:object_schema',
      'error:toolChoice:unknown_tool',
    ])
    expect(rules(validateDraft('native', draft({ toolChoice: 'required' })))).toEqual([
      'error:toolChoice:needs_tools',
    ])
  })

  it('warns about fields a format does not send', () => {
    expect(rules(validateDraft('responses', draft({ topK: 5, stopSequences: ['x'] })))).toEqual([
      'warning:topK:unsupported',
      'warning:stopSequences:unsupported',
    ])
    const cached = draft({
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'x', cacheControl: { type: 'ephemeral' } }] }],
    })
    expect(rules(validateDraft('chat', cached))).toEqual(['warning:messages[0].parts[0]:unsupported'])
    expect(validateDraft('messages', cached)).toEqual([])
  })

  it('checks images per format: URL images in messages, mimeType for native URLs, user turns only', () => {
    const url = draft({
      messages: [{ role: 'user', parts: [{ type: 'image', url: 'https://example.test/a.png' }] }],
    })
    expect(rules(validateDraft('messages', url))).toEqual(['warning:messages[0].parts[0]:image_base64'])
    expect(rules(validateDraft('native', url))).toEqual(['error:messages[0].parts[0].mimeType:required'])
    expect(validateDraft('chat', url)).toEqual([])
    const onAssistant = draft({
      messages: [
        user(),
        { role: 'assistant', parts: [{ type: 'image', url: 'https://example.test/a.png' }] },
      ],
    })
    expect(rules(validateDraft('chat', onAssistant))).toEqual(['error:messages[1].parts[0]:part_role'])
  })
})
