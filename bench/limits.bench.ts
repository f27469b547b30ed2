// `npm run bench -- limits`: where the app's limits are. The stream rate (tokens/s) and answer length at which
// the Text panel first fails P2, with where the main thread's time went (Chromium trace); main's requests per
// second with 1, 8 and 32 concurrent non-streamed runs and its event-loop p99 (simulator in its own process);
// memory per open stream; browser-mode cold start to the first interactive panel; the renderer bundle size.
// BENCH_RATES, BENCH_LENGTHS (e.g. 50000,200000,500000; 500k takes over 4 minutes) override the steps;
// BENCH_SECTIONS (bundle,lexer,start,main,rate,length) picks the parts to run; BENCH_MAIN_STREAMS and
// BENCH_MAIN_TOKENS change the concurrent streamed runs (32 × 5,000 tokens at 500 tokens/s); BENCH_ROUNDS repeats
// the main and length sections and prints their medians; BENCH_CPU_PROFILE=1
// (or a folder) writes main's CPU profile during them.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from 'playwright-core'
import { IncrementalLexer } from '../src/renderer/src/components/markdown/IncrementalLexer'
import { longMarkdown, seededRandom } from '../src/simulator/text/synth'
import { appendToTail, type TextTail } from '../src/shared/ipc/textTail'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium'
import { ensureRendererBuilt, RENDERER_DIR, ROOT, startBenchHost } from './browserHost'
import { loadLine, machineLine } from './machine'
import { openMain } from './mainHost'
import { PANEL_IDS, panelOpenTimes } from './panelOpen'
import { firstLoad } from '../test/build/firstLoad'
import { streamedMain, type StreamedMainRound } from './mainStreams'
import { percentile } from './pageProbe'
import { holdsP2, measureStream, type StreamMeasurement } from './streamRun'

const list = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map(Number) : fallback
const RATES = list(process.env.BENCH_RATES, [2_000, 5_000, 10_000, 20_000, 50_000])
const RATE_TOKENS = Number(process.env.BENCH_TOKENS ?? 50_000)
const LENGTHS = list(process.env.BENCH_LENGTHS, [50_000, 200_000])
/** Rounds of the main and length sections (BENCH_ROUNDS, default 1): with more, each prints its median. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1))
const median = (values: number[]) => percentile(values, 50)
const SECTIONS = new Set(
  (process.env.BENCH_SECTIONS ?? 'bundle,lexer,start,main,rate,length').split(',').map((s) => s.trim()),
)

/** Above this the trace of a whole run nears the largest string Node can parse; such runs go untraced. */
const MAX_TRACED_TOKENS = 200_000

function why(m: StreamMeasurement): string {
  if (!m.trace) return `not traced (over ${MAX_TRACED_TOKENS / 1000}k tokens the trace is too large to read)`
  const b = m.trace.breakdown
  const total = Object.values(b).reduce((a, x) => a + x, 0) || 1
  return Object.entries(b)
    .sort((x, y) => y[1] - x[1])
    .map(([k, v]) => `${k} ${((v / total) * 100).toFixed(0)}%`)
    .join(', ')
    .concat(`; other: ${m.trace.otherTop.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ')}`)
}

function streamLine(label: string, tokens: number, m: StreamMeasurement): string {
  const verdict = holdsP2(m) ? 'holds P2' : 'FAILS P2'
  const rate = m.probe.streamSeconds > 0 ? tokens / m.probe.streamSeconds : 0
  return (
    `  ${label.padEnd(14)} ${verdict}  delivered ${rate.toFixed(0).padStart(6)} tok/s  ` +
    `tasks>50 ${String(m.longOver50).padStart(3)}  >100 ${String(m.longOver100).padStart(3)}  ` +
    `longest ${m.longestMs.toFixed(0).padStart(4)} ms  rAF p95 ${m.gapP95.toFixed(1).padStart(5)} ms  ` +
    `max ${m.gapMax.toFixed(0).padStart(4)} ms  lag ${(m.probe.finalLagMs?.toFixed(0) ?? 'never').padStart(5)} ms  ` +
    `busy ${m.trace ? ((m.trace.busyMs * 1e4) / tokens).toFixed(0) : '?'} ms/10k  heap ${(m.heapBytes / 2 ** 20).toFixed(0)} MB` +
    `\n  ${''.padEnd(14)} main thread: ${why(m)}`
  )
}

async function textPanelRun(browser: Browser, tps: number, tokens: number): Promise<StreamMeasurement> {
  const host = await startBenchHost(tps)
  try {
    return await measureStream(
      browser,
      { kind: 'app', url: host.app.url, tokens },
      { timeoutMs: (tokens / tps) * 1000 * 4 + 120_000, trace: tokens <= MAX_TRACED_TOKENS },
    )
  } finally {
    await host.close()
  }
}

async function streamLimits(browser: Browser): Promise<Map<number, StreamMeasurement>> {
  console.log(
    `\nStream rate: ${RATE_TOKENS} tokens per step, Text panel in browser mode (P2: 0 tasks > 100 ms, rAF p95 ≤ 33 ms = two frames, lag ≤ 250 ms)`,
  )
  const byRate = new Map<number, StreamMeasurement>()
  let firstFail: number | null = null
  for (const tps of RATES) {
    const m = await textPanelRun(browser, tps, RATE_TOKENS)
    byRate.set(tps, m)
    console.log(streamLine(`${tps} tok/s`, RATE_TOKENS, m))
    if (!holdsP2(m) && firstFail === null) firstFail = tps
  }
  console.log(
    firstFail === null
      ? `  holds P2 at every step up to ${RATES.at(-1)} tokens/s`
      : `  first fails at ${firstFail} tokens/s (highest rate holding P2: ${RATES.filter((r) => r < firstFail!).at(-1) ?? 'none'})`,
  )
  console.log(`  ${loadLine()}`)
  return byRate
}

async function lengthLimits(browser: Browser, byRate: Map<number, StreamMeasurement>): Promise<void> {
  console.log(`\nAnswer length at 2000 tokens/s, Text panel in browser mode`)
  for (const tokens of LENGTHS) {
    const rounds: StreamMeasurement[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const m =
        round === 0 && tokens === RATE_TOKENS && byRate.has(2000)
          ? byRate.get(2000)!
          : await textPanelRun(browser, 2000, tokens)
      rounds.push(m)
      console.log(streamLine(`${tokens / 1000}k tokens`, tokens, m))
      console.log(`  ${''.padEnd(14)} ${loadLine()}`)
    }
    if (ROUNDS > 1) {
      const med = (f: (m: StreamMeasurement) => number) => median(rounds.map(f))
      console.log(
        `  ${`${tokens / 1000}k median`.padEnd(14)} of ${ROUNDS} rounds: ` +
          `${rounds.filter(holdsP2).length}/${ROUNDS} hold P2, tasks>50 ${med((m) => m.longOver50)}, ` +
          `>100 ${med((m) => m.longOver100)}, rAF p95 ${med((m) => m.gapP95).toFixed(1)} ms, ` +
          `lag ${med((m) => m.probe.finalLagMs ?? Infinity).toFixed(0)} ms, ` +
          `heap ${(med((m) => m.heapBytes) / 2 ** 20).toFixed(0)} MB (goal < 64 MB: ` +
          `${med((m) => m.heapBytes) < 64 * 2 ** 20 ? 'met' : 'NOT met'})`,
      )
    }
  }
  console.log(`  ${loadLine()}`)
}

/**
 * The markdown lexer alone in Node, fed a long answer the way a 2,000 tokens/s stream reaches it (60 updates/s,
 * the whole text each time, append-only, with the run's tail beside it as the run fold keeps it): its time per
 * update at the end, and the heap it still holds once the answer is done.
 */
function lexerLimits(): void {
  console.log(`\nMarkdown lexer alone (Node): the answer fed as 60 updates/s of a 2000 tokens/s stream`)
  const gc = () => {
    globalThis.gc?.()
    return process.memoryUsage().heapUsed
  }
  for (const tokens of LENGTHS) {
    const answer = longMarkdown(tokens, 'markdown with code blocks and tables', seededRandom(1))
    const step = Math.max(1, Math.round(((answer.length / tokens) * 2000) / 60))
    const before = gc()
    const lexer = new IncrementalLexer()
    let text = ''
    let tail: TextTail | undefined
    const times: number[] = []
    const t0 = performance.now()
    for (let i = 0; i < answer.length; i += step) {
      const delta = answer.slice(i, i + step)
      tail = appendToTail(tail, text.length, delta)
      text += delta
      const u0 = performance.now()
      lexer.update(text, { appendOnly: true, tail })
      times.push(performance.now() - u0)
    }
    const lastSecond = times.slice(-60)
    const total = performance.now() - t0
    const held = gc() - before
    console.log(
      `  ${`${tokens / 1000}k tokens`.padEnd(11)} ${String(lexer.stats.updates).padStart(5)} updates  ` +
        `${(total / lexer.stats.updates).toFixed(2)} ms/update on average, ` +
        `${(lastSecond.reduce((a, x) => a + x, 0) / lastSecond.length).toFixed(2)} ms in the last second  ` +
        `heap held ${(held / 2 ** 20).toFixed(1)} MB`,
    )
  }
}

async function mainLimits(): Promise<void> {
  let main = await openMain(0)
  try {
    console.log(
      `\nMain: non-streamed chat runs through the router and text service; simulator in its own process`,
    )
    let n = 0
    for (const concurrency of [1, 8, 32]) {
      const seconds = 4
      const loop = monitorEventLoopDelay({ resolution: 1 })
      let done = 0
      // Warm-up: one round at this concurrency before measuring.
      await Promise.all(
        Array.from({ length: concurrency }, () => main.run(main.request(`Warm-up ${n++}`, false))),
      )
      loop.enable()
      const t0 = performance.now()
      const until = t0 + seconds * 1000
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < until) {
            await main.run(main.request(`Question ${n}: explain request ${n++} briefly`, false))
            done++
          }
        }),
      )
      loop.disable()
      const elapsed = (performance.now() - t0) / 1000
      console.log(
        `  ${String(concurrency).padStart(2)} concurrent: ${(done / elapsed).toFixed(0).padStart(5)} runs/s  ` +
          `event-loop p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
      )
    }

    // Memory per open stream: many slow streams open at once, measured after a full GC against the idle state.
    console.log(`  ${loadLine()}`)
    await main.close()
    const rounds: StreamedMainRound[] = []
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push(
        await streamedMain(
          Number(process.env.BENCH_MAIN_STREAMS ?? 32),
          500,
          Number(process.env.BENCH_MAIN_TOKENS ?? 5000),
        ),
      )
      console.log(`  ${loadLine()}`)
    }
    if (ROUNDS > 1) {
      const p99 = median(rounds.map((r) => r.p99Ms))
      const peak = median(rounds.map((r) => r.peakPerSecond))
      console.log(
        `  median of ${ROUNDS} rounds: event-loop p99 ${p99.toFixed(1)} ms (goal ≤ 20 ms: ${p99 <= 20 ? 'met' : 'NOT met'}), ` +
          `≤ ${peak} updates in any second per stream (goal ≤ 60: ${peak <= 60 ? 'met' : 'NOT met'})`,
      )
    }
    main = await openMain(20)
    const streams = 32
    const mem = () => {
      globalThis.gc?.()
      const m = process.memoryUsage()
      return { heap: m.heapUsed + m.external + m.arrayBuffers, rss: m.rss }
    }
    const before = mem()
    const ids: string[] = []
    for (let i = 0; i < streams; i++)
      ids.push(await main.start(main.request(`sim:tokens=4000 stream ${i}`, true, 5000)))
    await new Promise((r) => setTimeout(r, 3000))
    const open = mem()
    const streaming = ids.filter((id) => (main.eventsPerRun.get(id) ?? 0) > 0).length
    for (const runId of ids) await main.stop(runId)
    console.log(
      `  memory per open stream (${streaming}/${streams} streaming at 20 tok/s, 3 s in): ` +
        `heap+external ${((open.heap - before.heap) / streams / 1024).toFixed(0)} KB, rss ${((open.rss - before.rss) / streams / 1024).toFixed(0)} KB`,
    )
    console.log(`  ${loadLine()}`)
  } finally {
    await main.close()
  }
}

/**
 * Spawns browser mode as `npm run web` does after the build (the built host with plain node) and times it from
 * the spawn to the Text panel accepting input, in a browser tab already open.
 */
async function coldStart(browser: Browser): Promise<void> {
  const samples: { host: number; page: number; total: number; screen: number; input: number }[] = []
  const opens: Record<string, number>[] = []
  for (let i = 0; i < 3; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'))
    // The browser tab is open before the spawn, as a user's browser is: the figure is the app's start, not the
    // time the test driver takes to make a browser context (about 190 ms here).
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    // The page's own account: the wall-clock time of the first painted frame in which the message box is there
    // and enabled, and of the first keystroke the page handles (the driver's fill below).
    // (A string: the bench's TypeScript loader would add helpers to a function that the page does not have.)
    await context.addInitScript(`
      const poll = () => {
        const box = document.querySelector('textarea[aria-label="Message"]')
        if (box && !box.disabled) window.__screenReadyAt = performance.timeOrigin + performance.now()
        else requestAnimationFrame(poll)
      }
      requestAnimationFrame(poll)
      document.addEventListener('input', () => {
        window.__inputAt ??= performance.timeOrigin + performance.now()
      }, true)
    `)
    const page = await context.newPage()
    const t0 = performance.now()
    const child = spawn(
      process.execPath,
      [join(ROOT, 'out/main/web.js'), '--port', '0', '--data-dir', dataDir],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, NODE_NO_WARNINGS: '1' },
      },
    )
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const lines = createInterface({ input: child.stdout! })
        lines.on('line', (line) => {
          const match = /Open: (\S+)/.exec(line)
          if (match) resolve(match[1]!)
        })
        child.once('exit', (code) => reject(new Error(`browser mode exited with ${code}`)))
      })
      const hostReady = performance.now()
      // Not waiting for the load event: the chunks fetched beside the start-up calls delay it, not the first keystroke.
      await page.goto(url, { waitUntil: 'commit' })
      // Interactive: the Text panel's message box accepts typing. The page is watched every animation frame for
      // the message box: the driver's own retries look again after 20, 50, 100, 100 and then every 500 ms, so
      // a box that appears between two looks would be found up to half a second late (the driver's time, not
      // the app's). Then the driver types, as a user does: the app opens with the focus in the message box.
      await page.waitForFunction(
        () => (window as { __screenReadyAt?: number }).__screenReadyAt !== undefined,
        undefined,
        {
          polling: 'raf',
          timeout: 30_000,
        },
      )
      await page.keyboard.type('ready')
      const done = performance.now()
      const typed = await page.getByLabel('Message', { exact: true }).inputValue()
      if (typed !== 'ready')
        throw new Error(`the message box holds ${JSON.stringify(typed)} after typing "ready"`)
      const marks = (await page.evaluate(
        '({ screen: window.__screenReadyAt, input: window.__inputAt })',
      )) as {
        screen?: number
        input?: number
      }
      const sinceSpawn = (at?: number) => (at === undefined ? NaN : at - (performance.timeOrigin + t0))
      const screen = sinceSpawn(marks.screen)
      const input = sinceSpawn(marks.input)
      // Then every other panel, once the page has fetched their chunks while idle (no request for 500 ms).
      await page.waitForLoadState('networkidle')
      opens.push(await panelOpenTimes(page))
      await context.close()
      samples.push({ host: hostReady - t0, page: done - hostReady, total: done - t0, screen, input })
    } finally {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const med = (k: 'host' | 'page' | 'total' | 'screen' | 'input') =>
    percentile(
      samples.map((s) => s[k]),
      50,
    ).toFixed(0)
  console.log(
    `\nStart-up: browser mode from spawn to the Text panel accepting input (median of 3, fresh data folder)`,
  )
  console.log(
    `  host process ready ${med('host')} ms + page to interactive ${med('page')} ms = ${med('total')} ms`,
  )
  console.log(`  (each: ${samples.map((s) => s.total.toFixed(0)).join(', ')} ms; ${loadLine()})`)
  console.log(
    `  the page's own account: message box there, enabled and painted ${med('screen')} ms after the spawn ` +
      `(each: ${samples.map((s) => s.screen.toFixed(0)).join(', ')} ms); the driver's typing handled by the page ` +
      `${med('input')} ms after the spawn (each: ${samples.map((s) => s.input.toFixed(0)).join(', ')} ms)`,
  )
  const total = percentile(
    samples.map((s) => s.total),
    50,
  )
  console.log(`  goal: ≤ 1,000 ms from the server process starting: ${total <= 1000 ? 'met' : 'NOT met'}`)
  const medOpen = PANEL_IDS.map(
    (id) =>
      [
        id,
        percentile(
          opens.map((o) => o[id]!),
          50,
        ),
      ] as const,
  )
  console.log(
    `  opening a panel after the first load, click to painted heading (median of 3): ` +
      medOpen.map(([id, ms]) => `${id} ${ms.toFixed(0)}`).join(', ') +
      ` ms; slowest ${Math.max(...medOpen.map(([, ms]) => ms)).toFixed(0)} ms ` +
      `(goal ≤ 150 ms: ${medOpen.every(([, ms]) => ms <= 150) ? 'met' : 'NOT met'})`,
  )
}

function bundleSize(): void {
  ensureRendererBuilt()
  const files: { name: string; raw: number; gzip: number }[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.(js|css|html)$/.test(name)) {
        const data = readFileSync(path)
        files.push({
          name: path.slice(RENDERER_DIR.length + 1),
          raw: data.length,
          gzip: gzipSync(data).length,
        })
      }
    }
  }
  walk(RENDERER_DIR)
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(`\nRenderer bundle (out/renderer, minified; gzip at the default level)`)
  for (const f of files.sort((a, b) => b.raw - a.raw))
    console.log(`  ${f.name.padEnd(40)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`)
  const raw = files.reduce((a, f) => a + f.raw, 0)
  const gz = files.reduce((a, f) => a + f.gzip, 0)
  console.log(`  ${'total'.padEnd(40)} ${kb(raw).padStart(10)} raw ${kb(gz).padStart(10)} gzip`)
  const first = firstLoad(RENDERER_DIR)
  const firstGz = first.reduce((a, f) => a + f.gzip, 0)
  console.log(
    `  first load (index.html's module, its modulepreloads and their static imports): ${first.length} files, ` +
      `${kb(first.reduce((a, f) => a + f.raw, 0))} raw, ${kb(firstGz)} gzip ` +
      `(goal ≤ 120 KB: ${firstGz <= 120 * 1024 ? 'met' : 'NOT met'}); ${first.map((f) => `${f.file.replace('assets/', '')} ${kb(f.gzip)}`).join(', ')}`,
  )
}

export default async function main(): Promise<void> {
  ensureRendererBuilt()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    console.log(`\nLimits — ${machineLine(browser.version())}`)
    console.log(`  ${loadLine()} at start`)
    if (SECTIONS.has('bundle')) bundleSize()
    if (SECTIONS.has('lexer')) lexerLimits()
    if (SECTIONS.has('start')) await coldStart(browser)
    if (SECTIONS.has('main')) await mainLimits()
    const byRate = SECTIONS.has('rate') ? await streamLimits(browser) : new Map<number, StreamMeasurement>()
    if (SECTIONS.has('length')) await lengthLimits(browser, byRate)
  } finally {
    await browser.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
