// `npm run cases` with a suite whose case needs a tool round, as a child process against the simulator: without
// a flag nothing is started and the cells say which flag to give; `--canned <file>` answers the calls with no
// server; `--tool-server "<name>=<command> …"` starts server-everything over stdio for the run, in all four formats.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { EVERYTHING } from '../fakes/toolServerHarness'

const ROOT = resolve(import.meta.dirname, '../..')
const KEY = 'sk-cases-cli-tools-0123456789'
let sim: RunningSimulator
let dir: string
let suitePath: string
let cannedPath: string

const sumArgs = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
}
const suiteFile = {
  version: 1,
  suite: {
    id: 'tools',
    name: 'Tools',
    cases: [
      {
        id: 'sum',
        name: 'adds with get-sum',
        toolRound: { server: 'Everything' },
        draft: {
          model: 'sim-model',
          stream: true,
          maxTokens: 300,
          tools: [{ name: 'get-sum', description: 'Returns the sum of two numbers', parameters: sumArgs }],
          messages: [{ role: 'user', parts: [{ type: 'text', text: 'Use get-sum to add two numbers.' }] }],
        },
        assertions: [
          { kind: 'toolCall', name: 'get-sum', arguments: sumArgs },
          { kind: 'contains', text: 'The sum of' },
        ],
      },
    ],
  },
}

function cases(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/cases.ts'), ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', CASES_KEY: KEY },
        timeout: 90_000,
      },
      (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    )
  })
}

const targets = ['chat', 'responses', 'messages', 'native'].flatMap((f) => ['--target', `${f}:sim-model`])

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'cases-cli-tools-'))
  suitePath = join(dir, 'suite.json')
  writeFileSync(suitePath, JSON.stringify(suiteFile))
  cannedPath = join(dir, 'canned.json')
  writeFileSync(
    cannedPath,
    JSON.stringify({ Everything: { 'get-sum': { text: 'The sum of 2 and 3 is 5.' } } }),
  )
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('npm run cases with tool rounds', { timeout: 120_000 }, () => {
  const connection = () => ['--base-url', sim.baseUrl, '--key-env', 'CASES_KEY']

  it('starts nothing without a flag: each cell fails naming the flags to give', async () => {
    const out = await cases([suitePath, '--target', 'chat:sim-model', ...connection()])
    expect(out.code).toBe(1)
    expect(out.stdout).toContain(
      'tool server "Everything": the suite names it; give --tool-server "Everything=<command> [args…]"',
    )
    expect(out.stdout).not.toContain('started')
  })

  it('answers the calls from --canned, with no server, in all four formats', async () => {
    const out = await cases([suitePath, ...targets, ...connection(), '--canned', cannedPath])
    expect(out.stderr).toBe('')
    expect(out.stdout).toMatch(/adds with get-sum\s+pass\s+pass\s+pass\s+pass\n/)
    expect(out.code).toBe(0)
  })

  it('runs the calls on the server --tool-server starts, in all four formats', async () => {
    const server = `Everything=${JSON.stringify(process.execPath)} ${JSON.stringify(EVERYTHING)} stdio`
    const out = await cases([suitePath, ...targets, ...connection(), '--tool-server', server])
    expect(out.stdout).toContain('Tool server "Everything" started')
    expect(out.stdout).toMatch(/adds with get-sum\s+pass\s+pass\s+pass\s+pass\n/)
    expect(out.code).toBe(0)
  })

  it('names a bad --canned file and a bad --tool-server, exiting 2', async () => {
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ Everything: { 'get-sum': { text: 5 } } }))
    const out = await cases([suitePath, ...targets, ...connection(), '--canned', bad])
    expect(out.code).toBe(2)
    expect(out.stderr).toContain('--canned: Everything.get-sum.text:')
    const noCommand = await cases([suitePath, ...targets, ...connection(), '--tool-server', 'Everything='])
    expect(noCommand.code).toBe(2)
    expect(noCommand.stderr).toContain('--tool-server "Everything=": write <name>=<command> [args…]')
  })
})
