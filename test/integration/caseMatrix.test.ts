// A saved case run as a matrix through the text service against the simulator: four formats, one target whose
// profile injects a fault, a contains and a JSON-schema assertion; and a stop that keeps the finished cells.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { MatrixRun, type MatrixTarget } from '../../src/main/services/cases/matrixRunner'
import { HistoryStore } from '../../src/main/services/history/historyStore'
import { SuiteStore } from '../../src/main/services/cases/suiteStore'
import { suiteSchema, type Suite } from '../../src/shared/cases/caseModel'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const KEY = 'sk-case-matrix-0123456789'
let sim: RunningSimulator
let dir: string
let text: TextService
let history: HistoryStore
let good: string
let faulty: string

const suite: Suite = suiteSchema.parse({
  id: 'suite-1',
  name: 'Smoke',
  cases: [
    {
      id: 'case-1',
      name: 'simulated answer',
      draft: {
        model: 'sim-model',
        stream: true,
        maxTokens: 200,
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'Say hello' }] }],
      },
      assertions: [
        { kind: 'contains', text: 'simulated answer' },
        { kind: 'matches', pattern: 'hello', flags: 'i' },
      ],
    },
  ],
})

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'case-matrix-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const make = async (name: string, headers: { name: string; value: string }[] = []) => {
    const view = await profiles.create(profileFieldsSchema.parse({ name, baseUrl: sim.baseUrl, headers }))
    await profiles.setSecret(view.id, 'apiKey', KEY)
    return view.id
  }
  good = await make('Good')
  faulty = await make('Faulty', [{ name: 'x-sim-fault', value: '500' }])
  history = new HistoryStore(join(dir, 'data'))
  text = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 1 }),
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
    recorder: history,
  })
})
afterAll(async () => {
  await history.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a case suite as a matrix', () => {
  it('runs every format, passes three cells and fails the target whose profile injects a fault', async () => {
    const targets: MatrixTarget[] = [
      { format: 'chat', model: 'sim-model', profileId: good },
      { format: 'responses', model: 'sim-model', profileId: good },
      { format: 'messages', model: 'sim-model', profileId: good },
      { format: 'native', model: 'sim-model', profileId: faulty },
    ]
    const seen: string[] = []
    const cells = await new MatrixRun(text, suite, targets, {
      concurrency: 2,
      onCell: (c) => seen.push(c.status),
    }).run()
    expect(seen).toHaveLength(4)
    expect(cells.map((c) => `${c.status}:${c.error ?? ''}`)).toEqual([
      'pass:',
      'pass:',
      'pass:',
      expect.stringMatching(/^error:/),
    ])
    expect(cells[3]!.error).toBeTruthy()
    // Every cell is a recorded run that opens from the history.
    for (const cell of cells) expect(history.list({}, 0, 50).rows.map((r) => r.id)).toContain(cell.runId)
  })

  it('reads a structured answer in every format, the forced tool call of messages included', async () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string', enum: ['Paris'] } },
      required: ['city'],
    }
    const structured = suiteSchema.parse({
      ...suite,
      cases: [
        {
          ...suite.cases[0]!,
          draft: { ...suite.cases[0]!.draft, responseFormat: { name: 'answer', schema } },
          assertions: [
            { kind: 'contains', text: 'Paris' },
            { kind: 'json', schema },
          ],
        },
      ],
    })
    const targets: MatrixTarget[] = (['chat', 'responses', 'messages', 'native'] as const).map((format) => ({
      format,
      model: 'sim-model',
      profileId: good,
    }))
    const cells = await new MatrixRun(text, structured, targets, { concurrency: 4 }).run()
    expect(cells.map((c) => `${c.status} ${c.answer}`)).toEqual(Array(4).fill('pass {"city":"Paris"}'))
  })

  it('a JSON-schema assertion fails on a prose answer and says why', async () => {
    const jsonSuite = suiteSchema.parse({
      ...suite,
      cases: [{ ...suite.cases[0]!, assertions: [{ kind: 'json', schema: { type: 'object' } }] }],
    })
    const [cell] = await new MatrixRun(
      text,
      jsonSuite,
      [{ format: 'chat', model: 'sim-model', profileId: good }],
      {
        concurrency: 1,
      },
    ).run()
    expect(cell!.status).toBe('fail')
    expect(cell!.results[0]!.message).toContain('the answer is not JSON')
  })

  it('stopping keeps the finished cells and marks the rest stopped', async () => {
    const targets: MatrixTarget[] = Array.from({ length: 6 }, () => ({
      format: 'chat',
      model: 'sim-model',
      profileId: good,
    }))
    let matrix: MatrixRun | null = null
    matrix = new MatrixRun(text, suite, targets, {
      concurrency: 1,
      onCell: () => matrix!.stop(),
    })
    const cells = await matrix.run()
    expect(cells[0]!.status).toBe('pass')
    expect(cells.slice(1).every((c) => c.status === 'stopped')).toBe(true)
  })

  it('keeps suites in the history database', () => {
    const store = new SuiteStore(history.database)
    store.save(suite)
    expect(store.list().map((s) => s.name)).toEqual(['Smoke'])
    expect(store.get('suite-1')!.cases[0]!.assertions).toHaveLength(2)
    expect(store.delete('suite-1')).toBe(true)
    expect(store.list()).toEqual([])
  })
})
