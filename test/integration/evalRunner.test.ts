// An eval plan run by the eval runner through the text service against the simulator over loopback: every
// grader on real answers (text graders, case checks, a judge whose own run is recorded, similarity through the
// embeddings endpoint, cost under without a known cost), a row missing a variable, and a stop that reports the
// cells it cut as stopped.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { EvalRun, type EvalCell } from '../../src/main/services/evals/evalRunner'
import type { RunRecord } from '../../src/main/services/history/ports'
import type { EvalPlan } from '../../src/shared/evals/plan'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const KEY = 'sk-eval-runner-0123456789'
let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let gateway: GatewayClient
let text: TextService
let profileId: string
const recorded: RunRecord[] = []

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'eval-runner-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const p = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(p.id, 'apiKey', KEY)
  profileId = p.id
  gateway = new GatewayClient({ knownSecrets: () => profiles.knownSecrets() })
  text = new TextService({
    profiles,
    gateway,
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
    recorder: { record: (r) => void recorded.push(r) },
  })
})

afterAll(async () => {
  text.stopAll()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

const userTurn = (t: string) => [{ role: 'user' as const, parts: [{ type: 'text' as const, text: t }] }]

function plan(
  rows: string[][],
  graders: EvalPlan['graders'],
  variants: EvalPlan['variants'] = [
    { label: 'chat', format: 'chat', model: 'sim-model', params: { stream: true } },
  ],
): EvalPlan {
  return {
    name: 't',
    prompts: [{ label: 'p', system: 'Answer about {{city}}.', messages: userTurn('Tell me about {{city}}') }],
    variants,
    dataset: { columns: ['city', 'expected'], rows: rows.map((cells) => ({ cells })) },
    graders,
    unmapped: [],
    problems: [],
  }
}

async function run(p: EvalPlan, concurrency = 4): Promise<EvalCell[]> {
  const cells: EvalCell[] = []
  const r = new EvalRun({ text, gateway, profiles }, p, {
    concurrency,
    profileId,
    onCell: (c) => cells.push(c),
  })
  await r.run()
  return cells.sort((a, b) => a.row - b.row || a.column - b.column)
}

describe('eval runner against the simulator', () => {
  it('fills the prompt per row and grades with text graders and case checks', async () => {
    const cells = await run(
      plan(
        [
          ['Paris', 'Paris'],
          ['Lima', 'Quito'],
        ],
        [
          { kind: 'contains', text: '{{city}}' },
          { kind: 'containsAny', values: ['{{expected}}', 'nowhere'] },
          { kind: 'containsAll', values: ['simulated', '{{city}}'] },
          { kind: 'startsWith', value: 'This is a simulated answer' },
          { kind: 'equals', value: '{{expected}}', not: true },
          { kind: 'matches', pattern: 'sim(ulated)?', flags: 'i' },
          { kind: 'ttftUnder', ms: 60_000 },
        ],
      ),
    )
    expect(cells.map((c) => c.status)).toEqual(['pass', 'fail'])
    expect(cells[0]!.score).toBe(1)
    expect(cells[1]!.grades.find((g) => g.kind === 'containsAny')).toMatchObject({
      pass: false,
      message: expect.stringContaining('"Quito"'),
    })
    expect(cells[1]!.score).toBeCloseTo(6 / 7)
    const sent = recorded.find((r) => r.id === cells[0]!.runId)!
    expect(sent.requestBody).toContain('Tell me about Paris')
    expect(sent.requestBody).toContain('Answer about Paris.')
  })

  it('a judge grades through a run of its own, kept in History; its reply is read as data', async () => {
    const cells = await run(
      plan(
        [['Paris', 'Paris']],
        [
          {
            kind: 'judge',
            rubric: 'mentions {{city}}',
            judge: { format: 'chat', model: 'judge-model' },
            threshold: 0,
          },
        ],
      ),
    )
    const grade = cells[0]!.grades[0]!
    expect(grade.kind).toBe('judge')
    expect(grade.runId).toBeTruthy()
    expect(grade.message).toMatch(/^the judge says (pass|fail)/)
    const judged = recorded.find((r) => r.id === grade.runId)!
    expect(judged.model).toBe('judge-model')
    expect(judged.requestBody).toContain('mentions Paris')
    expect(judged.requestBody).toContain('simulated answer')
    expect(judged.requestBody).toContain('"json_schema"')
  })

  it('similarity embeds the answer and the expected text and compares by cosine', async () => {
    const cells = await run(
      plan(
        [['Paris', 'x']],
        [
          { kind: 'similarity', expected: '{{expected}}', model: 'sim-embed', threshold: 0.99 },
          { kind: 'similarity', expected: '{{expected}}', model: 'sim-embed', threshold: 0 },
        ],
      ),
    )
    const [strict, loose] = cells[0]!.grades
    expect(strict).toMatchObject({
      pass: false,
      message: expect.stringMatching(/^similarity -?[\d.]+ is under 0.99$/),
    })
    expect(loose!.pass).toBe(true)
    expect(loose!.score).toBeGreaterThanOrEqual(0)
  })

  it('cost under fails in words when the cost is not known; a row missing a variable is not sent', async () => {
    const p = plan([['Paris', 'x']], [{ kind: 'costUnder', amount: 1 }])
    p.prompts[0]!.messages = userTurn('{{city}} {{country}}')
    const cells = await run(p)
    expect(cells[0]).toMatchObject({
      status: 'error',
      runId: null,
      error: 'the row has no value for country',
    })
    const priced = await run(plan([['Paris', 'x']], [{ kind: 'costUnder', amount: 1 }]))
    expect(priced[0]!.grades[0]!.message).toMatch(/not known/)
  })

  it('every format runs; a failing profile fails its cells with the reason', async () => {
    const cells = await run(
      plan(
        [['Paris', 'Paris']],
        [{ kind: 'contains', text: 'simulated' }],
        [
          { label: 'chat', format: 'chat', model: 'm', params: {} },
          { label: 'responses', format: 'responses', model: 'm', params: { stream: false } },
          { label: 'messages', format: 'messages', model: 'm', params: { maxTokens: 100 } },
          { label: 'native', format: 'native', model: 'm', params: {} },
          { label: 'nobody', format: 'chat', model: 'm', profileId: 'no-such-profile', params: {} },
        ],
      ),
    )
    expect(cells.map((c) => c.status)).toEqual(['pass', 'pass', 'pass', 'pass', 'error'])
    expect(cells[4]!.error).toBeTruthy()
  })

  it('a stop ends the runs in flight and reports the rest as stopped', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => [`City${i}`, 'x'])
    const p = plan(
      rows,
      [{ kind: 'contains', text: 'simulated' }],
      [{ label: 'slow', format: 'chat', model: 'm', params: { stream: true, maxTokens: 2000 } }],
    )
    const cells: EvalCell[] = []
    const r = new EvalRun({ text, gateway, profiles }, p, {
      concurrency: 2,
      profileId,
      onCell: (c) => {
        cells.push(c)
        if (cells.length === 3) r.stop()
      },
    })
    await r.run()
    expect(cells).toHaveLength(40)
    expect(cells.filter((c) => c.status === 'stopped').length).toBeGreaterThanOrEqual(35)
    expect(r.isStopped).toBe(true)
  })

  it("an eval's cells take no place among the exchanges the Inspector keeps: the Text panel's last one outlives 60 cells", async () => {
    // The Text panel's run, sent to its window: the exchange's id rides in text.runExchange.
    const sent: { name: string; payload: unknown }[] = []
    const window = {
      alive: true,
      emit: (name: string, payload: unknown) => void sent.push({ name, payload }),
    }
    const { runId } = await text.start(
      { profileId, format: 'chat', draft: { model: 'sim-model', messages: userTurn('Hello'), stream: true } },
      window,
    )
    await expect.poll(() => sent.some((e) => e.name === 'text.runEnded'), { timeout: 15_000 }).toBe(true)
    const exchangeId = (
      sent.find((e) => e.name === 'text.runExchange')!.payload as { runId: string; exchange: { id: string } }
    ).exchange.id
    expect(sent.find((e) => e.name === 'text.runExchange')!.payload).toMatchObject({ runId })

    const cells = await run(
      plan(
        Array.from({ length: 60 }, (_, i) => [`City${i}`, 'x']),
        [{ kind: 'contains', text: 'simulated' }],
        [{ label: 'whole', format: 'chat', model: 'sim-model', params: { stream: false } }],
      ),
      8,
    )
    expect(cells.filter((c) => c.status === 'pass')).toHaveLength(60)
    // The log keeps the newest 50: the Text run's exchange is still there to page and save.
    expect(text.exchanges.frames(exchangeId, 0, 10).total).toBeGreaterThan(0)
    expect(text.exchanges.kept(exchangeId).rawBody()).toContain('simulated')
  })
})
