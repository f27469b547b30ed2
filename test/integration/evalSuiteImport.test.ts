// Suites from other tools brought into the Evals panel's side of main, as hand-written files in the documented
// shapes, imported through the media store as the panel does: a promptfoo config picked with the prompt and test
// files it names (a bad CSV row named, the rest kept, what cannot be mapped listed), then run against the simulator
// with the suite's graders on every row; an OpenAI Evals dataset with a bad line and its eval's graders file.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
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

const KEY = 'sk-suite-import-0123456789'
let sim: RunningSimulator
let dir: string
let media: MediaStore
let service: EvalService
let profileId: string

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'suite-import-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const p = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(p.id, 'apiKey', KEY)
  profileId = p.id
  const gateway = new GatewayClient({ knownSecrets: () => profiles.knownSecrets() })
  media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  const text = new TextService({ profiles, gateway, media })
  service = new EvalService({ text, gateway, profiles, media, dataDir: dir })
})

afterAll(async () => {
  await service.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

async function put(files: Record<string, string>) {
  const out: { mediaId: string; fileName: string }[] = []
  for (const [name, content] of Object.entries(files)) {
    const info = await media.putBytes(Buffer.from(content, 'utf8'), 'text/plain', name)
    out.push({ mediaId: info.id, fileName: name })
  }
  return out
}

const CONFIG = `description: capitals
prompts:
  - file://prompts.txt
providers:
  - id: openai:chat:gpt-4o-mini
    config:
      temperature: 0.2
  - anthropic:messages:claude-sonnet-4-5
  - python:my_provider.py
defaultTest:
  assert:
    - type: icontains
      value: "{{country}}"
tests: file://tests.csv
`
const PROMPTS = 'You are terse.\n---\nName the capital of {{country}}. {{ country | upper }}\n'
const TESTS = 'country,__expected\nFrance,icontains:france\nPeru,"a,b",extra\nJapan,contains:Japan\n'

it('imports a promptfoo config with the files it names: bad rows named, the rest run with the suite graders', async () => {
  const files = await put({ 'promptfooconfig.yaml': CONFIG, 'prompts.txt': PROMPTS, 'tests.csv': TESTS })
  const suite = await service.importSuite({ kind: 'promptfoo', files })
  expect(suite.dataset.name).toBe('promptfooconfig.yaml')
  expect(suite.dataset.columns).toContain('country')
  expect(suite.dataset.rowCount).toBe(2)
  expect(suite.dataset.problemCount).toBe(1)
  expect(suite.dataset.problems[0]!.where).toMatch(/tests\.csv line 3/)
  expect(suite.dataset.unmapped.join('; ')).toMatch(/python:my_provider\.py/)
  expect(suite.dataset.unmapped.join('; ')).toMatch(/upper/)
  expect(suite.dataset.unmapped.join('; ')).toMatch(/prompts 2–2/)
  expect(suite.system).toBe('')
  expect(suite.user).toBe('You are terse.')
  expect(suite.variants).toEqual([
    { format: 'chat', model: 'gpt-4o-mini', temperature: 0.2 },
    // Messages needs max tokens: the import gives it one.
    { format: 'messages', model: 'claude-sonnet-4-5', maxTokens: 1024 },
  ])
  expect(suite.suiteGraders).toBe(1)
  const rows = (await service.rows(suite.dataset.datasetId, 0, 10)).rows
  // The suite's icontains, then each row's own __expected.
  expect(rows.map((r) => r.graders)).toEqual([2, 2])

  // Run as the panel runs it: the suite's graders go with the rows.
  const cells: EventPayload<Events['evals.cell']>['cell'][] = []
  const ended = new Promise<EventPayload<Events['evals.ended']>>(
    (resolve) =>
      void service.start(
        {
          evalId: 'suite-eval-0001',
          datasetId: suite.dataset.datasetId,
          system: '',
          user: 'Name the capital of {{country}}.',
          variants: [{ label: '', format: 'chat', model: 'gpt-4o-mini', profileId }],
          graders: [],
          concurrency: 2,
        },
        {
          alive: true,
          emit(name: string, payload: unknown) {
            if (name === 'evals.cell') cells.push((payload as { cell: (typeof cells)[0] }).cell)
            if (name === 'evals.ended') resolve(payload as EventPayload<Events['evals.ended']>)
          },
        } as never,
      ),
  )
  const end = await ended
  expect(end.error).toBeNull()
  expect(cells).toHaveLength(2)
  // The simulator repeats the message, so the country is in every answer.
  expect(
    cells.every((c) => c.grades.length === 2 && c.grades[0]!.kind === 'contains' && c.grades[0]!.pass),
  ).toBe(true)
})

it('refuses a promptfoo pick without a config, or with two, naming them', async () => {
  await expect(
    service.importSuite({ kind: 'promptfoo', files: await put({ 'tests.csv': TESTS }) }),
  ).rejects.toThrow(/pick the promptfooconfig\.yaml/)
  await expect(
    service.importSuite({ kind: 'promptfoo', files: await put({ 'a.yaml': CONFIG, 'b.yml': CONFIG }) }),
  ).rejects.toThrow(/pick one config, not 2 \(a\.yaml, b\.yml\)/)
  // A file the config names but that was not picked is named, nothing else is read.
  await expect(
    service.importSuite({ kind: 'promptfoo', files: await put({ 'promptfooconfig.yaml': CONFIG }) }),
  ).rejects.toThrow(/not picked: prompts\.txt/)
})

const ITEMS = [
  '{"item": {"question": "Capital of France?", "answer": "Paris"}}',
  '{"item": {"question": "Capital of Japan?", "answer": "Tokyo"',
  'not json',
  '{"item": {"question": "Capital of Peru?", "answer": "Lima"}}',
].join('\n')
const EVAL = JSON.stringify({
  data_source: {
    input_messages: {
      template: [
        { role: 'system', content: 'Answer with the city only.' },
        { role: 'user', content: '{{ item.question }}' },
      ],
    },
  },
  testing_criteria: [
    {
      type: 'string_check',
      name: 'has answer',
      input: '{{ sample.output_text }}',
      reference: '{{ item.answer }}',
      operation: 'ilike',
    },
    { type: 'python', name: 'custom', source: 'def grade(s, i): return 1' },
  ],
})

it('imports an OpenAI Evals dataset with its eval: bad lines named, graders mapped, the prompt read', async () => {
  const files = await put({ 'capitals.jsonl': ITEMS, 'eval.json': EVAL })
  const suite = await service.importSuite({ kind: 'openai', files })
  expect(suite.dataset.columns).toEqual(['question', 'answer'])
  expect(suite.dataset.rowCount).toBe(2)
  expect(suite.dataset.problems.map((p) => p.line)).toEqual([2, 3])
  expect(suite.dataset.problems[1]!.message).toMatch(/JSON/)
  expect(suite.dataset.unmapped.join('; ')).toMatch(/python/)
  expect(suite.system).toBe('Answer with the city only.')
  expect(suite.user).toBe('{{question}}')
  expect(suite.suiteGraders).toBe(1)
  expect((await service.rows(suite.dataset.datasetId, 0, 5)).rows.map((r) => r.graders)).toEqual([1, 1])
  // The dataset alone imports too; a pick of something else is refused in words.
  expect(
    (await service.importSuite({ kind: 'openai', files: await put({ 'only.jsonl': ITEMS }) })).suiteGraders,
  ).toBe(0)
  await expect(
    service.importSuite({ kind: 'openai', files: await put({ 'x.csv': 'a\n1\n' }) }),
  ).rejects.toThrow(/pick one dataset/)
})
