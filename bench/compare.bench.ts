// P3 and P4 in the Compare panel: four columns (one model, all four formats) each streaming from the simulator at
// 500 tokens/s into Chromium through browser mode. P3 prints long tasks over 100 ms, the rAF gap p95, each
// column's final-text lag after its own last chunk, and main's event-loop delay p99 (the simulator runs in its own
// process, so main's loop carries main's work only). P4 types into the draft and clicks Stop while the four
// stream, and prints the input latency p98 of those interactions (Event Timing: input delay to next paint).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { chromium, type Page } from 'playwright-core'
import { createAppCore } from '../src/main/appCore'
import { ConfSettingsStore } from '../src/main/adapters/ConfSettingsStore'
import { FileSecretStore } from '../src/main/adapters/FileSecretStore'
import { startWebServer } from '../src/web/server'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium'
import { ensureRendererBuilt, RENDERER_DIR } from './browserHost'
import { loadLine, machineLine } from './machine'
import { percentile } from './pageProbe'
import { simulatorProcess } from './simulatorProcess'

const TPS = Number(process.env.BENCH_TPS ?? 500)
const TOKENS = Number(process.env.BENCH_TOKENS ?? 6_000)
const COLUMNS = 4

/**
 * Installed before the app: per run id, its run-event times and end; long tasks and rAF gaps while any run streams;
 * and, once a run ended, the first frame from which its column's answer text held still for three frames.
 * Event Timing entries of the interactions (typing, clicks) are kept for P4.
 */
const PROBE = `
(() => {
  const m = { runs: {}, longTasks: [], gaps: [], events: [], streaming: false, firstChunk: 0 }
  window.__cmp = m
  new PerformanceObserver((l) => l.getEntries().forEach((e) => { if (m.streaming) m.longTasks.push(e.duration) })).observe({ type: 'longtask' })
  new PerformanceObserver((l) => l.getEntries().forEach((e) => { if (e.interactionId) m.events.push({ id: e.interactionId, name: e.name, duration: e.duration }) })).observe({ type: 'event', durationThreshold: 16, buffered: false })
  const run = (id) => (m.runs[id] ??= { last: 0, ended: 0, finalAt: 0, len: -1, stable: 0, since: 0, chunks: 0 })
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols)
      this.addEventListener('message', (ev) => {
        const data = String(ev.data)
        if (!data.includes('"text.run')) return
        const id = /"runId":"([^"]+)"/.exec(data)?.[1]
        if (!id) return
        if (data.includes('"text.runEvents"')) {
          const r = run(id); r.last = performance.now(); r.chunks++
          if (!m.firstChunk) m.firstChunk = r.last
          m.streaming = true
        } else if (data.includes('"text.runEnded"')) run(id).ended = performance.now()
      })
    }
  }
  let last = performance.now()
  let lastFrameAt = performance.now()
  const frame = (t) => {
    const runs = Object.entries(m.runs)
    if (m.streaming) m.gaps.push(t - last)
    last = t
    for (const [id, r] of runs) {
      if (!r.ended || r.finalAt) continue
      const el = document.querySelector('[data-run-id="' + id + '"] [data-testid="answer-text"]')
      const len = el ? el.textContent.length : -1
      if (len > 0 && len === r.len) {
        r.stable++
        if (r.stable === 1) r.since = lastFrameAt
        if (r.stable >= 3) r.finalAt = r.since
      } else r.stable = 0
      r.len = len
    }
    if (m.streaming && runs.length > 0 && runs.every(([, r]) => r.ended)) m.streaming = false
    lastFrameAt = performance.now()
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()
`

interface Probe {
  runs: Record<string, { last: number; ended: number; finalAt: number; chunks: number }>
  longTasks: number[]
  gaps: number[]
  events: { id: number; name: string; duration: number }[]
}

const read = (page: Page) => page.evaluate(() => (window as unknown as { __cmp: Probe }).__cmp)
const reset = (page: Page) =>
  page.evaluate(() => {
    const m = (window as unknown as { __cmp: Probe & { firstChunk: number } }).__cmp
    m.runs = {}
    m.longTasks = []
    m.gaps = []
    m.events = []
    m.firstChunk = 0
  })

async function allEnded(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const runs = Object.values((window as unknown as { __cmp: Probe }).__cmp.runs)
      return runs.length >= n && runs.every((r) => r.finalAt > 0)
    },
    COLUMNS,
    { timeout: timeoutMs, polling: 250 },
  )
}

const row = (k: string, v: string, bar = '') => `  ${k.padEnd(48)} ${v.padStart(12)}   ${bar}`

async function main(): Promise<void> {
  ensureRendererBuilt()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-compare-'))
  const core = await createAppCore({
    kind: 'browser',
    version: 'bench',
    dataDir,
    settings: new ConfSettingsStore(dataDir),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
    openExternal: async () => undefined,
    mediaUrl: (id) => `/media/${id}`,
    startSimulator: () => simulatorProcess(TPS),
  })
  const server = await startWebServer({ core, rendererDir: RENDERER_DIR })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
    await page.addInitScript({ content: 'globalThis.__name = (f) => f' })
    await page.addInitScript(PROBE)
    await page.goto(server.url)
    await page.getByRole('tab', { name: /Compare$/ }).click()
    await page.getByLabel('Preset model', { exact: true }).fill('gpt-4o-mini')
    await page.getByRole('button', { name: 'One model, all four formats' }).click()
    await page.getByText('Parameters for every column').click()
    await page.locator('input[name="max_tokens"]').fill(String(TOKENS + 1000))
    const prompt = page.getByLabel('Prompt', { exact: true })
    await prompt.fill(`sim:tokens=${TOKENS} markdown with code blocks and tables`)
    await page.waitForTimeout(500)

    // ---------------------------------------------------------------- P3: four columns streaming at once
    const loop = monitorEventLoopDelay({ resolution: 1 })
    loop.enable()
    await prompt.press('Control+Enter')
    await allEnded(page, (TOKENS / TPS) * 1000 * 3 + 60_000)
    loop.disable()
    const p3 = await read(page)
    const lags = Object.values(p3.runs).map((r) => r.finalAt - r.last)
    console.log(
      `\nCompare benchmark: ${COLUMNS} columns × ${TOKENS} tokens at ${TPS} tokens/s each, browser mode`,
    )
    console.log(`  ${machineLine(browser.version())}; ${loadLine()}`)
    console.log('P3')
    console.log(row('long tasks > 100 ms', String(p3.longTasks.filter((d) => d > 100).length), '0'))
    console.log(row('long tasks > 50 ms', String(p3.longTasks.filter((d) => d > 50).length)))
    console.log(row('longest task (ms)', Math.max(0, ...p3.longTasks).toFixed(0)))
    console.log(row('rAF gap p95 (ms)', percentile(p3.gaps, 95).toFixed(1), '≤ 33'))
    console.log(
      row('final text lag per column (ms)', lags.map((l) => l.toFixed(0)).join(' / '), 'each ≤ 250'),
    )
    console.log(
      row(
        'run-event messages per column',
        Object.values(p3.runs)
          .map((r) => r.chunks)
          .join(' / '),
      ),
    )
    console.log(row('main event-loop delay p99 (ms)', (loop.percentile(99) / 1e6).toFixed(1), '≤ 10'))

    // ---------------------------------------------------------------- P4: typing and Stop while four stream
    await reset(page)
    await prompt.fill(`sim:tokens=${TOKENS * 4} markdown with code blocks and tables`)
    await page.waitForTimeout(500)
    await reset(page)
    await prompt.press('Control+Enter')
    await page.waitForFunction(
      () =>
        Object.values((window as unknown as { __cmp: Probe }).__cmp.runs).filter((r) => r.chunks > 5)
          .length >= 4,
      undefined,
      { timeout: 30_000 },
    )
    await page.waitForTimeout(1000)
    await prompt.click()
    await page.keyboard.press('End')
    await page.keyboard.type(' and then a few more words typed while streaming', { delay: 60 })
    await page
      .getByTestId('compare-column')
      .first()
      .getByRole('button', { name: 'Stop', exact: true })
      .click()
    await page.waitForTimeout(800)
    await page.getByRole('button', { name: 'Stop all' }).click()
    await page.waitForTimeout(1000)
    const p4 = await read(page)
    const byInteraction = new Map<number, { name: string; duration: number }>()
    for (const e of p4.events) {
      const seen = byInteraction.get(e.id)
      if (!seen || e.duration > seen.duration) byInteraction.set(e.id, e)
    }
    const all = [...byInteraction.values()]
    const typing = all.filter(
      (e) => e.name.startsWith('key') || e.name === 'input' || e.name === 'beforeinput',
    )
    const clicks = all.filter(
      (e) => e.name.startsWith('pointer') || e.name === 'click' || e.name.startsWith('mouse'),
    )
    console.log('P4')
    console.log(row('interactions measured (typing / clicks)', `${typing.length} / ${clicks.length}`))
    console.log(
      row(
        'input latency p98, typing (ms)',
        typing.length
          ? percentile(
              typing.map((e) => e.duration),
              98,
            ).toFixed(0)
          : 'none over 16',
        '≤ 200',
      ),
    )
    console.log(
      row(
        'input latency p98, Stop clicks (ms)',
        clicks.length
          ? percentile(
              clicks.map((e) => e.duration),
              98,
            ).toFixed(0)
          : 'none over 16',
        '≤ 200',
      ),
    )
    console.log(
      row(
        'input latency max, all (ms)',
        all.length ? Math.max(...all.map((e) => e.duration)).toFixed(0) : 'none over 16',
      ),
    )
    console.log(
      '  (Event Timing reports only interactions of 16 ms or more; fewer entries means faster input.)',
    )
  } finally {
    await browser.close()
    await server.close()
    await core.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
