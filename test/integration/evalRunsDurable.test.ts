// Eval runs as durable jobs, against the simulator over loopback with real files in a temp folder: a run is on
// disk as it goes; the files a kill leaves mid-run (copied while the run is going, a torn last line added) read on
// the next start as an incomplete run that resumes with only the cells not yet graded; a run cut off by the app
// closing is kept as incomplete; a finished run is listed, paged and exported after a restart; runs past the kept
// count go oldest first; a foreign or damaged file is skipped, not trusted.
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { EvalService } from '../../src/main/services/evals/evalService'
import { EVAL_RUNS_KEPT, EvalRunFiles } from '../../src/main/services/evals/evalRunFiles'
import type { Events } from '../../src/shared/ipc/contract'
import type { EventPayload } from '../../src/shared/ipc/define'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const KEY = 'sk-eval-durable-0123456789'
let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let gateway: GatewayClient
let fast: string
let slow: string
const services: EvalService[] = []

type Cell = EventPayload<Events['evals.cell']>['cell']
type Ended = EventPayload<Events['evals.ended']>

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'eval-durable-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const make = async (name: string, headers: { name: string; value: string }[] = []) => {
    const view = await profiles.create(profileFieldsSchema.parse({ name, baseUrl: sim.baseUrl, headers }))
    await profiles.setSecret(view.id, 'apiKey', KEY)
    return view.id
  }
  fast = await make('Fast')
  slow = await make('Slow', [{ name: 'x-sim-fault', value: 'tps:40' }])
  gateway = new GatewayClient({ knownSecrets: () => profiles.knownSecrets() })
})

afterAll(async () => {
  for (const s of services) await s.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A service as the app builds one at start, over `dataDir`. */
function app(dataDir: string): EvalService {
  const media = new MediaStore(join(dataDir, 'media'), (id) => `media://${id}`)
  const text = new TextService({ profiles, gateway, media })
  const service = new EvalService({ text, gateway, profiles, media, dataDir })
  services.push(service)
  return service
}

function sink() {
  const cells: Cell[] = []
  let resolve!: (e: Ended) => void
  const ended = new Promise<Ended>((r) => (resolve = r))
  const events = {
    alive: true,
    emit(name: string, payload: unknown) {
      if (name === 'evals.cell') cells.push((payload as { cell: Cell }).cell)
      if (name === 'evals.ended') resolve(payload as Ended)
    },
  } as never
  return { cells, ended, events }
}

async function dataset(service: EvalService, dataDir: string, rows: number) {
  const media = new MediaStore(join(dataDir, 'media'), (id) => `media://${id}`)
  const csv = `city,expected\n${Array.from({ length: rows }, (_, i) => `City${i},City${i}`).join('\n')}\n`
  const info = await media.putBytes(Buffer.from(csv), 'text/csv', 'cities.csv')
  return service.openDataset({ mediaId: info.id, fileName: 'cities.csv' })
}

const startInput = (evalId: string, datasetId: string, profileId: string, concurrency = 2) => ({
  evalId,
  datasetId,
  system: '',
  user: 'Say {{city}}',
  variants: [{ label: 'v', format: 'chat' as const, model: 'sim', profileId }],
  graders: [{ kind: 'contains' as const, text: 'City' }],
  concurrency,
})

describe('eval runs kept on disk', () => {
  it('a run killed mid-way reads as incomplete on the next start and resumes with only the ungraded cells', async () => {
    const before = join(dir, 'killed')
    const a = app(before)
    const { datasetId } = await dataset(a, before, 10)
    const first = sink()
    await a.start(startInput('eval-killed-01', datasetId, slow, 1), first.events)
    while (first.cells.length < 3) await new Promise((r) => setTimeout(r, 5))
    // What a kill leaves: the files as they are while the run is going, a line torn half-way.
    const after = join(dir, 'after-kill')
    mkdirSync(join(after, 'evals'), { recursive: true })
    cpSync(join(before, 'evals', 'eval-killed-01'), join(after, 'evals', 'eval-killed-01'), {
      recursive: true,
    })
    appendFileSync(join(after, 'evals', 'eval-killed-01', 'cells.ndjson'), '\n{"row":9,"column":0,"sta')
    expect(JSON.parse(readFileSync(join(after, 'evals', 'eval-killed-01', 'run.json'), 'utf8')).state).toBe(
      'running',
    )
    a.runs.stop('eval-killed-01')
    await first.ended

    const b = app(after)
    const [listed] = await b.runs.list()
    expect(listed).toMatchObject({ evalId: 'eval-killed-01', state: 'incomplete', size: 10, counts: null })
    const opened = await b.openRun('eval-killed-01')
    expect(opened.dataset.rowCount).toBe(10)
    expect(opened.setup).toMatchObject({
      user: 'Say {{city}}',
      variants: [{ format: 'chat', model: 'sim', profileId: slow }],
      graders: [{ kind: 'contains', text: 'City' }],
    })
    expect((await b.rows(opened.dataset.datasetId, 9, 1)).rows[0]!.cells).toEqual(['City9', 'City9'])
    // The cells written before the kill (a write still in flight then is lost, and runs again).
    const graded = opened.run.graded
    expect(graded).toBeGreaterThanOrEqual(1)
    expect(graded).toBeLessThan(10)
    const kept = (await b.runs.cells('eval-killed-01', 0, 500)).cells.filter((c) => c.status === 'pass')
    expect(kept).toHaveLength(graded)

    const again = sink()
    const resumed = await b.runs.resume('eval-killed-01', again.events)
    expect(resumed).toEqual({ cells: 10, columns: ['v'], graded })
    const end = await again.ended
    expect(end).toMatchObject({ stopped: false, passed: 10, failed: 0, errored: 0, notRun: 0, error: null })
    // Only the cells without a verdict ran again.
    expect(again.cells).toHaveLength(10 - graded)
    expect(again.cells.some((c) => kept.some((k) => k.row === c.row))).toBe(false)
    expect((await b.runs.list())[0]).toMatchObject({ state: 'done', graded: 10 })
    await expect(b.runs.resume('eval-killed-01', sink().events)).rejects.toThrow(/nothing is left to run/)
  })

  it('the app closing mid-run keeps it as incomplete; after a restart it is listed, paged, resumed and exported', async () => {
    const data = join(dir, 'closed')
    const a = app(data)
    const { datasetId } = await dataset(a, data, 8)
    const s = sink()
    await a.start(startInput('eval-closed-01', datasetId, slow, 1), s.events)
    while (s.cells.length < 2) await new Promise((r) => setTimeout(r, 5))
    await a.close()
    const meta = JSON.parse(readFileSync(join(data, 'evals', 'eval-closed-01', 'run.json'), 'utf8'))
    expect(meta.state).toBe('incomplete')

    const b = app(data)
    const [info] = await b.runs.list()
    expect(info).toMatchObject({ state: 'incomplete', rowCount: 8 })
    const again = sink()
    await b.runs.resume('eval-closed-01', again.events)
    expect((await again.ended).passed).toBe(8)

    const c = app(data)
    const page = await c.runs.cells('eval-closed-01', 2, 3)
    expect(page.total).toBe(8)
    expect(page.cells.map((x) => x.row)).toEqual([2, 3, 4])
    const csv = await c.export('eval-closed-01', 'csv')
    const text = readFileSync(join(data, 'media', csv.url.replace('media://', '')), 'utf8')
    expect(text.trim().split('\r\n')).toHaveLength(9)
  })

  it(`keeps the newest ${EVAL_RUNS_KEPT} runs and skips files that are damaged or not its own`, async () => {
    const data = join(dir, 'bounded')
    const a = app(data)
    const { datasetId } = await dataset(a, data, 1)
    for (let i = 0; i < EVAL_RUNS_KEPT + 2; i++) {
      const s = sink()
      await a.start(startInput(`eval-bound-${String(i).padStart(2, '0')}`, datasetId, fast), s.events)
      await s.ended
    }
    const runs = await a.runs.list()
    expect(runs).toHaveLength(EVAL_RUNS_KEPT)
    expect(runs.map((r) => r.evalId)).not.toContain('eval-bound-00')
    expect(runs.map((r) => r.evalId)).not.toContain('eval-bound-01')
    expect(readdirSync(join(data, 'evals'))).toHaveLength(EVAL_RUNS_KEPT)

    mkdirSync(join(data, 'evals', 'eval-damaged-1'))
    writeFileSync(join(data, 'evals', 'eval-damaged-1', 'run.json'), '{"evalId":"eval-damaged-1","state":"x"')
    mkdirSync(join(data, 'evals', '..weird'), { recursive: true })
    const files = new EvalRunFiles(data)
    expect((await files.list()).map((m) => m.evalId)).not.toContain('eval-damaged-1')
    await expect(app(data).openRun('eval-damaged-1')).rejects.toThrow(/no longer kept/)
  })

  it('a plan of 4,500 rows (written a few thousand rows at a time) reads back whole, row graders included', async () => {
    const files = new EvalRunFiles(join(dir, 'plan-pieces'))
    const rows = Array.from({ length: 4500 }, (_, i) => ({
      cells: [`City${i}`, `"quoted" ${i}\n`],
      ...(i % 1000 === 999 ? { graders: [{ kind: 'contains' as const, text: `City${i}` }] } : {}),
    }))
    const plan = {
      name: 'pieces',
      prompts: [
        {
          label: 'p',
          messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: '{{city}}' }] }],
        },
      ],
      variants: [{ label: 'v', format: 'chat' as const, model: 'sim', params: {} }],
      graders: [{ kind: 'contains' as const, text: 'City' }],
      dataset: { columns: ['city', 'note'], rows },
      unmapped: [],
      problems: [],
    }
    const meta = {
      evalId: 'eval-plan-pieces',
      name: 'pieces',
      createdAt: Date.now(),
      endedAt: null,
      state: 'running' as const,
      error: null,
      columns: ['v'],
      rowCount: rows.length,
      size: rows.length,
      concurrency: 1,
      profileId: 'p',
      counts: null,
      cellsCut: false,
    }
    await files.create(meta, plan, new Set())
    const back = await files.plan('eval-plan-pieces')
    expect(back?.dataset).toEqual(plan.dataset)
    expect(back).toMatchObject({ name: 'pieces', graders: plan.graders, variants: plan.variants })
    // An empty dataset is still a plan that reads.
    await files.create(
      { ...meta, evalId: 'eval-plan-empty' },
      { ...plan, dataset: { columns: [], rows: [] } },
      new Set(),
    )
    expect((await files.plan('eval-plan-empty'))?.dataset).toEqual({ columns: [], rows: [] })
  })
})
