// The Evals panel's side in main against the simulator over loopback: a dataset file imported into the media
// store (real files in a temp folder) read with its bad rows named and paged out; an eval over it reported cell by
// cell with one end; a stop that ends in a state the user sees; the run exported as CSV and JSON with formulas
// kept as text; an unknown dataset or a wrong file kind named.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { EvalService } from '../../src/main/services/evals/evalService'
import type { Events } from '../../src/shared/ipc/contract'
import type { EventPayload } from '../../src/shared/ipc/define'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const KEY = 'sk-eval-service-0123456789'
let sim: RunningSimulator
let dir: string
let media: MediaStore
let service: EvalService
let text: TextService
let profileId: string

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'eval-service-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const p = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(p.id, 'apiKey', KEY)
  profileId = p.id
  const gateway = new GatewayClient({ knownSecrets: () => profiles.knownSecrets() })
  media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  text = new TextService({ profiles, gateway, media })
  service = new EvalService({ text, gateway, profiles, media, dataDir: dir })
})

afterAll(async () => {
  await service.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

type Cell = EventPayload<Events['evals.cell']>['cell']
type Ended = EventPayload<Events['evals.ended']>

function sink() {
  const cells: Cell[] = []
  let resolve!: (e: Ended) => void
  const ended = new Promise<Ended>((r) => (resolve = r))
  return {
    cells,
    ended,
    events: {
      alive: true,
      emit(name: string, payload: unknown) {
        if (name === 'evals.cell') cells.push((payload as { cell: Cell }).cell)
        if (name === 'evals.ended') resolve(payload as Ended)
      },
    },
  }
}

async function importText(name: string, content: string) {
  const info = await media.putBytes(Buffer.from(content, 'utf8'), 'text/plain', name)
  return service.openDataset({ mediaId: info.id, fileName: name })
}

const mediaFile = (url: string) => join(dir, 'media', url.replace('media://', ''))

describe('evals in main against the simulator', () => {
  it('reads a CSV into a dataset: bad rows named by line, the rest kept and paged out', async () => {
    const info = await importText('cities.csv', 'city,expected\nParis,Paris\nLima,Quito,extra\nOslo,Oslo\n')
    expect(info.columns).toEqual(['city', 'expected'])
    expect(info.rowCount).toBe(2)
    expect(info.problemCount).toBe(1)
    expect(info.problems[0]).toMatchObject({ line: 3 })
    const good = await importText('good.csv', 'city,expected\nParis,Paris\nLima,Quito\nOslo,=1+1\n')
    expect(good.rowCount).toBe(3)
    expect(good.problems).toEqual([])
    const page = await service.rows(good.datasetId, 1, 5)
    expect(page.total).toBe(3)
    expect(page.rows.map((r) => r.cells)).toEqual([
      ['Lima', 'Quito'],
      ['Oslo', '=1+1'],
    ])
  })

  it('names a file that is not a dataset and a dataset no longer kept', async () => {
    await expect(importText('notes.txt', 'hello')).rejects.toThrow(
      /notes\.txt: a dataset is a \.csv, \.jsonl or \.json/,
    )
    await expect(importText('empty.jsonl', '{"a":\n')).rejects.toThrow(
      /empty\.jsonl: no rows could be read \(line 1/,
    )
    await expect(service.rows('ds-nope', 0, 10)).rejects.toThrow(/dataset: no longer kept/)
  })

  it('runs every row through every variant, reports each cell and one end, and exports CSV and JSON', async () => {
    const { datasetId } = await importText(
      'run.jsonl',
      ['{"city":"Paris","expected":"Paris"}', '{"city":"Lima","expected":"=cmd"}'].join('\n'),
    )
    const s = sink()
    const started = await service.start(
      {
        evalId: 'eval-run-0001',
        datasetId,
        system: 'Answer about {{city}}.',
        user: 'Tell me about {{city}}',
        variants: [
          { label: '', format: 'chat', model: 'sim-a', profileId },
          { label: 'messages', format: 'messages', model: 'sim-b', profileId, maxTokens: 256 },
        ],
        graders: [{ kind: 'contains', text: '{{expected}}' }],
        concurrency: 3,
      },
      s.events,
    )
    expect(started).toEqual({ cells: 4, columns: ['chat:sim-a #1', 'messages'] })
    const ended = await s.ended
    expect(ended).toMatchObject({ evalId: 'eval-run-0001', stopped: false, passed: 2, failed: 2, notRun: 0 })
    expect(s.cells).toHaveLength(4)
    const lima = s.cells.find((c) => c.row === 1 && c.column === 0)!
    expect(lima.status).toBe('fail')
    expect(lima.grades[0]!.message).toContain('=cmd')

    const csv = await service.export('eval-run-0001', 'csv')
    const csvText = readFileSync(mediaFile(csv.url), 'utf8')
    const lines = csvText.trim().split('\r\n')
    expect(lines[0]).toBe(
      'row,city,expected,column,status,score,grades,answer,error,ttftMs,totalMs,costMicros,currency,gradingMicros,runId',
    )
    expect(lines).toHaveLength(5)
    // A value a spreadsheet would run as a formula stays text.
    expect(lines[3]).toContain(",'=cmd,")
    const json = JSON.parse(
      readFileSync(mediaFile((await service.export('eval-run-0001', 'json')).url), 'utf8'),
    )
    expect(json.columns[0].summary).toMatchObject({ passed: 1, failed: 1, counted: 2, rate: 0.5 })
    expect(json.columns[0].summary.interval.low).toBeGreaterThan(0)
    expect(json.cells[3].variables).toEqual({ city: 'Lima', expected: '=cmd' })
  })

  it('a stop ends the eval as stopped with the cells it cut counted as not run', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `City${i},x`).join('\n')
    const { datasetId } = await importText('many.csv', `city,expected\n${rows}\n`)
    const s = sink()
    await service.start(
      {
        evalId: 'eval-stop-0001',
        datasetId,
        system: '',
        user: 'Tell me about {{city}}',
        variants: [{ label: 'v', format: 'chat', model: 'sim', profileId }],
        graders: [],
        concurrency: 2,
      },
      s.events,
    )
    await expect(
      service.start(
        {
          evalId: 'eval-stop-0001',
          datasetId,
          system: '',
          user: 'x',
          variants: [{ label: 'v', format: 'chat', model: 'sim', profileId }],
          graders: [],
          concurrency: 1,
        },
        sink().events,
      ),
    ).rejects.toThrow(/already exists/)
    while (s.cells.length < 2) await new Promise((r) => setTimeout(r, 5))
    expect(service.runs.stop('eval-stop-0001')).toEqual({ stopped: true })
    const ended = await s.ended
    expect(ended.stopped).toBe(true)
    expect(ended.passed + ended.failed + ended.errored + ended.notRun).toBe(30)
    expect(ended.notRun).toBeGreaterThan(20)
    expect(service.runs.stop('eval-stop-0001')).toEqual({ stopped: false })
  })
})
