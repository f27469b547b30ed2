// `npm run check` as a child process against the simulator over loopback: exit 0 when the gateway conforms,
// also when cells only differ in capabilities (a model the gateway refuses); 1 on a deviation, named in the
// printed matrix; 2 on bad arguments, named.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { readReport } from '../../src/shared/check/report'
import { TEXT_PROBES } from '../../src/shared/check/probes'
import { sumBilled } from '../../src/shared/cost/billed'
import { chatUsage } from '../fakes/chatUsage'

const ROOT = resolve(import.meta.dirname, '../..')
const KEY = 'sk-check-cli-0123456789'
let sim: RunningSimulator
let dir: string

function check(args: string[], env: Record<string, string> = { CHECK_KEY: KEY }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/check.ts'), ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', ...env }, timeout: 90_000 },
      (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    )
  })
}

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'check-cli-'))
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('npm run check', { timeout: 120_000 }, () => {
  it('prints the matrix, writes the reports and exits 0 against the plain simulator', async () => {
    const json = join(dir, 'report.json')
    const md = join(dir, 'report.md')
    const out = await check([
      '--base-url',
      sim.baseUrl,
      '--key-env',
      'CHECK_KEY',
      '--models',
      'gpt-4o,claude-sonnet-4-6',
      '--json',
      json,
      '--markdown',
      md,
    ])
    expect(out.stderr).toBe('')
    expect(out.code, out.stdout).toBe(0)
    expect(out.stdout).toMatch(/messages · claude-sonnet-4-6\s+ok\s+ok\s+ok/)
    expect(out.stdout).toMatch(/0 deviating, 0 failed/)
    expect(out.stdout).toMatch(/probes in [\d.]+ s \([\d.]+ probes\/s\)/)
    expect(out.stdout).not.toContain(KEY)
    const report = readReport(readFileSync(json, 'utf8'))
    expect(
      report.ok && report.report.cells.every((c) => c.status === 'supported' || c.status === 'skipped'),
    ).toBe(true)
    expect(readFileSync(md, 'utf8')).toContain('| messages · claude-sonnet-4-6 | ok |')
    expect(readFileSync(json, 'utf8')).not.toContain(KEY)
  })

  it('exits 0 when cells only differ in capabilities (a model the gateway refuses)', async () => {
    const out = await check([
      '--base-url',
      sim.baseUrl,
      '--key-env',
      'CHECK_KEY',
      '--models',
      'missing-model',
    ])
    expect(out.code).toBe(0)
    expect(out.stdout).toMatch(/not here chat · missing-model · Answer: model not available here: 404/)
    expect(out.stdout).toMatch(/0 deviating, 0 failed/)
  })

  it('exits 1 and names the deviation when the gateway breaks the spec', async () => {
    const out = await check([
      '--base-url',
      sim.baseUrl,
      '--key-env',
      'CHECK_KEY',
      '--models',
      'gpt-4o',
      '--header',
      'x-sim-fault:nodone',
    ])
    expect(out.code).toBe(1)
    expect(out.stdout).toContain('DEVIATES chat · gpt-4o · Stream: stream ended without data: [DONE]')

    // Against the report of a conformant run, the change is named cell by cell.
    const earlier = join(dir, 'earlier.json')
    await check([
      '--base-url',
      sim.baseUrl,
      '--key-env',
      'CHECK_KEY',
      '--models',
      'gpt-4o',
      '--json',
      earlier,
    ])
    const again = await check([
      '--base-url',
      sim.baseUrl,
      '--key-env',
      'CHECK_KEY',
      '--models',
      'gpt-4o',
      '--header',
      'x-sim-fault:nodone',
      '--compare',
      earlier,
    ])
    expect(again.code).toBe(1)
    expect(again.stdout).toContain(`1 cell changed since ${earlier}:`)
    expect(again.stdout).toContain(
      'chat · gpt-4o · Stream: supported -> deviating (+ stream ended without data: [DONE])',
    )
  })

  it('exits 2 naming the argument', async () => {
    const base = ['--base-url', sim.baseUrl, '--key-env', 'CHECK_KEY']
    const bogus = await check([...base, '--include', 'video,bogus'])
    expect(bogus.code).toBe(2)
    expect(bogus.stderr).toContain('--include "bogus": one of video, images')
    const noKey = await check(base, {})
    expect(noKey.code).toBe(2)
    expect(noKey.stderr).toContain('--key-env: the environment variable CHECK_KEY is not set or empty')
    const badUrl = await check(['--base-url', 'ftp://x', '--key-env', 'CHECK_KEY'])
    expect(badUrl.code).toBe(2)
    expect(badUrl.stderr).toMatch(/^--base-url: /)
    const badReport = join(dir, 'bad.json')
    writeFileSync(badReport, '{"version": 2}')
    const compare = await check([...base, '--compare', badReport])
    expect(compare.code).toBe(2)
    expect(compare.stderr).toMatch(/^--compare: .*bad\.json: version: /)
    const images = await check([...base, '--include', 'images'])
    expect(images.code).toBe(2)
    expect(images.stderr).toContain('--include images: give --console-base-url and --console-token-env too')
    const empty = join(dir, 'empty.csv')
    writeFileSync(empty, 'model,currency\n')
    const noPrices = await check([...base, '--prices', empty])
    expect(noPrices.code).toBe(2)
    expect(noPrices.stderr).toContain(`--prices ${empty}: no price could be read`)
  })

  it("prints what the check cost from each probe's reported usage at the prices of a --prices file", async () => {
    // LiteLLM's shape, per token: gpt-4o-mini at $0.15 in and $0.60 out per 1M; the catalog's embedding and
    // rerank models the check adds have no price here.
    const prices = join(dir, 'prices.json')
    writeFileSync(
      prices,
      JSON.stringify({
        'gpt-4o-mini': { input_cost_per_token: 0.00000015, output_cost_per_token: 0.0000006, mode: 'chat' },
      }),
    )
    const json = join(dir, 'priced.json')
    const base = ['--base-url', sim.baseUrl, '--key-env', 'CHECK_KEY', '--models', 'gpt-4o-mini']
    const out = await check([...base, '--prices', prices, '--json', json])
    expect(out.stderr).toBe('')
    expect(out.code, out.stdout).toBe(0)
    const read = readReport(readFileSync(json, 'utf8'))
    if (!read.ok) throw new Error(read.problem)
    const cells = read.report.cells

    // By hand: the simulator answers the plain probe's request the same way; its usage × the price per 1M.
    const plain = TEXT_PROBES.find((p) => p.id === 'plain')!
    const usage = await chatUsage(sim.baseUrl, KEY, plain.draft('gpt-4o-mini', 'chat'))
    const chat = cells.find((c) => c.key === 'plain@chat · gpt-4o-mini')!.cost
    expect(chat?.kind === 'priced' && chat.micros).toBeCloseTo(
      usage.prompt_tokens * 0.15 + usage.completion_tokens * 0.6,
      9,
    )

    // The last line sums the report's cells: the priced ones, those without a price, those refused as expected.
    const sum = sumBilled(cells.map((c) => c.cost))
    expect(sum.priced).toBeGreaterThan(10)
    expect(sum.unpriced).toBeGreaterThan(0)
    expect(sum.unbilled).toBeGreaterThan(0)
    const dollars = `$${(Math.round(sum.byCurrency.USD!) / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`
    expect(out.stdout.trimEnd().split('\n').at(-1)).toBe(
      `Spend: ${dollars} (USD) for ${sum.priced} priced run(s), ${sum.unpriced} without a price, ${sum.unbilled} failed before billing`,
    )

    const unpriced = await check(base)
    expect(unpriced.stdout.trimEnd().split('\n').at(-1)).toBe(
      'Spend: not computed (no prices: give --prices <file>)',
    )
  })
})
