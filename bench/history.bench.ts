// P8 and P6 at a million runs (`npm run bench -- history`): the data folder (made once by historyData.ts under
// bench/.data/, never committed) and its size on disk; then, through main's history client and its worker (the
// path every History call takes), full-text search, filters and sorts, sums by day, model and profile, and an
// export of 100,000 runs with the process's memory sampled meanwhile; then the History panel in Chromium opening
// to its first rows; then 64 concurrent streamed runs recorded with their checkpoints, with main's event-loop p99
// and each stream's updates per second. Three rounds (BENCH_ROUNDS), medians, the load average beside each part.
import { rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { createAppCore } from '../src/main/appCore'
import { ConfSettingsStore } from '../src/main/adapters/ConfSettingsStore'
import { FileSecretStore } from '../src/main/adapters/FileSecretStore'
import { HistoryClient } from '../src/main/services/history/historyClient'
import type { HistoryFilter, HistorySort } from '../src/shared/ipc/history'
import { startWebServer } from '../src/web/server'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium'
import { ensureRendererBuilt, RENDERER_DIR } from './browserHost'
import { historyData } from './historyData'
import { loadLine, machineLine } from './machine'
import { streamedMain } from './mainStreams'
import { percentile } from './pageProbe'

const RUNS = Number(process.env.BENCH_RUNS ?? 1_000_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const STREAMS = 64
const EXPORT_RUNS = Math.min(100_000, Math.floor(RUNS / 2))
/** Which parts to run (BENCH_PARTS=queries,export,panel,writing; all by default). */
const PARTS = (process.env.BENCH_PARTS ?? 'queries,export,panel,writing').split(',')
const WORDS = ['the', 'model', 'otter', 'glacier', 'latency', 'tokens', 'recipe', 'invoice', 'kubernetes']
  .concat(['violin', 'weather', 'summary', 'python', 'contract', 'garden', 'lighthouse pelican', 'migration'])
  .concat(['qu', 'error', 'zebra'])

const median = (values: number[]) => percentile(values, 50)
const ms = (n: number) => `${n.toFixed(1)} ms`
const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`
const rows: { figure: string; value: string; bound: string; met: boolean | null }[] = []
const report = (figure: string, value: string, bound: string, met: boolean | null) => {
  rows.push({ figure, value, bound, met })
  console.log(`  ${figure}: ${value}${bound ? ` (bound ${bound}: ${met ? 'met' : 'NOT met'})` : ''}`)
}

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now()
  const value = await f()
  return [performance.now() - t0, value]
}

/** The filters and sorts a user picks, each with the list's first page. */
function filterCases(newest: number): [HistoryFilter, HistorySort][] {
  const day = 86_400_000
  return [
    [{ profile: 'Production' }, 'newest'],
    [{ model: 'claude-sonnet' }, 'newest'],
    [{ format: 'messages' }, 'newest'],
    [{ status: 'error' }, 'newest'],
    [{ from: newest - 30 * day, to: newest }, 'newest'],
    [{ costMin: 500, costMax: 2_000 }, 'newest'],
    [{ model: 'gpt-4o-mini', status: 'error' }, 'newest'],
    [{ profile: 'Staging', format: 'chat', from: newest - 90 * day }, 'newest'],
    [{}, 'cost'],
    [{}, 'duration'],
    [{}, 'ttft'],
    [{}, 'tokens'],
    [{}, 'oldest'],
    [{ model: 'gemini-flash' }, 'cost'],
    [{ status: 'error', profile: 'EU gateway' }, 'duration'],
    [{ costMin: 1_000 }, 'tokens'],
  ]
}

async function queries(dataDir: string): Promise<void> {
  // How long each call took in the worker, told apart from the round trip (which a loaded machine stretches).
  let workerMs = 0
  const [openMs, client] = await timed(async () => {
    const c = new HistoryClient(dataDir, { onAnswered: (_, ms) => (workerMs = ms) })
    await c.whenReady()
    return c
  })
  /** A call's round trip and its time in the worker. */
  const both = async (f: () => Promise<unknown>): Promise<[number, number]> => [(await timed(f))[0], workerMs]
  report('history worker open (start, WebAssembly, the facts of every run)', ms(openMs), '', null)
  const newest = (await client.call('list', {}, 0, 1, 'newest')).rows[0]!.createdAt
  const search: number[] = []
  const filters: number[] = []
  const sums: number[] = []
  const inWorker = { search: [] as number[], filters: [] as number[], sums: [] as number[] }
  const exports: { ms: number; bytes: number; growth: number; runs: number }[] = []
  let worstSearch = { word: '', ms: 0, total: 0 }
  for (let round = 1; round <= ROUNDS; round++) {
    const roundSearch: number[] = []
    const worker = { search: [] as number[], filters: [] as number[], sums: [] as number[] }
    for (const word of WORDS) {
      const [t, page] = await timed(() => client.call('list', { query: word }, 0, 100, 'newest'))
      roundSearch.push(t)
      worker.search.push(workerMs)
      if (t > worstSearch.ms) worstSearch = { word, ms: t, total: page.total }
    }
    const roundFilter: number[] = []
    const listed = async (f: () => Promise<unknown>, into: number[], worked: number[]) => {
      const [t, w] = await both(f)
      into.push(t)
      worked.push(w)
    }
    for (const [filter, sort] of filterCases(newest))
      await listed(() => client.call('list', filter, 0, 100, sort), roundFilter, worker.filters)
    // Scrolled half-way down the whole history: a page at offset 500,000.
    await listed(
      () => client.call('list', {}, Math.floor(RUNS / 2), 100, 'cost'),
      roundFilter,
      worker.filters,
    )
    const roundSums: number[] = []
    for (const by of ['day', 'model', 'profile'] as const) {
      await listed(() => client.call('sums', {}, by, 0), roundSums, worker.sums)
      await listed(() => client.call('sums', { status: 'error' }, by, 0), roundSums, worker.sums)
    }
    search.push(percentile(roundSearch, 95))
    filters.push(percentile(roundFilter, 95))
    sums.push(Math.max(...roundSums))
    inWorker.search.push(percentile(worker.search, 95))
    inWorker.filters.push(percentile(worker.filters, 95))
    inWorker.sums.push(Math.max(...worker.sums))
    console.log(
      `  round ${round}: search p50 ${ms(percentile(roundSearch, 50))} p95 ${ms(percentile(roundSearch, 95))} ` +
        `(in the worker p50 ${ms(percentile(worker.search, 50))} p95 ${ms(percentile(worker.search, 95))}); ` +
        `filters and sorts p95 ${ms(percentile(roundFilter, 95))} (worker ${ms(percentile(worker.filters, 95))}); ` +
        `sums max ${ms(Math.max(...roundSums))} (worker ${ms(Math.max(...worker.sums))}); ${loadLine()}`,
    )
    if (!PARTS.includes('export')) continue
    const from = (await client.call('list', {}, EXPORT_RUNS - 1, 1, 'newest')).rows[0]!.createdAt
    const path = join(tmpdir(), `bench-history-export-${process.pid}.json`)
    global.gc?.()
    const base = process.memoryUsage().rss
    let peak = base
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25)
    const [exportMs, exported] = await timed(() => client.call('exportTo', path, null, { from }))
    clearInterval(sampler)
    exports.push({ ms: exportMs, bytes: statSync(path).size, growth: peak - base, runs: exported.runs })
    rmSync(path, { force: true })
    console.log(
      `  round ${round}: export ${exported.runs.toLocaleString()} runs in ${(exportMs / 1000).toFixed(1)} s, ` +
        `${mb(exports.at(-1)!.bytes)}, memory +${mb(peak - base)}; ${loadLine()}`,
    )
  }
  const searches = WORDS.map((w) => `"${w}"`).join(', ')
  report(
    'full-text search p95 (20 searches a round, 100 rows each)',
    ms(median(search)),
    '≤ 50 ms',
    median(search) <= 50,
  )
  report(
    '  the same, its time in the worker',
    ms(median(inWorker.search)),
    '≤ 50 ms',
    median(inWorker.search) <= 50,
  )
  console.log(
    `    words: ${searches}; slowest "${worstSearch.word}" ${ms(worstSearch.ms)}, ${worstSearch.total.toLocaleString()} matches`,
  )
  report(
    'filters (profile, model, format, status, dates, cost range) and sorts p95',
    ms(median(filters)),
    '≤ 100 ms',
    median(filters) <= 100,
  )
  report(
    '  the same, in the worker',
    ms(median(inWorker.filters)),
    '≤ 100 ms',
    median(inWorker.filters) <= 100,
  )
  report(
    'sums by day, model and profile (cost, tokens, runs), slowest',
    ms(median(sums)),
    '≤ 200 ms',
    median(sums) <= 200,
  )
  report('  the same, in the worker', ms(median(inWorker.sums)), '≤ 200 ms', median(inWorker.sums) <= 200)
  await client.close()
  if (exports.length === 0) return
  const ex = exports[Math.floor(exports.length / 2)]!
  report(
    `export of ${ex.runs.toLocaleString()} runs, streamed to a file`,
    `${(median(exports.map((e) => e.ms)) / 1000).toFixed(1)} s, ${mb(ex.bytes)} written, process memory +${mb(median(exports.map((e) => e.growth)))}`,
    '≤ 64 MB more memory',
    median(exports.map((e) => e.growth)) <= 64 * 2 ** 20,
  )
}

async function panel(dataDir: string): Promise<void> {
  ensureRendererBuilt()
  const core = await createAppCore({
    kind: 'browser',
    version: 'bench',
    dataDir,
    settings: new ConfSettingsStore(dataDir),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
    openExternal: async () => undefined,
    mediaUrl: (id) => `/media/${id}`,
    startSimulator: null,
  })
  const server = await startWebServer({ core, rendererDir: RENDERER_DIR })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  console.log(`  ${machineLine(browser.version())}`)
  const opens: number[] = []
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    for (let round = 0; round <= ROUNDS; round++) {
      await page.goto(server.url)
      const tab = page.getByRole('tab', { name: /History/ })
      await tab.waitFor()
      const started = Date.now()
      await tab.click()
      await page.getByTestId('history-row').first().getByRole('button').waitFor()
      const openMs = Date.now() - started
      const mounted = await page.getByTestId('history-row').count()
      const status = ((await page.locator('.history-status').textContent()) ?? '').trim()
      if (round === 0)
        console.log(`  first open after start (the worker opening the file meanwhile): ${openMs} ms`)
      else {
        opens.push(openMs)
        console.log(
          `  round ${round}: first rows in ${openMs} ms, ${mounted} rows mounted, "${status.slice(0, 30)}"; ${loadLine()}`,
        )
      }
    }
  } finally {
    await browser.close()
    await server.close()
    await core.close()
  }
  report('History panel: click to its first rows', ms(median(opens)), '≤ 300 ms', median(opens) <= 300)
}

async function writing(dataDir: string): Promise<void> {
  const started = Date.now()
  const rounds: { p99Ms: number; peakPerSecond: number }[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    rounds.push(await streamedMain(STREAMS, 500, 3_000, dataDir))
    console.log(`    ${loadLine()}`)
  }
  // Every streamed run is in the history; then they are taken out again, so the folder stays as it was made.
  const client = new HistoryClient(dataDir)
  const recorded = await client.call('list', { from: started }, 0, 500, 'newest')
  // Each round's warm-up run is recorded too.
  const expected = (STREAMS + 1) * ROUNDS
  const kept = recorded.rows.filter((r) => r.status === 'done').length
  report(
    `${STREAMS} concurrent streamed runs recorded with checkpoints: main's event-loop p99`,
    `${ms(median(rounds.map((r) => r.p99Ms)))} (rounds ${rounds.map((r) => r.p99Ms.toFixed(1)).join(', ')})`,
    '≤ 10 ms',
    median(rounds.map((r) => r.p99Ms)) <= 10,
  )
  report(
    'the same: coalesced updates per stream in any second',
    String(Math.max(...rounds.map((r) => r.peakPerSecond))),
    '≤ 60/s',
    Math.max(...rounds.map((r) => r.peakPerSecond)) <= 60,
  )
  report(
    'the same: runs in the history afterwards (each round a warm-up run and the streams)',
    `${kept} of ${expected} done`,
    `all ${expected}`,
    kept === expected,
  )
  await client.call(
    'delete',
    recorded.rows.map((r) => r.id),
  )
  await client.close()
}

export default async function main(): Promise<void> {
  console.log(`\nHistory benchmark (P8, P6): ${RUNS.toLocaleString()} runs, ${ROUNDS} rounds, medians`)
  console.log(`  ${machineLine()}; ${loadLine()}`)
  const [makeMs, dataDir] = await timed(() => historyData(RUNS, (line) => console.log(line)))
  const client = new HistoryClient(dataDir)
  const storage = await client.call('storage')
  await client.close()
  report(
    'data folder',
    `${storage.runs.toLocaleString()} runs in ${mb(storage.databaseBytes)} (${Math.round(storage.databaseBytes / storage.runs).toLocaleString()} bytes a run, search index included); long texts ${mb(storage.textBytes)} as written, ${mb(storage.textStoredBytes)} kept (deduplicated and compressed, ${(storage.textBytes / Math.max(1, storage.textStoredBytes)).toFixed(1)}×)${makeMs > 60_000 ? `; made now in ${(makeMs / 60_000).toFixed(1)} min` : ''}`,
    '',
    null,
  )
  if (PARTS.includes('queries')) {
    console.log(`\n  Through main's history client and its worker (${loadLine()}):`)
    await queries(dataDir)
  }
  if (PARTS.includes('panel')) {
    console.log(`\n  The History panel in Chromium (browser mode):`)
    await panel(dataDir)
  }
  if (PARTS.includes('writing')) {
    console.log(`\n  Writing while the history holds ${RUNS.toLocaleString()} runs:`)
    await writing(dataDir)
  }
  console.log(`\n  Summary (${loadLine()}):`)
  for (const r of rows)
    console.log(
      `  | ${r.figure} | ${r.value} | ${r.bound || '—'} | ${r.met === null ? '' : r.met ? 'met' : 'NOT met'} |`,
    )
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
