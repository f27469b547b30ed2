// P1, P2, P6: streams 50,000 tokens at 2,000 tokens/s from the simulator through main (text service, coalescer,
// WebSocket transport) into the Text panel in Chromium, and prints IPC messages per second, the largest message,
// long tasks over 50 and 100 ms, rAF gap p95/max, the lag of the final text after the last chunk, and main's
// event-loop delay p99. Browser mode is used because it runs the same main services and renderer without the
// Electron binary.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { execSync } from 'node:child_process'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { chromium } from 'playwright-core'
import { createAppCore } from '../src/main/appCore'
import { ConfSettingsStore } from '../src/main/adapters/ConfSettingsStore'
import { FileSecretStore } from '../src/main/adapters/FileSecretStore'
import { createSimulator } from '../src/simulator/server'
import { startWebServer } from '../src/web/server'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium'

const ROOT = resolve(import.meta.dirname, '..')
const TOKENS = Number(process.env.BENCH_TOKENS ?? 50_000)
const TPS = Number(process.env.BENCH_TPS ?? 2_000)

/** Installed in the page before the app: counts IPC frames, long tasks, rAF gaps and when the final text shows. */
const PAGE_PROBE = `
(() => {
  const m = { chunks: [], sizes: [], ended: 0, longTasks: [], gaps: [], finalAt: 0, lastChunkAt: 0, lastLen: -1, stable: 0, stableSince: 0, lastFrameAt: 0 }
  window.__bench = m
  // Only tasks while the answer streams count; page start-up is not part of the bar.
  new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (m.chunks.length > 0 && (!m.finalAt || e.startTime <= m.finalAt)) m.longTasks.push(e.duration) })).observe({ type: 'longtask' })
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols)
      this.addEventListener('message', (ev) => {
        const data = String(ev.data)
        if (data.includes('"text.runEvents"')) {
          m.chunks.push(performance.now())
          m.sizes.push(data.length)
          m.lastChunkAt = performance.now()
        } else if (data.includes('"text.runEnded"')) m.ended = performance.now()
      })
    }
  }
  let last = performance.now()
  const frame = (t) => {
    if (m.chunks.length > 0 && !m.ended) m.gaps.push(t - last)
    last = t
    // After the end, the final text is on screen from the first frame whose answer length then holds for
    // three frames (read only after the stream, so the probe adds no work while it runs).
    if (m.ended && !m.finalAt) {
      const turns = document.querySelectorAll('.turn.assistant')
      const len = turns.length ? turns[turns.length - 1].textContent.length : -1
      if (len > 0 && len === m.lastLen) {
        m.stable++
        if (m.stable === 1) m.stableSince = m.lastFrameAt
        if (m.stable >= 3) m.finalAt = m.stableSince
      } else m.stable = 0
      m.lastLen = len
      m.lastFrameAt = performance.now()
    }
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()
`

export default async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'out/renderer/index.html')))
    execSync('npx electron-vite build', { cwd: ROOT, stdio: 'inherit' })
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-text-'))
  // The history logs how long the run's append held main at its end (right after its terminal event).
  process.env.HISTORY_TIMING = '1'
  const appends: number[] = []
  const core = await createAppCore({
    kind: 'browser',
    version: 'bench',
    dataDir,
    settings: new ConfSettingsStore(dataDir),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
    openExternal: async () => undefined,
    log: (message) => {
      const took = /^history: appended run \S+ in ([\d.]+) ms$/.exec(message)
      if (took) appends.push(Number(took[1]))
    },
    mediaUrl: (id) => `/media/${id}`,
    startSimulator: async () => {
      const sim = await createSimulator({ apiKey: 'sk-bench-key-000000', tokensPerSecond: TPS })
      return {
        baseUrl: sim.baseUrl,
        consoleBaseUrl: sim.consoleBaseUrl,
        apiKey: 'sk-bench-key-000000',
        consoleToken: sim.options.consoleToken,
        close: () => sim.close(),
      }
    },
  })
  const server = await startWebServer({ core, rendererDir: join(ROOT, 'out/renderer') })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  const variants: { name: string; rows: [string, string, string][] }[] = []
  try {
    for (const streamTab of [false, true]) {
      appends.length = 0
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
      // Plain JavaScript text: a function would be compiled by tsx with helpers (__name) the page does not have.
      await page.addInitScript(PAGE_PROBE)
      await page.goto(server.url)
      await page.getByRole('tab', { name: /Text/ }).click()
      await page.getByLabel('Wire format').selectOption('chat')
      await page.getByLabel('Model', { exact: true }).fill('gpt-4o-mini')
      await page.locator('input[name="max_tokens"]').fill(String(TOKENS + 1000))
      if (streamTab) {
        // The Inspector's Stream tab open before the run: frames ride in the answer's coalesced messages (P2).
        await page.getByRole('tab', { name: 'Inspector', exact: true }).click()
        await page.getByRole('tab', { name: 'Stream', exact: true }).click()
      }
      const loop = monitorEventLoopDelay({ resolution: 1 })
      await page
        .getByLabel('Message', { exact: true })
        .fill(`sim:tokens=${TOKENS} markdown with code blocks and tables`)
      if (process.env.BENCH_TRACE)
        await browser.startTracing(page, {
          path: process.env.BENCH_TRACE,
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
        })
      const started = Date.now()
      loop.enable()
      await page.getByLabel('Message', { exact: true }).press('Control+Enter')
      // Read while streaming (the live count gives way to the full record when the run ends).
      const liveSeen = streamTab
        ? await page
            .getByTestId('live-frame-count')
            .filter({ hasText: /[1-9]\d* frames?/ })
            .textContent({ timeout: 15_000 })
            .catch(() => null)
        : null
      await page.getByTestId('run-footer').waitFor({ timeout: (TOKENS / TPS) * 1000 * 3 + 30_000 })
      loop.disable()
      if (process.env.BENCH_TRACE) await browser.stopTracing()
      const wall = (Date.now() - started) / 1000
      await page
        .waitForFunction(
          () => (window as unknown as { __bench: { finalAt: number } }).__bench.finalAt > 0,
          undefined,
          { timeout: 10_000 },
        )
        .catch(() => undefined)
      const m = await page.evaluate(() => (window as unknown as { __bench: Record<string, unknown> }).__bench)
      const chunks = m.chunks as number[]
      const gaps = (m.gaps as number[]).sort((a, b) => a - b)
      const long = m.longTasks as number[]
      const streamSeconds = (chunks[chunks.length - 1]! - chunks[0]!) / 1000
      const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0
      const rows: [string, string, string][] = [
        ['tokens streamed', String(TOKENS), ''],
        ['stream duration (s)', streamSeconds.toFixed(1), `wall ${wall.toFixed(1)} s`],
        ['IPC messages per second (P1)', (chunks.length / streamSeconds).toFixed(1), '≤ 60'],
        ['largest IPC message (KB)', (Math.max(...(m.sizes as number[])) / 1024).toFixed(1), '≤ 256 (M1)'],
        ['long tasks > 50 ms', String(long.filter((d) => d > 50).length), ''],
        ['long tasks > 100 ms (P2)', String(long.filter((d) => d > 100).length), '0'],
        ['longest task (ms)', Math.max(0, ...long).toFixed(0), ''],
        ['rAF gap p95 (ms) (P2)', pct(gaps, 0.95).toFixed(1), '≤ 33'],
        ['rAF gap max (ms)', (gaps[gaps.length - 1] ?? 0).toFixed(1), ''],
        [
          'final text lag after last chunk (ms) (P2)',
          m.finalAt ? ((m.finalAt as number) - (m.lastChunkAt as number)).toFixed(0) : 'not seen',
          '≤ 250',
        ],
        ['main event-loop delay p99 (ms) (P6)', (loop.percentile(99) / 1e6).toFixed(1), '≤ 10'],
        [
          "history append at the run's end (ms)",
          appends.length ? Math.max(...appends).toFixed(1) : 'none',
          '',
        ],
      ]
      if (streamTab)
        rows.push(['Stream tab frame count seen mid-run', liveSeen?.match(/\d+/)?.[0] ?? 'not shown', ''])
      variants.push({ name: streamTab ? 'Stream tab open' : 'answer only', rows })
      await page.close()
    }
    const [plain, live] = variants as [(typeof variants)[0], (typeof variants)[0]]
    console.log(
      `\nText stream benchmark: ${TOKENS} tokens at ${TPS} tokens/s, chat format, browser mode in Chromium`,
    )
    console.log(`  ${''.padEnd(44)} ${plain.name.padStart(12)} ${live.name.padStart(16)}   bar`)
    console.log(
      live.rows
        .map(([k, v, bar]) => {
          const a = plain.rows.find((r) => r[0] === k)?.[1] ?? '—'
          return `  ${k.padEnd(44)} ${a.padStart(12)} ${v.padStart(16)}   ${bar}`
        })
        .join('\n'),
    )
  } finally {
    await browser.close()
    await server.close()
    await core.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
