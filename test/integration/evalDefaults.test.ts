// The default judge and embedding model from Settings, kept in the real settings file across a restart and used by
// imports that name no model: a promptfoo config's llm-rubric and similar asserts and a CSV's `grade:` column are
// run against the simulator, and the plan the run kept on disk names the default profile, format and model. A
// default on a profile that does not exist is refused; one whose profile was deleted since falls back to the
// eval's own profile.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { EvalService } from '../../src/main/services/evals/evalService'
import { ConfSettingsStore } from '../../src/main/adapters/ConfSettingsStore'
import { FileSecretStore } from '../../src/main/adapters/FileSecretStore'
import type { Events } from '../../src/shared/ipc/contract'
import type { EventPayload } from '../../src/shared/ipc/define'
import { DEFAULT_APP_SETTINGS } from '../../src/shared/ipc/app'
import type { EvalGrader } from '../../src/shared/evals/graders'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'

const KEY = 'sk-eval-defaults-0123456789'
let sim: RunningSimulator
let dir: string

const profilesAt = () =>
  new ProfileService(new ConfSettingsStore(dir), new FileSecretStore(join(dir, 'secrets.json')))

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'eval-defaults-'))
})

afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

function evalsOn(profiles: ProfileService) {
  const gateway = new GatewayClient({ knownSecrets: () => profiles.knownSecrets() })
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  const text = new TextService({ profiles, gateway, media })
  const service = new EvalService({ text, gateway, profiles, media, dataDir: dir })
  const put = async (files: Record<string, string>) => {
    const out: { mediaId: string; fileName: string }[] = []
    for (const [name, content] of Object.entries(files)) {
      const info = await media.putBytes(Buffer.from(content, 'utf8'), 'text/plain', name)
      out.push({ mediaId: info.id, fileName: name })
    }
    return out
  }
  return { service, put }
}

const CONFIG = `prompts:
  - "Name the capital of {{country}}."
providers:
  - openai:chat:gpt-4o-mini
defaultTest:
  assert:
    - type: llm-rubric
      value: names the capital
tests: file://tests.csv
`
const TESTS = 'country,__expected\nFrance,similar:Paris\n'

it('keeps the default judge and embedding model across a restart and gives them to imports that name none', async () => {
  const first = profilesAt()
  const run = await first.create(profileFieldsSchema.parse({ name: 'run', baseUrl: sim.baseUrl }))
  const judge = await first.create(profileFieldsSchema.parse({ name: 'judge', baseUrl: sim.baseUrl }))
  for (const p of [run, judge]) await first.setSecret(p.id, 'apiKey', KEY)
  expect(first.appSettings().evals).toEqual(DEFAULT_APP_SETTINGS.evals)
  expect(() =>
    first.updateAppSettings({
      evals: { ...DEFAULT_APP_SETTINGS.evals, judge: { profileId: 'nope', format: 'chat', model: 'm' } },
    }),
  ).toThrow(/evals\.judge\.profileId: no profile with id nope/)
  first.updateAppSettings({
    evals: {
      judge: { profileId: judge.id, format: 'messages', model: 'claude-judge-1' },
      embedding: { profileId: judge.id, model: 'text-embedding-3-large' },
    },
  })

  // A restart: the settings are read back from the file.
  const profiles = profilesAt()
  await profiles.init()
  expect(profiles.appSettings().evals.judge).toEqual({
    profileId: judge.id,
    format: 'messages',
    model: 'claude-judge-1',
  })
  const { service, put } = evalsOn(profiles)
  const suite = await service.importSuite({
    kind: 'promptfoo',
    files: await put({ 'promptfooconfig.yaml': CONFIG, 'tests.csv': TESTS }),
  })
  const graders = await runAndKeptGraders(service, 'defaults-eval-01', suite.dataset.datasetId, run.id)
  expect(graders.find((g) => g.kind === 'judge')).toMatchObject({
    judge: { profileId: judge.id, format: 'messages', model: 'claude-judge-1' },
  })
  expect(graders.find((g) => g.kind === 'similarity')).toMatchObject({
    model: 'text-embedding-3-large',
    profileId: judge.id,
  })
  const cells = await service.runs.cells('defaults-eval-01', 0, 10)
  const grades = cells.cells[0]!.grades
  // The judge was asked (its own run is kept), and the similarity was measured through the embeddings.
  expect(grades.find((g) => g.kind === 'judge')?.runId).toBeTruthy()
  expect(grades.find((g) => g.kind === 'similarity')?.message).not.toMatch(/no profile|unknown/i)

  // The default's profile deleted since: imports ask the eval's own profile instead.
  await profiles.delete(judge.id)
  const again = await service.importSuite({
    kind: 'promptfoo',
    files: await put({ 'promptfooconfig.yaml': CONFIG, 'tests.csv': TESTS }),
  })
  const after = await runAndKeptGraders(service, 'defaults-eval-02', again.dataset.datasetId, run.id)
  const judgeAfter = after.find((g) => g.kind === 'judge')
  expect(judgeAfter).toMatchObject({ judge: { format: 'messages', model: 'claude-judge-1' } })
  expect(judgeAfter && 'judge' in judgeAfter && judgeAfter.judge.profileId).toBeFalsy()
  expect(after.find((g) => g.kind === 'similarity')).not.toHaveProperty('profileId')
  await service.close()
})

/** Runs the dataset once and answers the first row's graders as the run kept them on disk. */
async function runAndKeptGraders(
  service: EvalService,
  evalId: string,
  datasetId: string,
  profileId: string,
): Promise<EvalGrader[]> {
  const ended = new Promise<EventPayload<Events['evals.ended']>>(
    (resolve) =>
      void service.start(
        {
          evalId,
          datasetId,
          system: '',
          user: 'Name the capital of {{country}}.',
          variants: [{ label: '', format: 'chat', model: 'gpt-4o-mini', profileId }],
          graders: [],
          concurrency: 1,
        },
        {
          alive: true,
          emit(name: string, payload: unknown) {
            if (name === 'evals.ended') resolve(payload as EventPayload<Events['evals.ended']>)
          },
        } as never,
      ),
  )
  expect((await ended).error).toBeNull()
  const plan = JSON.parse(readFileSync(join(dir, 'evals', evalId, 'plan.json'), 'utf8')) as {
    dataset: { rows: { graders?: EvalGrader[] }[] }
  }
  return plan.dataset.rows[0]!.graders!
}
