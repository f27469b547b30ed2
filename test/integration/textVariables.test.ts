// `{{variables}}` in a text request, over the real router and against the simulator: main fills the values into
// the conversation's turns, the system prompt and tool descriptions, so the preview and the recorded exchange show
// what was sent; a name without a value holds the run (naming it) unless it is sent anyway, as written.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { createRouter } from '../../src/main/ipc/router'
import { textHandlers } from '../../src/main/ipc/handlers/text'
import type { CallContext, EventSink } from '../../src/main/services/ports'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import type { textEvents } from '../../src/shared/ipc/text'
import { textCommands, type RequestPreview } from '../../src/shared/ipc/text'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import type { Exchange } from '../../src/shared/ipc/exchange'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const KEY = 'sk-variables-000'
let sim: RunningSimulator
let dir: string

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'text-variables-'))
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

async function main() {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  const service = new TextService({ profiles, gateway: new GatewayClient({ retryBaseMs: 5 }), media })
  const router = createRouter(textCommands, textHandlers({ text: service, media }))
  const ended = new Map<string, (e: { status: string; error?: { message: string } }) => void>()
  const exchanges = new Map<string, (e: Exchange) => void>()
  const sink: EventSink<typeof textEvents> = {
    alive: true,
    emit(name, payload) {
      const p = payload as { runId: string; status: string; error?: { message: string }; exchange: Exchange }
      if (name === 'text.runEnded') ended.get(p.runId)?.(p)
      if (name === 'text.runExchange') exchanges.get(p.runId)?.(p.exchange)
    },
  }
  const ctx = { senderId: 'w', events: sink } as unknown as CallContext
  const invoke = (route: string, input: unknown) => router.handle(route, structuredClone(input), ctx)
  /** Starts a run and answers its end and the exchange it recorded. */
  const run = async (runId: string, request: Record<string, unknown>) => {
    const end = new Promise<{ status: string; error?: { message: string } }>((r) => ended.set(runId, r))
    const exchange = new Promise<Exchange>((r) => exchanges.set(runId, r))
    const started = await invoke('text.startRun', { runId, profileId: view.id, ...request })
    expect(started.ok).toBe(true)
    return { end: await end, exchange: () => exchange }
  }
  return { profileId: view.id, invoke, run }
}

const settings = {
  model: 'gpt-4o-mini',
  system: 'You answer about {{city}} in {{ language }}.',
  tools: [
    {
      name: 'weather',
      description: 'Weather for {{city}}',
      parameters: { type: 'object', properties: {} },
    },
  ],
}
const turn = (text: string) => ({ role: 'user' as const, parts: [{ type: 'text' as const, text }] })

it("fills the values into the conversation's turns, the system prompt and tool descriptions in the preview", async () => {
  const m = await main()
  await m.invoke('text.editConversation', {
    conversationId: 'v1',
    edit: { type: 'add', turns: [turn('Tell me about {{city}}.')] },
  })
  const result = await m.invoke('text.previewRequest', {
    profileId: m.profileId,
    format: 'chat',
    draft: { ...settings, messages: [turn('And its {{thing}}?')] },
    conversation: { id: 'v1' },
    variables: { city: 'Lyon', language: 'French', thing: 'river' },
  })
  expect(result.ok).toBe(true)
  const preview = (result as { value: RequestPreview }).value
  const body = JSON.parse(preview.body) as {
    messages: { role: string; content: string }[]
    tools: { function: { description: string } }[]
  }
  expect(body.messages.map((x) => x.content)).toEqual([
    'You answer about Lyon in French.',
    'Tell me about Lyon.',
    'And its river?',
  ])
  expect(body.tools[0]!.function.description).toBe('Weather for Lyon')
  expect(preview.issues).toEqual([])
})

it('a preview with a name that has no value names it, and shows the placeholder as written', async () => {
  const m = await main()
  const result = await m.invoke('text.previewRequest', {
    profileId: m.profileId,
    format: 'chat',
    draft: { ...settings, messages: [turn('Hi')] },
    variables: { city: 'Lyon' },
  })
  const preview = (result as { value: RequestPreview }).value
  expect(preview.issues.map((i) => i.message)).toEqual(['Variables: no value for {{language}}'])
  expect(preview.body).toContain('in {{language}}.')
})

it('a value is inserted as it is: a value holding {{another}} is not read as a variable', async () => {
  const m = await main()
  const result = await m.invoke('text.previewRequest', {
    profileId: m.profileId,
    format: 'messages',
    draft: { model: 'claude-sonnet-4-5', maxTokens: 50, messages: [turn('{{a}}')] },
    variables: { a: '{{b}} </script>', b: 'no' },
  })
  const body = JSON.parse((result as { value: RequestPreview }).value.body) as {
    messages: { content: unknown }[]
  }
  expect(JSON.stringify(body.messages[0]!.content)).toContain('{{b}} </script>')
})

it('sends the filled request (the recorded exchange shows it) and refuses a run with an unset name', async () => {
  const m = await main()
  const draft = { ...settings, messages: [turn('Weather in {{city}}?')] }
  const held = await m.run('held-run-0001', { format: 'chat', draft, variables: { city: 'Oslo' } })
  expect(held.end.status).toBe('error')
  expect(held.end.error?.message).toContain('Variables: no value for {{language}}')

  const sent = await m.run('sent-run-0001', {
    format: 'chat',
    draft,
    variables: { city: 'Oslo', language: 'Norwegian' },
  })
  expect(sent.end.status).toBe('done')
  const exchange = await sent.exchange()
  const body = JSON.parse(exchange.request.body ?? '{}') as { messages: { content: string }[] }
  expect(body.messages.map((x) => x.content)).toEqual([
    'You answer about Oslo in Norwegian.',
    'Weather in Oslo?',
  ])

  // Sent anyway: the placeholder goes as written.
  const forced = await m.run('forced-run-0001', { format: 'chat', draft, variables: {}, force: true })
  expect(forced.end.status).toBe('done')
  expect((await forced.exchange()).request.body).toContain('Weather in {{city}}?')
})

it('refuses variables that break the rules, naming the field', async () => {
  const m = await main()
  const bad = await m.invoke('text.previewRequest', {
    profileId: m.profileId,
    format: 'chat',
    draft: { model: 'gpt-4o-mini', messages: [turn('x')] },
    variables: { 'not a name': 'x' },
  })
  expect(bad.ok).toBe(false)
  expect((bad as { error: { message: string } }).error.message).toMatch(/variables/)
  const huge = await m.invoke('text.previewRequest', {
    profileId: m.profileId,
    format: 'chat',
    draft: { model: 'gpt-4o-mini', messages: [turn('x')] },
    variables: { a: 'x'.repeat(32_001) },
  })
  expect(huge.ok).toBe(false)
})
