// P5: a history of 10,000 recorded runs (prompts and answers of realistic length and vocabulary) opened in the
// History panel in Chromium through browser mode: prints the time from the click to the first rows and the count,
// how many row elements are mounted (only the visible ones should be), the search time in main for ~20 words
// (p50/p95/max, as the panel reports it), and the time one append holds the caller.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { createAppCore } from '../src/main/appCore'
import { ConfSettingsStore } from '../src/main/adapters/ConfSettingsStore'
import { FileSecretStore } from '../src/main/adapters/FileSecretStore'
import { HistoryStore } from '../src/main/services/history/historyStore'
import type { RunRecord } from '../src/main/services/history/ports'
import { startWebServer } from '../src/web/server'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium'
import { ensureRendererBuilt, RENDERER_DIR } from './browserHost'
import { loadLine, machineLine } from './machine'
import { percentile } from './pageProbe'

const RUNS = Number(process.env.BENCH_RUNS ?? 10_000)
const SEARCH_WORDS = [
  'the',
  'model',
  'otter',
  'glacier',
  'latency',
  'tokens',
  'recipe',
  'invoice',
  'kubernetes',
  'violin',
  'weather',
  'summary',
  'python',
  'contract',
  'garden',
  'lighthouse',
  'pelican',
  'migration',
  'error',
  'qu',
]
const COMMON = `the a of and to in is it that for on with as this be are by or from at an not you we can will
  your which one all more if about when there their how what use each other some time these two may first
  then so like into over new only also after make most where much through well way even because any good`.split(
  /\s+/,
)
const TOPICS =
  `otter glacier latency tokens recipe invoice kubernetes violin weather summary python contract garden
  lighthouse pelican migration error database stream schema server request response cache queue bread harbor
  meadow lantern quartz willow ember cobalt saffron granite river mountain bridge engine rocket comet planet
  orchard violin cello piano poem essay letter report budget forecast deploy cluster container network`.split(
    /\s+/,
  )

/** A deterministic pseudo-random sequence (the same history every run). */
export function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32
}

function sentence(next: () => number, words: number): string {
  const out: string[] = []
  for (let i = 0; i < words; i++) {
    const pool = next() < 0.25 ? TOPICS : COMMON
    out.push(pool[Math.floor(next() * pool.length)]!)
  }
  const text = out.join(' ')
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`
}

export function realisticRun(i: number, next: () => number): RunRecord {
  const prompt = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
    sentence(next, 6 + Math.floor(next() * 14)),
  ).join(' ')
  const answer = Array.from({ length: 4 + Math.floor(next() * 30) }, () =>
    sentence(next, 8 + Math.floor(next() * 16)),
  ).join(' ')
  const format = (['chat', 'responses', 'messages', 'native'] as const)[i % 4]!
  return {
    id: `bench-run-${i}`,
    kind: 'text',
    createdAt: Date.UTC(2026, 0, 1) + i * 60_000,
    format,
    model: `model-${i % 5}`,
    profile: i % 3 === 0 ? 'Local simulator' : 'Staging',
    status: i % 17 === 0 ? 'error' : 'done',
    ttftMs: 100 + (i % 400),
    totalMs: 800 + (i % 4000),
    inputTokens: Math.round(prompt.length / 4),
    outputTokens: Math.round(answer.length / 4),
    prompt,
    answer,
    requestBody: JSON.stringify({ model: `model-${i % 5}`, messages: [{ role: 'user', content: prompt }] }),
    draft: { model: `model-${i % 5}`, messages: [{ role: 'user', parts: [{ type: 'text', text: prompt }] }] },
    result: { summary: { stopReason: 'stop' } },
    error: null,
    capture: null,
  }
}

const ms = (n: number) => n.toFixed(1)

export default async function main(): Promise<void> {
  ensureRendererBuilt()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-history-'))
  const next = rng(42)
  const store = new HistoryStore(dataDir)
  const t0 = performance.now()
  let answerChars = 0
  for (let i = 0; i < RUNS; i += 1000) {
    const runs = Array.from({ length: Math.min(1000, RUNS - i) }, (_, k) => realisticRun(i + k, next))
    for (const r of runs) answerChars += r.answer.length
    store.recordMany(runs)
  }
  const fillMs = performance.now() - t0

  const appends: number[] = []
  for (let i = 0; i < 30; i++) {
    const run = realisticRun(RUNS + i, next)
    const t = performance.now()
    store.record(run)
    appends.push(performance.now() - t)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  store.indexPending()

  const searches: { word: string; ms: number; total: number }[] = []
  for (const word of SEARCH_WORDS) {
    const t = performance.now()
    const page = store.list({ query: word }, 0, 100)
    searches.push({ word, ms: performance.now() - t, total: page.total })
  }
  await store.close()

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
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(server.url)
    await page.getByRole('tab', { name: /History/ }).waitFor()
    const started = Date.now()
    await page.getByRole('tab', { name: /History/ }).click()
    await page.getByTestId('history-row').first().waitFor()
    await page
      .locator('.history-status')
      .getByText(/10,0\d\d runs|[\d,]+ runs/)
      .waitFor()
    const openMs = Date.now() - started
    const mounted = await page.getByTestId('history-row').count()
    const status = (await page.locator('.history-status').textContent()) ?? ''
    // Scrolling to the middle keeps only the rows on screen mounted.
    await page
      .getByRole('list', { name: 'Runs' })
      .evaluate((el) => (el.parentElement ?? el).scrollTo(0, 200_000))
    await page.waitForTimeout(500)
    const mountedAfterScroll = await page.getByTestId('history-row').count()

    const times = searches.map((s) => s.ms)
    const worst = searches.reduce((a, b) => (b.ms > a.ms ? b : a))
    console.log(
      `\nHistory benchmark (P5): ${RUNS.toLocaleString()} runs, answers ${Math.round(answerChars / RUNS)} characters on average`,
    )
    console.log(`  ${machineLine(browser.version())}; ${loadLine()}`)
    const rows: [string, string, string][] = [
      ['filling the history (s)', (fillMs / 1000).toFixed(1), 'recordMany, 1,000 a transaction'],
      ['open in the panel (ms)', String(openMs), '< 1000'],
      ['panel status', status.trim().slice(0, 40), ''],
      ['row elements mounted at open', String(mounted), 'visible rows only'],
      ['row elements mounted after scrolling', String(mountedAfterScroll), 'visible rows only'],
      ['search p50 (ms)', ms(percentile(times, 50)), ''],
      ['search p95 (ms)', ms(percentile(times, 95)), ''],
      ['search max (ms)', ms(Math.max(...times)), `< 100 (worst: "${worst.word}", ${worst.total} matches)`],
      ['append p50 (ms)', ms(percentile(appends, 50)), ''],
      ['append max (ms)', ms(Math.max(...appends)), ''],
    ]
    console.log(rows.map(([k, v, bar]) => `  ${k.padEnd(40)} ${v.padStart(12)}   ${bar}`).join('\n'))
    console.log(`  searches: ${searches.map((s) => `${s.word} ${ms(s.ms)} ms (${s.total})`).join(', ')}`)
  } finally {
    await browser.close()
    await server.close()
    await core.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
