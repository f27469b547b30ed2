// Four stream behaviours the official SDKs handle, checked on recorded bytes written from the formats'
// documentation: a loopback server replays each recording to the official SDK, to the text service, and the
// same bytes go through `replayCapture`. What the app folds must match what the SDK reads.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { replayCapture } from '../../src/main/services/text/replay'
import { TextService } from '../../src/main/services/text/textService'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import type { Draft, WireFormat } from '../../src/shared/wire'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'

interface Recording {
  status: number
  contentType: string
  body: string
}

const sse = (frames: readonly (readonly [string | undefined, unknown])[]): string =>
  frames
    .map(([event, data]) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`)
    .join('')

const chatChunk = (delta: object, finish: string | null = null) => ({
  id: 'chatcmpl-r1',
  object: 'chat.completion.chunk',
  created: 1730000000,
  model: 'gpt-4o-2024-08-06',
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
})

// Chat completions: the model declines; the refusal streams in `delta.refusal`, `content` stays null.
const REFUSAL: Recording = {
  status: 200,
  contentType: 'text/event-stream',
  body:
    sse([
      [undefined, chatChunk({ role: 'assistant', content: null, refusal: '' })],
      [undefined, chatChunk({ refusal: "I'm sorry, " })],
      [undefined, chatChunk({ refusal: 'I cannot help with that.' })],
      [undefined, chatChunk({}, 'stop')],
    ]) + 'data: [DONE]\n\n',
}

// Messages: a tool call cut off by max_tokens in the middle of its input JSON.
const messagesFrames = (withBlockStop: boolean) =>
  sse([
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          id: 'msg_01',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-5',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 412, output_tokens: 1 },
        },
      },
    ],
    [
      'content_block_start',
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_01', name: 'plan_trip', input: {} },
      },
    ],
    ['ping', { type: 'ping' }],
    ...['', '{"city": "Par', 'is", "days": 3, "stops": [{"name": "Lou', 'vre", "hours": 2}, {"na'].map(
      (partial_json) =>
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json } },
        ] as const,
    ),
    ...(withBlockStop ? [['content_block_stop', { type: 'content_block_stop', index: 0 }] as const] : []),
    [
      'message_delta',
      {
        type: 'message_delta',
        delta: { stop_reason: 'max_tokens', stop_sequence: null },
        usage: { output_tokens: 32 },
      },
    ],
    ['message_stop', { type: 'message_stop' }],
  ])
const TRUNCATED_TOOL: Recording = {
  status: 200,
  contentType: 'text/event-stream',
  body: messagesFrames(true),
}
const RECOVERED_INPUT = { city: 'Paris', days: 3, stops: [{ name: 'Louvre', hours: 2 }, {}] }

// Native: a streamed request refused with a JSON error body instead of SSE.
const NATIVE_ERROR_MESSAGE = "Invalid value at 'generation_config.temperature' (TYPE_FLOAT): hot"

const NATIVE_ERROR: Recording = {
  status: 400,
  contentType: 'application/json; charset=UTF-8',
  body: JSON.stringify(
    { error: { code: 400, message: NATIVE_ERROR_MESSAGE, status: 'INVALID_ARGUMENT' } },
    null,
    2,
  ),
}

// Native: two function calls whose arguments stream as `partialArgs` over several chunks.
const nativeChunk = (parts: object[], extra: object = {}) => ({
  candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }],
  modelVersion: 'gemini-3-pro',
  responseId: 'resp-fc',
})
const SPLIT_CALLS: Recording = {
  status: 200,
  contentType: 'text/event-stream',
  body: sse(
    [
      [{ functionCall: { name: 'get_weather', willContinue: true }, thoughtSignature: 'c2ln' }],
      [
        {
          functionCall: {
            partialArgs: [{ jsonPath: '$.location', stringValue: 'Bos', willContinue: true }],
            willContinue: true,
          },
        },
      ],
      [
        {
          functionCall: {
            partialArgs: [{ jsonPath: '$.location', stringValue: 'ton, MA' }],
            willContinue: true,
          },
        },
      ],
      [
        {
          functionCall: {
            partialArgs: [
              { jsonPath: '$.days', numberValue: 3 },
              { jsonPath: '$.detail.metric', boolValue: true },
            ],
            willContinue: true,
          },
        },
      ],
      [{ functionCall: {} }],
      [{ functionCall: { name: 'get_time', willContinue: true } }],
      [
        {
          functionCall: {
            partialArgs: [{ jsonPath: "$['time zone']", stringValue: 'EST' }],
            willContinue: true,
          },
        },
      ],
      [{ functionCall: { partialArgs: [{ jsonPath: '$.zones[0]', nullValue: 'NULL_VALUE' }] } }],
    ]
      .map((parts): readonly [undefined, object] => [undefined, nativeChunk(parts)])
      .concat([
        [
          undefined,
          {
            ...nativeChunk([], { finishReason: 'STOP' }),
            usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 20, totalTokenCount: 50 },
          },
        ],
      ]),
  ),
}

let server: Server
let baseUrl = ''
let current: Recording = REFUSAL
let dir: string
let service: TextService
let profileId: string

async function serve(recording: Recording): Promise<void> {
  current = recording
}

async function runService(format: WireFormat, draft: Draft) {
  const sink = new RecordingSink()
  const { runId } = await service.start({ profileId, format, draft }, sink)
  const ended = await sink.ended(runId)
  return { ended, events: sink.events(runId) }
}

const draft = (extra: Partial<Draft> = {}): Draft => ({
  model: 'm',
  stream: true,
  maxTokens: 64,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
  ...extra,
})

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(current.status, { 'content-type': current.contentType })
      res.end(current.body)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  dir = mkdtempSync(join(tmpdir(), 'stream-behaviours-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create(
    profileFieldsSchema.parse({ name: 'Replay', baseUrl, nativeAuth: 'header' }),
  )
  await profiles.setSecret(view.id, 'apiKey', 'sk-replay-0123456789')
  profileId = view.id
  const gateway = new GatewayClient({ retryBaseMs: 5 })
  service = new TextService({ profiles, gateway, media: new MediaStore(join(dir, 'media'), (id) => id) })
})
afterAll(async () => {
  await new Promise((r) => server.close(r))
  rmSync(dir, { recursive: true, force: true })
})

describe('chat completions: a streamed refusal', () => {
  it('is a refusal, not answer text, as the openai SDK reads it', async () => {
    await serve(REFUSAL)
    const client = new OpenAI({ apiKey: 'k', baseURL: `${baseUrl}/v1`, maxRetries: 0 })
    const sdk = await client.chat.completions
      .stream({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })
      .finalChatCompletion()
    const message = sdk.choices[0]!.message

    const folded = replayCapture('chat', REFUSAL.body)
    expect(folded.status).toBe('complete')
    expect(folded.refusal).toBe(message.refusal)
    expect(folded.refusal).toBe("I'm sorry, I cannot help with that.")
    expect(folded.text).toBe(message.content ?? '')
    expect(folded.finish).toBe('refusal')

    const { ended, events } = await runService('chat', draft())
    expect(ended.status).toBe('done')
    expect(events.filter((e) => e.type === 'text')).toEqual([])
    const refusal = events.map((e) => (e.type === 'refusal' ? e.delta : '')).join('')
    expect(refusal).toBe("I'm sorry, I cannot help with that.")
    expect(ended.summary.refusal).toBe("I'm sorry, I cannot help with that.")
    expect(ended.summary.finish).toBe('refusal')
  })
})

describe('messages: a tool call cut off by max_tokens', () => {
  it('recovers the partial input as the anthropic SDK does, marked truncated, raw string kept', async () => {
    await serve(TRUNCATED_TOOL)
    const client = new Anthropic({ apiKey: 'k', baseURL: baseUrl, maxRetries: 0 })
    const sdk = await client.messages
      .stream({ model: 'claude-sonnet-4-5', max_tokens: 32, messages: [{ role: 'user', content: 'plan' }] })
      .finalMessage()
    const block = sdk.content[0]
    expect(block?.type).toBe('tool_use')
    const sdkInput = block?.type === 'tool_use' ? block.input : undefined
    expect(sdkInput).toEqual(RECOVERED_INPUT)

    const raw = '{"city": "Paris", "days": 3, "stops": [{"name": "Louvre", "hours": 2}, {"na'
    for (const body of [TRUNCATED_TOOL.body, messagesFrames(false)]) {
      const folded = replayCapture('messages', body)
      expect(folded.status).toBe('complete')
      expect(folded.stopReason).toBe('max_tokens')
      expect(folded.finish).toBe('length')
      expect(folded.toolCalls).toEqual([
        { id: 'toolu_01', name: 'plan_trip', arguments: raw, parsedArguments: sdkInput, truncated: true },
      ])
    }

    const { ended } = await runService('messages', draft())
    expect(ended.status).toBe('done')
    expect(ended.summary.toolCalls[0]).toMatchObject({
      arguments: raw,
      parsedArguments: RECOVERED_INPUT,
      truncated: true,
    })
  })

  it('still leaves arguments that parse whole unmarked', () => {
    const whole = TRUNCATED_TOOL.body.replace('{\\"na"', '{\\"name\\": \\"Orsay\\"}]}"')
    const folded = replayCapture('messages', whole)
    expect(folded.toolCalls[0]).not.toHaveProperty('truncated')
    expect(folded.toolCalls[0]?.parsedArguments).toMatchObject({ stops: [{}, { name: 'Orsay' }] })
  })
})

describe('native: a streamed request answered 400 with a JSON error body', () => {
  it('ends as an error with the body message, in the service, in replay and as the genai SDK reports', async () => {
    await serve(NATIVE_ERROR)
    const ai = new GoogleGenAI({ apiKey: 'k', httpOptions: { baseUrl, apiVersion: 'v1beta' } })
    const sdkError = await (async () => {
      for await (const _ of await ai.models.generateContentStream({ model: 'gemini-3-pro', contents: 'hi' }))
        void _
    })().catch((e: Error) => e)
    expect(sdkError).toBeInstanceOf(Error)
    expect((sdkError as Error).message).toContain(NATIVE_ERROR_MESSAGE)

    const { ended } = await runService('native', draft())
    expect(ended.status).toBe('error')
    expect(ended.error).toMatchObject({
      status: 400,
      message: NATIVE_ERROR_MESSAGE,
      errorType: 'INVALID_ARGUMENT',
    })

    for (const options of [{ status: 400 }, {}]) {
      const folded = replayCapture('native', NATIVE_ERROR.body, options)
      expect(folded.status).toBe('error')
      expect(folded.errors).toEqual([{ message: NATIVE_ERROR_MESSAGE, type: 'INVALID_ARGUMENT', code: 400 }])
      expect(folded.warnings).toEqual([])
    }
    // A non-2xx status with a body that is not JSON still ends as an error naming the status.
    expect(replayCapture('native', '<html>Bad Gateway</html>', { status: 502 })).toMatchObject({
      status: 'error',
      httpStatus: 502,
      errors: [{ message: 'Bad Gateway (an HTML page)' }],
    })
  })

  it('npm run replay accepts the captured status and refuses one that is not an HTTP status', async () => {
    const run = promisify(execFile)
    const root = resolve(import.meta.dirname, '../..')
    const file = join(dir, 'native-400.json')
    writeFileSync(file, NATIVE_ERROR.body)
    const { stdout } = await run(
      'npm',
      ['run', '-s', 'replay', '--', '--format', 'native', '--status', '400', file],
      {
        cwd: root,
      },
    )
    expect(JSON.parse(stdout)).toMatchObject({
      status: 'error',
      httpStatus: 400,
      errors: [{ message: NATIVE_ERROR_MESSAGE }],
    })
    const bad = await run('npm', ['run', '-s', 'replay', '--', '--format', 'native', '--status', 'x', file], {
      cwd: root,
    }).catch((e: { code: number; stderr: string }) => e)
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('--status must be an HTTP status') })
  })
})

describe('native: function call arguments streamed over several chunks', () => {
  it('merges the parts into one call per function call', async () => {
    await serve(SPLIT_CALLS)
    const calls = [
      {
        name: 'get_weather',
        signature: 'c2ln',
        parsedArguments: { location: 'Boston, MA', days: 3, detail: { metric: true } },
      },
      { name: 'get_time', parsedArguments: { 'time zone': 'EST', zones: [null] } },
    ]
    const folded = replayCapture('native', SPLIT_CALLS.body)
    expect(folded.status).toBe('complete')
    expect(folded.finish).toBe('tool_calls')
    expect(folded.toolCalls).toHaveLength(2)
    expect(folded.toolCalls).toMatchObject(calls.map(({ signature: _s, ...c }) => c))
    for (const call of folded.toolCalls) expect(JSON.parse(call.arguments)).toEqual(call.parsedArguments)

    const { ended } = await runService('native', draft())
    expect(ended.status).toBe('done')
    expect(ended.summary.toolCalls).toMatchObject(calls)
  })
})
