// `npm run cases` as a child process against the simulator over loopback: a suite that passes in every format
// exits 0; a target that fails exits 1 with its cell shown; a hostile suite file (catastrophic patterns) fails its
// cells with the reason and ends promptly; bad arguments and a bad suite file exit 2, named.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import type { Draft } from '../../src/shared/wire'
import { chatUsage } from '../fakes/chatUsage'

const ROOT = resolve(import.meta.dirname, '../..')
const KEY = 'sk-cases-cli-0123456789'
let sim: RunningSimulator
let dir: string
let suitePath: string

const schema = {
  type: 'object',
  properties: { city: { type: 'string', enum: ['Paris'] } },
  required: ['city'],
}
const suiteFile = {
  version: 1,
  suite: {
    id: 'smoke',
    name: 'Smoke',
    cases: [
      {
        id: 'capital',
        name: 'capital as JSON',
        draft: {
          model: 'sim-model',
          stream: true,
          maxTokens: 200,
          responseFormat: { name: 'answer', schema },
          messages: [{ role: 'user', parts: [{ type: 'text', text: 'Name the capital of France as JSON' }] }],
        },
        assertions: [
          { kind: 'contains', text: 'Paris' },
          { kind: 'json', schema },
        ],
      },
    ],
  },
}

function cases(args: string[], env: Record<string, string> = { CASES_KEY: KEY }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/cases.ts'), ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    )
  })
}

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'cases-cli-'))
  suitePath = join(dir, 'suite.json')
  writeFileSync(suitePath, JSON.stringify(suiteFile))
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('npm run cases', { timeout: 120_000 }, () => {
  it('prints the matrix and exits 0 when the suite passes in all four formats', async () => {
    const targets = ['chat', 'responses', 'messages', 'native'].flatMap((f) => ['--target', `${f}:sim-model`])
    const out = await cases([suitePath, ...targets, '--base-url', sim.baseUrl, '--key-env', 'CASES_KEY'])
    expect(out.stderr).toBe('')
    expect(out.code).toBe(0)
    expect(out.stdout).toMatch(
      /case\s+chat:sim-model\s+responses:sim-model\s+messages:sim-model\s+native:sim-model\n/,
    )
    expect(out.stdout).toMatch(/capital as JSON\s+pass\s+pass\s+pass\s+pass\n/)
    expect(out.stdout).toContain('4 of 4 cells passed.')
    expect(out.stdout).not.toContain(KEY)
  })

  it('exits 1 and shows the failing cell with why when one target fails', async () => {
    const out = await cases([
      suitePath,
      '--target',
      'messages:sim-model',
      '--target',
      'native:missing-model',
      '--base-url',
      sim.baseUrl,
      '--key-env',
      'CASES_KEY',
      '--concurrency',
      '1',
    ])
    expect(out.code).toBe(1)
    expect(out.stdout).toMatch(/capital as JSON\s+pass\s+FAIL\n/)
    expect(out.stdout).toMatch(/FAIL capital as JSON @ native:missing-model: the run failed: .*missing-model/)
    expect(out.stdout).toContain('1 of 2 cells passed.')
  })

  it('runs a hostile suite file promptly: each catastrophic pattern fails its cell with the reason', async () => {
    const value = `${'a'.repeat(28)}!`
    const valueSchema = {
      type: 'object',
      properties: { s: { type: 'string', enum: [value] } },
      required: ['s'],
    }
    const hostile = structuredClone(suiteFile)
    const draft = {
      ...hostile.suite.cases[0]!.draft,
      responseFormat: { name: 'answer', schema: valueSchema },
    }
    hostile.suite.cases = [
      {
        id: 'hostile',
        name: 'hostile patterns',
        draft,
        assertions: [
          { kind: 'matches', pattern: '^\\{"s":"(a+)+"\\}$' },
          {
            kind: 'json',
            schema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } },
          },
        ],
      },
      {
        id: 'backreference',
        name: 'backreference',
        draft,
        assertions: [{ kind: 'matches', pattern: '^\\{"s":"(a+)+\\1"\\}$' }],
      },
    ] as never
    const path = join(dir, 'hostile.json')
    writeFileSync(path, JSON.stringify(hostile))
    const started = performance.now()
    const out = await cases([
      path,
      '--target',
      'chat:sim-model',
      '--base-url',
      sim.baseUrl,
      '--key-env',
      'CASES_KEY',
    ])
    const ms = performance.now() - started
    console.log(`hostile suite through npm run cases: exit ${out.code} in ${ms.toFixed(0)} ms`)
    expect(out.code).toBe(1)
    expect(out.stdout).toMatch(/hostile patterns\s+FAIL\n/)
    expect(out.stdout).toContain(
      'FAIL hostile patterns @ chat:sim-model: the answer does not match /^\\{"s":"(a+)+"\\}$/; the answer does not fit the schema: /s must match pattern "^(a+)+$"',
    )
    expect(out.stdout).toContain(
      'FAIL backreference @ chat:sim-model: pattern took too long: /^\\{"s":"(a+)+\\1"\\}$/ ran over 1000 ms on an answer of 37 characters and was stopped',
    )
    expect(out.stdout).toContain('0 of 2 cells passed.')
    // Node and tsx start-up included; the backtracking engine alone took 9.6 s and 23 s on these patterns.
    expect(ms).toBeLessThan(20_000)
  })

  it('exits 2 naming the field of a bad suite file', async () => {
    const base = ['--base-url', sim.baseUrl, '--key-env', 'CASES_KEY']
    const broken = join(dir, 'broken.json')
    const bad = structuredClone(suiteFile)
    ;(bad.suite.cases[0]!.assertions as unknown[])[0] = { kind: 'outputTokensUnder', tokens: -1 }
    writeFileSync(broken, JSON.stringify(bad))
    const badFile = await cases([broken, '--target', 'chat:m', ...base])
    expect(badFile.code).toBe(2)
    expect(badFile.stderr).toContain(
      'broken.json: suite.cases.0.assertions.0.tokens: output tokens under: must be at least 1',
    )
  })

  it("prints what the run cost from each cell's reported usage at the prices of a --prices file", async () => {
    // LiteLLM's shape, per token: $2 in and $8 out per 1M tokens.
    const pricesPath = join(dir, 'prices.json')
    writeFileSync(
      pricesPath,
      JSON.stringify({
        'sim-model': { input_cost_per_token: 0.000002, output_cost_per_token: 0.000008, mode: 'chat' },
      }),
    )
    const draft: Draft = {
      model: 'sim-model',
      stream: false,
      maxTokens: 60,
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'Say hello in five words.' }] }],
    }
    const plain = {
      version: 1,
      suite: {
        id: 'p',
        name: 'Plain',
        cases: [{ id: 'h', name: 'hello', draft, assertions: [{ kind: 'contains', text: 'hello' }] }],
      },
    }
    const path = join(dir, 'plain.json')
    writeFileSync(path, JSON.stringify(plain))
    const base = [path, '--target', 'chat:sim-model', '--base-url', sim.baseUrl, '--key-env', 'CASES_KEY']

    // By hand: the simulator answers the same request the same way; its usage × the price per 1M.
    const usage = await chatUsage(sim.baseUrl, KEY, draft)
    const micros = Math.round(usage.prompt_tokens * 2 + usage.completion_tokens * 8)
    expect(micros).toBeGreaterThan(0)
    const dollars = `$${(micros / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`

    const priced = await cases([...base, '--prices', pricesPath])
    expect(priced.stderr).toBe('')
    expect(priced.code).toBe(0)
    expect(priced.stdout.trimEnd().split('\n').at(-1)).toBe(`Spend: ${dollars} (USD) for 1 priced run(s)`)

    // Without prices the line says how to give them; a file that prices nothing is a bad argument, named.
    const unpriced = await cases(base)
    expect(unpriced.stdout.trimEnd().split('\n').at(-1)).toBe(
      'Spend: not computed (no prices: give --prices <file>)',
    )
    const empty = join(dir, 'empty.csv')
    writeFileSync(empty, 'model,currency\n')
    const bad = await cases([...base, '--prices', empty])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain(`--prices ${empty}: no price could be read`)
  })
})
