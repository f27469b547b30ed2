// Everything an answer carries beside its text reaches the run's summary, streamed or not, in every format,
// from the simulator over loopback: citations with URLs and titles and the span they support (responses
// annotations, chat annotations, messages block citations, native grounding), native search queries, safety
// ratings and model version, chat's system fingerprint, and usage fields beyond the common counts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import type { Draft, WireFormat } from '../../src/shared/wire'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'

const KEY = 'sk-extras-0123456789'
let sim: RunningSimulator
let dir: string
let service: TextService
let profileId: string

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'answer-extras-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  service = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
  })
  const view = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  profileId = view.id
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

const searching = (format: WireFormat, stream: boolean): Draft => ({
  model: format === 'native' ? 'gemini-2.5-flash' : 'sim-model',
  stream,
  maxTokens: 300,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Who maintains the lighthouse?' }] }],
  extras:
    format === 'chat'
      ? { chat: { web_search_options: {} } }
      : format === 'responses'
        ? { responses: { web_search_preview: {} } }
        : format === 'native'
          ? { native: { vendorSearch: true } }
          : {},
})

async function run(format: WireFormat, stream: boolean) {
  const draft = searching(format, stream)
  // Messages has no form control for its web search tool: the raw body carries it.
  const rawBody =
    format === 'messages'
      ? JSON.stringify({
          model: 'sim-model',
          max_tokens: 300,
          stream,
          messages: [{ role: 'user', content: 'Who maintains the lighthouse?' }],
          tools: [{ type: 'web_search_20250305', name: 'web_search' }],
        })
      : undefined
  const sink = new RecordingSink()
  const { runId } = await service.start({ profileId, format, draft, ...(rawBody ? { rawBody } : {}) }, sink)
  return sink.ended(runId)
}

describe.each(['chat', 'responses', 'messages', 'native'] as const)('%s', (format) => {
  it.each([true, false])('carries citations and the rest into the summary (stream %s)', async (stream) => {
    const ended = await run(format, stream)
    expect(ended.status).toBe('done')
    const citations = ended.summary.citations ?? []
    expect(citations.length).toBeGreaterThanOrEqual(2)
    expect(citations[0]).toMatchObject({
      url: expect.stringMatching(/^https:\/\/example\.org\/sim-search\/1/),
      title: 'Simulated source one (example.org)',
    })
    if (format !== 'chat' || !stream) expect(citations[0]!.text).toMatch(/^Simulated search:/)
    if (format === 'chat') expect(ended.summary.systemFingerprint).toBe('fp_simulator')
    if (format === 'native') {
      expect(ended.summary.modelVersion).toBe('gemini-2.5-flash')
      expect(ended.summary.searchQueries).toEqual(['Who maintains the lighthouse?'])
      expect(ended.summary.safety?.ratings.length).toBe(4)
      expect(citations[0]!.confidence).toBeCloseTo(0.92)
      expect(ended.summary.usage?.details).toMatchObject({ 'promptTokensDetails.TEXT': expect.any(Number) })
    }
    if (format === 'responses') expect(ended.summary.id).toMatch(/^resp_/)
  })
})

describe('native block reasons', () => {
  it.each([true, false])(
    'a blocked prompt ends with its block reason and ratings (stream %s)',
    async (stream) => {
      const sink = new RecordingSink()
      const draft: Draft = {
        model: 'gemini-2.5-flash',
        stream,
        maxTokens: 100,
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'sim:blocked say something' }] }],
      }
      const { runId } = await service.start({ profileId, format: 'native', draft }, sink)
      const ended = await sink.ended(runId)
      expect(ended.summary.finish).toBe('content_filter')
      expect(ended.summary.safety).toMatchObject({
        blockReason: 'SAFETY',
        blockMessage: expect.stringContaining('sim:blocked'),
      })
      expect(ended.summary.safety?.ratings.some((r) => r.blocked)).toBe(true)
    },
  )
})

describe('facts shown beside the answer, not only in the Inspector', () => {
  it.each([true, false])(
    'messages: the stop sequence that matched is in the summary (stream %s)',
    async (stream) => {
      const sink = new RecordingSink()
      const draft: Draft = {
        model: 'sim-model',
        stream,
        maxTokens: 300,
        stopSequences: ['e'],
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'Describe the lighthouse.' }] }],
      }
      const { runId } = await service.start({ profileId, format: 'messages', draft }, sink)
      const ended = await sink.ended(runId)
      expect(ended.status).toBe('done')
      expect(ended.summary.stopReason).toBe('stop_sequence')
      expect(ended.summary.stopSequence).toBe('e')
    },
  )

  it.each([true, false])('native: the answer’s createTime is in the summary (stream %s)', async (stream) => {
    const ended = await run('native', stream)
    expect(ended.status).toBe('done')
    expect(new Date(ended.summary.createTime!).toISOString()).toBe(ended.summary.createTime)
  })
})
