// Embeddings at scale: 1,000 inputs embedded at 3,072 dimensions (text-embedding-3-large) by the simulator,
// through main (response read element by element, cosine matrix, PCA) into the Embeddings panel in Chromium.
// Prints the time from the gateway's answer to the heatmap and projection on screen, renderer tasks over 100 ms,
// main's event-loop delay p99 while the vectors are decoded and the matrix computed, and the largest IPC message.
// The simulator runs in its own process, so its 60 MB of JSON does not colour main's event-loop figures.
import { spawn, execSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { chromium } from 'playwright-core'
import { createAppCore } from '../src/main/appCore'
import { ConfSettingsStore } from '../src/main/adapters/ConfSettingsStore'
import { FileSecretStore } from '../src/main/adapters/FileSecretStore'
import { startWebServer } from '../src/web/server'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium'

const ROOT = resolve(import.meta.dirname, '..')
const INPUTS = Number(process.env.BENCH_INPUTS ?? 1_000)
const MODEL = process.env.BENCH_MODEL ?? 'text-embedding-3-large'
const KEY = 'sk-bench-embeddings-000000'

/** Installed in the page before the app: IPC message sizes both ways, long tasks, when the pictures show. */
const PAGE_PROBE = `
(() => {
  const m = { sent: [], received: [], longTasks: [], clickAt: 0, resultAt: 0, picturesAt: 0 }
  window.__bench = m
  new PerformanceObserver((list) => list.getEntries().forEach((e) => {
    if (m.clickAt && e.startTime >= m.clickAt && (!m.picturesAt || e.startTime <= m.picturesAt)) m.longTasks.push(e.duration)
  })).observe({ type: 'longtask' })
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols)
      this.addEventListener('message', (ev) => {
        const data = String(ev.data)
        m.received.push(data.length)
        if (!m.resultAt && data.includes('"projection"') && data.includes('"setId"')) m.resultAt = performance.now()
      })
    }
    send(data) {
      m.sent.push(String(data).length)
      return super.send(data)
    }
  }
  const frame = () => {
    if (m.resultAt && !m.picturesAt) {
      const heat = document.querySelector('[data-testid=heatmap]')
      const proj = document.querySelector('[data-testid=projection]')
      const n = ${INPUTS}
      if (heat && proj && heat.getAttribute('data-rows') === String(n) && proj.getAttribute('data-points') === String(n))
        m.picturesAt = performance.now()
    }
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()
`

async function startSimulator(): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/simulator/cli.ts'), '--port', '0', '--quiet', '--api-key', KEY],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_NO_WARNINGS: '1' } },
  )
  let out = ''
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /base URL\s+(http:\/\/\S+)/.exec(out)
      if (match) resolveUrl(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`the simulator exited with ${code}: ${out}`)))
  })
  return { child, baseUrl }
}

const sentence = (i: number) =>
  `Input ${i}: ${['cats', 'markets', 'rain', 'rivers', 'code', 'music', 'bread', 'trains'][i % 8]} and ${
    ['sleep', 'fall', 'rise', 'flow', 'compile', 'play', 'bake', 'run'][(i * 7) % 8]
  } on day ${i % 31} of the ${['spring', 'summer', 'autumn', 'winter'][i % 4]}`

export default async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'out/renderer/index.html')))
    execSync('npx electron-vite build', { cwd: ROOT, stdio: 'inherit' })
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-embeddings-'))
  const sim = await startSimulator()
  const core = await createAppCore({
    kind: 'browser',
    version: 'bench',
    dataDir,
    settings: new ConfSettingsStore(dataDir),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
    openExternal: async () => undefined,
    mediaUrl: (id) => `/media/${id}`,
    startSimulator: async () => ({
      baseUrl: sim.baseUrl,
      consoleBaseUrl: sim.baseUrl,
      apiKey: KEY,
      consoleToken: 'sim-console-token',
      close: async () => undefined,
    }),
  })
  const server = await startWebServer({ core, rendererDir: join(ROOT, 'out/renderer') })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.addInitScript(PAGE_PROBE)
    await page.goto(server.url)
    await page.getByRole('tab', { name: /Embeddings/ }).click()
    const form = page.getByRole('form', { name: 'Embed request' })
    await form.getByLabel('Model').fill(MODEL)
    await form.getByRole('button', { name: 'Clear' }).click()
    await form.getByRole('button', { name: 'Paste lines…' }).click()
    await form
      .getByLabel('Paste inputs, one a line')
      .fill(Array.from({ length: INPUTS }, (_, i) => sentence(i)).join('\n'))
    await form.getByRole('button', { name: 'Add lines' }).click()
    const send = form.getByRole('button', { name: `Embed ${INPUTS} inputs` })
    await send.waitFor()
    // Let the request preview of the new list settle before measuring.
    await page.waitForTimeout(1500)

    const loop = monitorEventLoopDelay({ resolution: 1 })
    await page.evaluate(() => {
      ;(window as unknown as { __bench: { clickAt: number } }).__bench.clickAt = performance.now()
    })
    const started = Date.now()
    loop.enable()
    await send.click()
    await page.waitForFunction(
      () => (window as unknown as { __bench: { picturesAt: number } }).__bench.picturesAt > 0,
      undefined,
      { timeout: 180_000, polling: 100 },
    )
    loop.disable()
    const wall = (Date.now() - started) / 1000
    const summary = await page.getByTestId('embed-summary').textContent()
    const m = await page.evaluate(() => (window as unknown as { __bench: Record<string, unknown> }).__bench)
    const long = m.longTasks as number[]
    const timing = /request (\d+) ms · maths in main (\d+) ms/.exec(summary ?? '')
    const largest = Math.max(...(m.sent as number[]), ...(m.received as number[]))
    const rows: [string, string, string][] = [
      ['result', summary?.split('·')[0]?.trim() ?? '?', ''],
      ['click to pictures on screen (s)', wall.toFixed(2), ''],
      ['gateway request incl. streamed decode (ms)', timing?.[1] ?? '?', ''],
      ['cosine matrix + PCA in main (ms)', timing?.[2] ?? '?', ''],
      [
        'IPC result to heatmap + projection on screen (ms)',
        ((m.picturesAt as number) - (m.resultAt as number)).toFixed(0),
        '',
      ],
      [
        'gateway answer to pictures on screen (ms)',
        timing ? (Number(timing[2]) + (m.picturesAt as number) - (m.resultAt as number)).toFixed(0) : '?',
        '< 2,000',
      ],
      ['renderer tasks > 100 ms', String(long.filter((d) => d > 100).length), '0'],
      ['longest renderer task (ms)', Math.max(0, ...long).toFixed(0), ''],
      ['main event-loop delay p99 (ms)', (loop.percentile(99) / 1e6).toFixed(1), '≤ 20'],
      ['main event-loop delay max (ms)', (loop.max / 1e6).toFixed(1), ''],
      ['largest IPC message (KB)', (largest / 1024).toFixed(1), '≤ 256 (M1)'],
      [
        'IPC messages (sent / received)',
        `${(m.sent as number[]).length} / ${(m.received as number[]).length}`,
        '',
      ],
    ]
    console.log(
      `\nEmbeddings benchmark: ${INPUTS} inputs × ${MODEL}, float, browser mode in Chromium, simulator in its own process`,
    )
    console.log(rows.map(([k, v, bar]) => `  ${k.padEnd(50)} ${v.padStart(12)}   ${bar}`).join('\n'))
  } finally {
    await browser.close()
    await server.close()
    await core.close()
    sim.child.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
