// Every kind of run recorded in the history against the simulator over loopback: embeddings and rerank calls,
// video jobs and console image tasks, each with profile by name, endpoint, model, body, status, metrics and a
// result reference or summary (never vectors or media bytes), committed before the outcome or the job's last
// event reaches a window; and the canary key and console token never in any file of the history (S7).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { scrubSecrets } from '../../src/main/services/redact'
import { EmbeddingsService } from '../../src/main/services/embeddings/embeddingsService'
import { VideoJobService } from '../../src/main/services/video/videoJobs'
import { ImageTaskService } from '../../src/main/services/images/imageTasks'
import { HistoryStore } from '../../src/main/services/history/historyStore'
import { TaskLedger } from '../../src/main/services/tasks/ledger'
import type { EventSink } from '../../src/main/services/ports'
import type { Events } from '../../src/shared/ipc/contract'
import type { HistoryRow } from '../../src/shared/ipc/history'
import type { VideoJobRequest } from '../../src/shared/ipc/video'
import { defaultBatchForm } from '../../src/shared/images/forms'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { createCostCore } from '../../src/main/services/cost/costCore'
import type { CostService } from '../../src/main/services/cost/costService'

const KEY = `sk-canary-${Math.random().toString(36).slice(2)}`
const TOKEN = `console-canary-${Math.random().toString(36).slice(2)}`
const FAST = {
  pollIntervalMs: { min: 20, max: 30 },
  backoffMaxMs: 100,
  resumeSpreadMs: 10,
  resultRetryMs: 10,
}

let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let profileId: string
let history: HistoryStore
let embeddings: EmbeddingsService
let video: VideoJobService
let images: ImageTaskService
let costs: CostService
/** The history rows of a job at the moment its last (terminal) change reached the window. */
const atTerminalEvent = new Map<string, HistoryRow | undefined>()

const sink = (event: 'jobs.jobChanged') =>
  ({
    alive: true,
    emit(name: string, payload: unknown) {
      const job = (payload as { job?: { id: string; status: string } }).job
      if (name === event && job && ['succeeded', 'failed', 'cancelled'].includes(job.status))
        atTerminalEvent.set(
          job.id,
          history.list({}, 0, 500).rows.find((r) => r.id === job.id),
        )
    },
  }) as EventSink<Events> & { alive: boolean }

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY, consoleToken: TOKEN, videoSpeed: 200 })
  dir = mkdtempSync(join(tmpdir(), 'history-kinds-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create({
    name: 'Simulator B',
    baseUrl: sim.baseUrl,
    consoleBaseUrl: sim.consoleBaseUrl,
    headers: [],
    nativeAuth: 'bearer',
    timeoutMs: 10_000,
    idleTimeoutMs: 10_000,
  })
  profileId = view.id
  await profiles.setSecret(profileId, 'apiKey', KEY)
  await profiles.setSecret(profileId, 'consoleToken', TOKEN)
  history = new HistoryStore(join(dir, 'data'), { redact: (t) => scrubSecrets(t, profiles.knownSecrets()) })
  const gateway = new GatewayClient({ retryBaseMs: 5, knownSecrets: () => profiles.knownSecrets() })
  const media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
  // One ledger for both job kinds, as the app has.
  const ledger = new TaskLedger(dir)
  ;({ costs } = createCostCore({ dataDir: join(dir, 'cost'), profiles, gateway }))
  // Prices large enough that a few tokens cost whole millionths (the history keeps whole millionths).
  costs.prices.put(profileId, {
    model: 'text-embedding-3-small',
    currency: 'USD',
    embedding: 500,
    setAt: '2025-01-01',
    source: 'user',
  })
  costs.prices.put(profileId, {
    model: 'rerank-v1',
    currency: 'USD',
    rerankSearch: 0.002,
    setAt: '2025-01-01',
    source: 'user',
  })
  embeddings = new EmbeddingsService({ profiles, gateway, media, recorder: history, costs })
  video = new VideoJobService({
    profiles,
    gateway,
    media,
    dataDir: dir,
    ledger,
    random: () => 0.5,
    timing: FAST,
    recorder: history,
  })
  images = new ImageTaskService({
    profiles,
    gateway,
    media,
    dataDir: dir,
    ledger,
    random: () => 0.5,
    timing: FAST,
    recorder: history,
  })
  await video.start()
  await images.start()
  video.watch('window-1', sink('jobs.jobChanged'), true)
  images.watch('window-1', sink('jobs.jobChanged'), true)
})
afterAll(async () => {
  await video.close()
  await images.close()
  await embeddings.close()
  await history.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

async function until<T>(what: string, fn: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const value = fn()
    if (value) return value
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

/** The job once its terminal event reached the window (the status can read as ended a moment earlier). */
const ended = (id: string) => until(`job ${id}'s terminal event`, () => atTerminalEvent.has(id))

const latest = (kind: HistoryRow['kind']) => history.list({ kind }, 0, 1).rows[0]

describe('recording embeddings and rerank calls', () => {
  it('records an embed with its inputs, body, tokens, its cost from the reported tokens and a summary instead of the vectors', async () => {
    const inputs = ['The heron waits by the reeds.', 'A kettle whistles in the kitchen.']
    const outcome = await embeddings.embed({
      profileId,
      requestId: 'e1',
      draft: {
        format: 'embeddings',
        model: 'text-embedding-3-small',
        inputs: inputs.map((text, i) => ({ label: `s${i}`, text })),
        encoding: 'float',
        dimensions: '',
        taskType: '',
        apiVersion: 'v1beta',
      },
    })
    expect(outcome.status).toBe('done')
    // Committed when the outcome is answered.
    const row = latest('embeddings')!
    expect(row).toMatchObject({
      kind: 'embeddings',
      format: 'embeddings',
      model: 'text-embedding-3-small',
      profile: 'Simulator B',
      status: 'done',
      answer: '2 vectors of 1536 dimensions',
    })
    expect(row.totalMs).toBeGreaterThanOrEqual(0)
    const run = (await history.get(row.id))!
    expect(run.prompt).toContain('heron')
    expect(run.inputTokens).toBeGreaterThan(0)
    // Its cost: the tokens the gateway reported × the embedding price per 1M tokens, in millionths of a dollar.
    expect(run.inputTokens).toBe(outcome.status === 'done' ? outcome.usage.promptTokens : -1)
    expect(row.cost).toEqual({ micros: run.inputTokens! * 500, currency: 'USD', estimate: false })
    expect(JSON.parse(run.requestBody!)).toMatchObject({ model: 'text-embedding-3-small', input: inputs })
    expect(run.result).toMatchObject({ count: 2, dimensions: 1536, labels: ['s0', 's1'] })
    // The history holds no vector: neither the result nor the capture carries the numbers.
    expect(JSON.stringify(run.result)).not.toMatch(/-?0\.\d{6,}/)
    await history.captures.settle()
    const kept = (await history.get(row.id))!
    expect(kept.captureState).toBe('kept')
    expect(kept.exchange!.response!.body).toContain('not kept in the history')
    expect(history.list({ query: 'heron' }, 0, 10).rows.map((r) => r.id)).toEqual([row.id])
  })

  it('records a failed embed with the gateway message and no cost, and a rerank with its ranking summarised and its per-search cost', async () => {
    const failed = await embeddings.embed({
      profileId,
      requestId: 'e2',
      draft: {
        format: 'embeddings',
        model: 'missing-model',
        inputs: [{ label: '', text: 'x' }],
        encoding: 'float',
        dimensions: '',
        taskType: '',
        apiVersion: 'v1beta',
      },
    })
    expect(failed.status).toBe('failed')
    const row = latest('embeddings')!
    expect(row).toMatchObject({ status: 'error', model: 'missing-model', cost: null })
    expect((await history.get(row.id))!.error).toBe(failed.status === 'failed' ? failed.error.message : '')

    const ranked = await embeddings.rerank({
      profileId,
      requestId: 'r1',
      draft: {
        model: 'rerank-v1',
        query: 'where is the otter',
        documents: [
          { label: 'river', text: 'The otter swims in the river.' },
          { label: 'desk', text: 'A stapler sits on the desk.' },
        ],
        topN: '',
        returnDocuments: true,
      },
    })
    expect(ranked.status).toBe('done')
    const rerank = latest('rerank')!
    expect(rerank).toMatchObject({
      kind: 'rerank',
      model: 'rerank-v1',
      status: 'done',
      profile: 'Simulator B',
    })
    expect(rerank.answer).toMatch(/^2 ranked: (river|desk) \(\d\.\d{3}\)/)
    // One search at $0.002.
    expect(rerank.cost).toEqual({ micros: 2000, currency: 'USD', estimate: false })
    const run = (await history.get(rerank.id))!
    expect(run.prompt).toBe('where is the otter')
    expect(run.result).toMatchObject({ documents: 2, ranking: [{ label: expect.any(String) }, {}] })
    expect(JSON.stringify(run.result)).not.toContain('stapler sits')
  })
})

describe('recording video jobs and console image tasks', () => {
  it('records a video job when it succeeds, before its last event, with the result by reference', async () => {
    const request = {
      kind: 'model',
      profileId,
      model: 'famC-2.5-t2v-preview',
      form: { family: 'C', prompt: 'a lighthouse at dusk' },
    } as VideoJobRequest
    const submitted = await video.submit(request)
    const job = await until('the video job to succeed', () => {
      const j = video.get(submitted.id)
      return j.status === 'succeeded' && j
    })
    await ended(job.id)
    expect(atTerminalEvent.get(job.id)).toMatchObject({ id: job.id, kind: 'video', status: 'done' })
    const run = (await history.get(job.id))!
    expect(run).toMatchObject({
      kind: 'video',
      model: 'famC-2.5-t2v-preview',
      profile: 'Simulator B',
      status: 'done',
      prompt: 'a lighthouse at dusk',
    })
    expect(run.format).toMatch(/^\//)
    expect(run.totalMs).toBeGreaterThan(0)
    expect(run.answer).toMatch(/^Video .*video\/mp4/)
    expect(run.result).toMatchObject({
      reference: { mediaId: job.result!.mediaId, bytes: job.result!.bytes },
      taskId: job.taskId,
      polls: expect.any(Number),
    })
    expect(run.requestBody).toContain('a lighthouse at dusk')
  })

  it('records a failed video task with its code and message', async () => {
    const submitted = await video.submit({
      kind: 'model',
      profileId,
      model: 'famC-2.5-t2v-preview',
      form: { family: 'C', prompt: 'this will fail' },
    } as VideoJobRequest)
    const job = await until('the video job to fail', () => {
      const j = video.get(submitted.id)
      return j.status === 'failed' && j
    })
    await ended(job.id)
    expect(atTerminalEvent.get(job.id)).toMatchObject({ status: 'failed' })
    const run = (await history.get(job.id))!
    expect(run.status).toBe('failed')
    expect(run.error).toContain(job.error!.message)
    expect(history.list({ kind: 'video', status: 'failed' }, 0, 10).rows.map((r) => r.id)).toEqual([job.id])
  })

  it('records a console image task with its images by reference', async () => {
    const submitted = await images.submit({
      profileId,
      form: { ...defaultBatchForm(), prompt: 'a red chair', n: 2 },
    })
    const job = await until('the image task to end', () => {
      const j = images.get(submitted.id)
      return ['succeeded', 'failed'].includes(j.status) && j
    })
    await ended(job.id)
    expect(job.error).toBeNull()
    expect(atTerminalEvent.get(job.id)).toMatchObject({ kind: 'console', status: 'done' })
    const run = (await history.get(job.id))!
    expect(run).toMatchObject({
      kind: 'console',
      prompt: 'a red chair',
      profile: 'Simulator B',
      status: 'done',
    })
    expect(run.answer).toMatch(/^2 images: /)
    expect((run.result as { references: { mediaId: string }[] }).references.map((r) => r.mediaId)).toEqual(
      job.results.map((r) => r.mediaId),
    )
  })

  it('never writes the API key or the console token into any file of the history (S7)', async () => {
    await history.captures.settle()
    history.indexPending()
    const files = readdirSync(history.dataDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
    expect(files.length).toBeGreaterThan(3)
    for (const file of files) {
      const bytes = readFileSync(file)
      expect(bytes.includes(KEY), file).toBe(false)
      expect(bytes.includes(TOKEN), file).toBe(false)
    }
    const kinds = new Set(history.list({}, 0, 500).rows.map((r) => r.kind))
    expect([...kinds].sort()).toEqual(['console', 'embeddings', 'rerank', 'video'])
  })
})
