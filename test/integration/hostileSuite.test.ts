// A shared suite written to freeze the app, run as a matrix through the real text service against the simulator
// over loopback: catastrophic patterns in "matches", in a JSON Schema and in a tool's argument schema, and a
// backreference only JavaScript runs. Every cell ends with the right verdict (or "pattern took too long") while
// main's event loop keeps a p99 delay under 20 ms (the backtracking engine held it for 9.6 s and 23 s before).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { MatrixRun, describeOutcome, type MatrixTarget } from '../../src/main/services/cases/matrixRunner'
import { patternWorker } from '../../src/main/services/cases/patternWorker'
import { suiteSchema } from '../../src/shared/cases/caseModel'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const KEY = 'sk-hostile-suite-0123456789'
/** 28 a and a !: the simulator answers exactly this value, the worst input for ^(a+)+$ in a backtracking engine. */
const VALUE = `${'a'.repeat(28)}!`
const valueSchema = {
  type: 'object',
  properties: { s: { type: 'string', enum: [VALUE] } },
  required: ['s'],
}
const hostileSchema = {
  type: 'object',
  properties: { s: { type: 'string', pattern: '^(a+)+$' } },
  required: ['s'],
}
const ask = (extra: Record<string, unknown>) => ({
  model: 'sim-model',
  stream: true,
  maxTokens: 200,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Answer with the value' }] }],
  ...extra,
})

const suite = suiteSchema.parse({
  id: 'hostile',
  name: 'Shared by a stranger',
  cases: [
    {
      id: 'matches',
      name: 'catastrophic matches',
      draft: ask({ responseFormat: { name: 'answer', schema: valueSchema } }),
      assertions: [{ kind: 'matches', pattern: '^\\{"s":"(a+)+"\\}$' }],
    },
    {
      id: 'schema',
      name: 'catastrophic schema pattern',
      draft: ask({ responseFormat: { name: 'answer', schema: valueSchema } }),
      assertions: [{ kind: 'json', schema: hostileSchema }],
    },
    {
      id: 'tool',
      name: 'catastrophic argument schema',
      draft: ask({ tools: [{ name: 'lookup', parameters: valueSchema }], toolChoice: { name: 'lookup' } }),
      assertions: [{ kind: 'toolCall', name: 'lookup', arguments: hostileSchema }],
    },
    {
      id: 'backreference',
      name: 'backreference',
      draft: ask({ responseFormat: { name: 'answer', schema: valueSchema } }),
      assertions: [{ kind: 'matches', pattern: '^\\{"s":"(a+)+\\1"\\}$' }],
    },
  ],
})

let sim: RunningSimulator
let dir: string
let text: TextService
let profileId: string

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'hostile-suite-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create(
    profileFieldsSchema.parse({ name: 'Sim', baseUrl: sim.baseUrl, headers: [] }),
  )
  await profiles.setSecret(view.id, 'apiKey', KEY)
  profileId = view.id
  text = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 1 }),
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
  })
})
afterAll(async () => {
  text.stopAll()
  await patternWorker.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a hostile shared suite', () => {
  it(
    'stops at once: a stopped matrix ends the check in the pattern worker and skips the ones still waiting',
    { timeout: 60_000 },
    async () => {
      const slow = suiteSchema.parse({
        ...suite,
        cases: [
          {
            ...suite.cases[3]!,
            assertions: Array.from({ length: 5 }, (_, i) => ({
              kind: 'matches',
              pattern: `^\\{"s":"(a+)+\\1"\\}$|${i}`,
            })),
          },
        ],
      })
      const targets: MatrixTarget[] = (['chat', 'messages'] as const).map((format) => ({
        format,
        model: 'sim-model',
        profileId,
      }))
      const matrix = new MatrixRun(text, slow, targets, { concurrency: 2 })
      const done = matrix.run()
      // Stop once the first check is running in the worker: ten checks of 1 s each are queued behind it.
      while (!patternWorker.busy) await new Promise((resolve) => setTimeout(resolve, 5))
      const stoppedAt = performance.now()
      matrix.stop()
      const cells = await done
      const afterStop = performance.now() - stoppedAt
      console.log(
        `stopped a matrix of ten queued 1 s checks: it ended ${afterStop.toFixed(0)} ms after the stop`,
      )
      expect(cells.map((c) => c.status)).toEqual(['stopped', 'stopped'])
      expect(cells.reduce((n, c) => n + c.results.length, 0)).toBe(0)
      // The check running in the worker is ended with the stop, not awaited (it alone would take 1 s of CPU).
      expect(afterStop).toBeLessThan(500)
    },
  )

  // A bar on main's delay, measured on a machine other processes share: a retry measures again (a neighbour's CPU
  // burst is not the suite's doing); the verdicts are asserted on every attempt.
  it(
    'fails each hostile cell with its reason while main stays responsive',
    { timeout: 60_000, retry: 2 },
    async () => {
      const targets: MatrixTarget[] = (['chat', 'messages'] as const).map((format) => ({
        format,
        model: 'sim-model',
        profileId,
      }))
      // Warm up what is not under test (the simulator and text service in this process, first requests, the
      // tokenizer) with the same drafts and harmless assertions, so the measure below is the suite's checks.
      const harmless = suiteSchema.parse({
        ...suite,
        cases: suite.cases.map((c) => ({ ...c, assertions: [{ kind: 'stopReason', value: 'stop' }] })),
      })
      await new MatrixRun(text, harmless, targets, { concurrency: 2 }).run()
      const delay = monitorEventLoopDelay({ resolution: 1 })
      delay.enable()
      const loop = performance.eventLoopUtilization()
      const started = performance.now()
      const cells = await new MatrixRun(text, suite, targets, { concurrency: 2 }).run()
      const ms = performance.now() - started
      const busy = performance.eventLoopUtilization(loop).utilization
      delay.disable()
      const p99 = delay.percentile(99) / 1e6
      console.log(
        `hostile suite: ${cells.length} cells in ${ms.toFixed(0)} ms; event-loop utilization ${busy.toFixed(3)}, delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
      )

      const byCase = (id: string) => cells.filter((c) => suite.cases[c.caseIndex]!.id === id)
      for (const cell of byCase('matches')) {
        expect(cell.status).toBe('fail')
        expect(cell.answer).toBe(JSON.stringify({ s: VALUE }))
        expect(describeOutcome(cell)).toBe('the answer does not match /^\\{"s":"(a+)+"\\}$/')
      }
      for (const cell of byCase('schema'))
        expect(describeOutcome(cell)).toBe(
          'the answer does not fit the schema: /s must match pattern "^(a+)+$"',
        )
      for (const cell of byCase('tool'))
        expect(describeOutcome(cell)).toBe(
          'the arguments of lookup does not fit the schema: /s must match pattern "^(a+)+$"',
        )
      for (const cell of byCase('backreference'))
        expect(describeOutcome(cell)).toBe(
          'pattern took too long: /^\\{"s":"(a+)+\\1"\\}$/ ran over 1000 ms on an answer of 37 characters and was stopped',
        )
      expect(cells.every((c) => c.status === 'fail')).toBe(true)
      // Two backreference cells at 1 s of the worker's CPU each, one after the other (longer in wall time on a busy
      // machine, at most three times); the rest is quick.
      expect(ms).toBeLessThan(25_000)
      expect(p99).toBeLessThan(20)
      expect(busy).toBeLessThan(0.3)
    },
  )
})
