// `npm run cases -- --promptfoo FILE` as a child process against the simulator: a config whose every cell passes
// exits 0 and prints the matrix with each column's pass rate and interval; one with a failing assertion exits 1
// naming the cell and why; a bad file exits 2 with the line; what cannot be mapped is listed.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'

const ROOT = resolve(import.meta.dirname, '../..')
const KEY = 'sk-eval-cli-0123456789'
let sim: RunningSimulator
let dir: string

function cases(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/cases.ts'), ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', EVAL_KEY: KEY },
        timeout: 90_000,
      },
      (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    )
  })
}

const config = (assertValue: string) => `description: smoke
prompts:
  - file://prompts.txt
providers:
  - openai:chat:sim-a
  - id: anthropic:messages:sim-b
    label: claude-like
tests:
  - vars: { city: Paris }
    assert:
      - type: icontains
        value: ${assertValue}
  - file://more.csv
  - vars: { city: Oslo }
    assert:
      - type: javascript
        value: output.length > 0
`

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'eval-cli-'))
  writeFileSync(join(dir, 'prompts.txt'), 'Tell me about {{city}}\n---\nWhere is {{city}}?\n')
  writeFileSync(join(dir, 'more.csv'), 'city,__expected\nLima,icontains:lima\n')
  writeFileSync(join(dir, 'pass.yaml'), config('paris'))
  writeFileSync(join(dir, 'fail.yaml'), config('berlin'))
  writeFileSync(join(dir, 'bad.yaml'), 'prompts: [a\nproviders: [openai:x]\n')
})

afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

const args = (file: string) => [
  '--promptfoo',
  join(dir, file),
  '--base-url',
  sim.baseUrl,
  '--key-env',
  'EVAL_KEY',
  '--concurrency',
  '4',
]

describe('npm run cases -- --promptfoo', () => {
  it('exits 0 when every cell passes and prints the matrix, rates and what was not mapped', async () => {
    const out = await cases(args('pass.yaml'))
    expect(out.stderr).toBe('')
    expect(out.code).toBe(0)
    expect(out.stdout).toMatch(/test\s+prompts\.txt #1 · openai:chat:sim-a\s+prompts\.txt #1 · claude-like/)
    expect(out.stdout).toMatch(/prompts\.txt #2 · claude-like: 3\/3 passed \(100\.0%, 95% 43\.9%–100\.0%\)/)
    expect(out.stdout).toContain('12 of 12 cells passed.')
    expect(out.stdout).toContain('assert javascript (runs code from the suite)')
  }, 120_000)

  it('exits 1 when a cell fails, naming it and why', async () => {
    const out = await cases(args('fail.yaml'))
    expect(out.code).toBe(1)
    expect(out.stdout).toMatch(
      /FAIL city=Paris @ prompts\.txt #1 · openai:chat:sim-a: the answer does not contain "berlin"/,
    )
    expect(out.stdout).toContain('8 of 12 cells passed.')
  }, 120_000)

  it('exits 2 for a bad file or a bad argument, named', async () => {
    const bad = await cases(args('bad.yaml'))
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/bad\.yaml: line \d+: /)
    const missing = await cases([
      '--promptfoo',
      join(dir, 'pass.yaml'),
      '--base-url',
      sim.baseUrl,
      '--key-env',
      'NOPE',
    ])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^--key-env: the environment variable NOPE is not set or empty/)
  }, 120_000)
})
