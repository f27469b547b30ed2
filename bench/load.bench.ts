// `npm run bench -- load`: the load test as an instrument (QUALITY.md P7, issue 42), against the simulator in its own
// process with a fixed first-token delay and speed (no jitter):
//   1. accuracy: at concurrency 1, 16 and 64, the engine's TTFT p50 (counted from when its HTTP client writes the
//      request, as the README defines it) beside a bare node:http floor client's on the same load, in the same run
//      (floor, engine, floor, engine); bound: within 2 ms. Beside it: the engine's TTFT p50 counted from the hand-off
//      to its HTTP client (the stamp before it counted from the write) and the requests' own wait in the client
//      (undici checks an idle keep-alive socket for one turn of the event loop before writing on it; node:http
//      writes at once), how long they waited inside undici by its diagnostics channels, on a new connection and on
//      a reused one, and how many connections each side opened;
//   2. overhead: main's event-loop delay p99 while 64 concurrent streams run through the app core's load service,
//      its progress events serialised as the window transport does (the panel's updates); bound: 20 ms;
//   3. memory: 10,000 requests at concurrency 64 through the service, heap and RSS as they go (records to disk);
//   4. a run of 1,000 requests at concurrency 64, its level figures.
// BENCH_TTFT (ms, default 200), BENCH_TPS (default 50) and BENCH_SECTIONS=accuracy,loop,memory,thousand change it.
import { request as httpRequest, Agent } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { subscribe } from 'node:diagnostics_channel'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { simulatorProcess } from './simulatorProcess'
import { loadLine, machineLine } from './machine'
import { createAppCore } from '../src/main/appCore'
import { ConfSettingsStore } from '../src/main/adapters/ConfSettingsStore'
import { FileSecretStore } from '../src/main/adapters/FileSecretStore'
import { activeProfileId } from './browserHost'
import type { EventSink } from '../src/main/services/ports'
import type { Events } from '../src/shared/ipc/contract'
import type { LoadPlan } from '../src/shared/load/plan'
import type { LoadReport } from '../src/shared/load/report'
import { percentile } from '../src/shared/load/metrics'
import { POINTS_PAGE, type RequestPoint } from '../src/shared/load/points'
import { levelsTable } from '../src/shared/load/report'
import { loadTokenizer, syntheticText } from '../src/main/services/load/prompts'
import { withSimTokens } from '../src/shared/load/requests'

const TTFT = Number(process.env.BENCH_TTFT ?? 200)
const TPS = Number(process.env.BENCH_TPS ?? 50)
const SECTIONS = (process.env.BENCH_SECTIONS ?? 'accuracy,loop,memory,thousand').split(',')
const OUTPUT = 20

console.log(`${machineLine()}\n${loadLine()}\nsimulator: first token after ${TTFT} ms, ${TPS} tokens/s, no jitter, own process`)
const sim = await simulatorProcess(TPS, { firstTokenDelayMs: TTFT })
const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'))
const core = await createAppCore({
  kind: 'browser',
  version: 'bench',
  dataDir,
  settings: new ConfSettingsStore(dataDir),
  secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
  openExternal: async () => undefined,
  mediaUrl: (id) => `/media/${id}`,
  startSimulator: async () => sim,
})
const profileId = await activeProfileId(core)

let eventsSent = 0
let eventBytes = 0
const waiters = new Map<string, (report: LoadReport) => void>()
const sink: EventSink<Events> = {
  alive: true,
  emit(name, payload) {
    // What the window transport does with each event: one JSON text.
    eventBytes += JSON.stringify({ name, payload }).length
    eventsSent++
    if (name === 'load.ended') {
      const p = payload as { runId: string; report: LoadReport }
      waiters.get(p.runId)?.(p.report)
    }
  },
}

function plan(concurrency: number, requests: number, warmup = 0): LoadPlan {
  return {
    targets: [{ profileId, model: 'gpt-4o-mini', format: 'chat', stream: true }],
    prompts: { kind: 'synthetic', inputTokens: 64 },
    maxTokens: OUTPUT,
    simTokens: true,
    shape: { mode: 'concurrency', levels: [concurrency], per: 'requests', amount: requests, warmup, timeoutS: 120, maxInFlight: 256 },
    goodput: { ttftMs: null, tpotMs: null },
  }
}

let runs = 0
let lastRunId = ''
async function runEngine(p: LoadPlan): Promise<LoadReport> {
  const runId = `bench-${Date.now().toString(36)}-${runs++}`
  lastRunId = runId
  const ended = new Promise<LoadReport>((resolve) => waiters.set(runId, resolve))
  const result = await core.router.handle('load.start', { runId, plan: p }, { senderId: 'bench', events: sink })
  if (!result.ok) throw new Error(result.error.message)
  return ended
}

/**
 * The measured successful requests of a kept run, read back as the panel does: each one's TTFT (from the write)
 * and its wait in the client (write − hand-off), so TTFT counted from the hand-off is their sum.
 */
async function waitsOf(runId: string): Promise<{ ttft: number; wait: number }[]> {
  const ctx = { senderId: 'bench', events: sink }
  const page = await core.router.handle('load.points', { runId, offset: 0, limit: POINTS_PAGE }, ctx)
  if (!page.ok) throw new Error(page.error.message)
  const out: { ttft: number; wait: number }[] = []
  for (const [index, , , ttft, , , , status] of (page.value as { points: RequestPoint[] }).points) {
    if (status !== 'ok' || ttft === null) continue
    const one = await core.router.handle('load.request', { runId, index }, ctx)
    if (!one.ok) throw new Error(one.error.message)
    const r = (one.value as { request: { handedAt: number | null; sentAt: number } | null }).request
    if (r && r.handedAt !== null) out.push({ ttft, wait: r.sentAt - r.handedAt })
  }
  return out
}

/** The engine's requests inside undici, from its diagnostics channels: created → headers written, by connection. */
const clientWait = {
  on: false,
  created: new Map<object, number>(),
  sockets: new WeakSet<object>(),
  fresh: [] as number[],
  reused: [] as number[],
}
subscribe('undici:request:create', (m) => {
  if (clientWait.on) clientWait.created.set((m as { request: object }).request, performance.now())
})
subscribe('undici:client:sendHeaders', (m) => {
  const { request, socket } = m as { request: object; socket: object }
  const created = clientWait.created.get(request)
  if (created === undefined) return
  clientWait.created.delete(request)
  const now = performance.now()
  ;(clientWait.sockets.has(socket) ? clientWait.reused : clientWait.fresh).push(now - created)
  clientWait.sockets.add(socket)
})
let floorConnections = 0

/** A bare client: node:http with keep-alive, the request written with end(), the first content chunk found by a scan. */
async function floorClient(concurrency: number, requests: number, prompts: string[]): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
  const url = new URL('/v1/chat/completions', sim.baseUrl)
  const ttfts: number[] = []
  let next = 0
  const one = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({
        model: 'gpt-4o-mini',
        stream: true,
        max_tokens: OUTPUT,
        messages: [{ role: 'user', content: prompts[i % prompts.length] }],
      })
      const req = httpRequest(
        url,
        {
          method: 'POST',
          agent,
          headers: { authorization: `Bearer ${sim.apiKey}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        },
        (res) => {
          let first: number | null = null
          res.on('data', (chunk: Buffer) => {
            const at = performance.now()
            if (first === null && /"delta":\{[^}]*"content":"[^"]/.test(chunk.toString('utf8'))) {
              first = at
              ttfts.push(at - t0)
            }
          })
          res.on('end', () => resolve())
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.once('socket', (socket) => {
        if (!(socket as { __counted?: boolean }).__counted) floorConnections++
        ;(socket as { __counted?: boolean }).__counted = true
      })
      const t0 = performance.now()
      req.end(body)
    })
  const worker = async () => {
    while (next < requests) await one(next++)
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  agent.destroy()
  return ttfts
}

const sorted = (xs: number[]) => Float64Array.from(xs).sort()
const f1 = (v: number | null) => (v === null ? '—' : v.toFixed(1))

if (SECTIONS.includes('accuracy')) {
  console.log(
    '\n1. Accuracy: TTFT p50 from the request written, engine vs a bare node:http floor client, same load, alternated (P7: within 2 ms)',
  )
  const tk = await loadTokenizer()
  const prompts = Array.from({ length: 256 }, (_, i) => withSimTokens(syntheticText(tk, 60, i), OUTPUT))
  // Warm both paths (the simulator's tokenizer, connections).
  await floorClient(4, 8, prompts)
  await runEngine(plan(4, 8))
  for (const c of [1, 16, 64]) {
    const n = c === 1 ? 30 : c * 4
    const floor: number[] = []
    const engine: number[] = []
    floorConnections = 0
    clientWait.fresh = []
    clientWait.reused = []
    const handOff: number[] = []
    const waits: number[] = []
    for (let round = 0; round < 2; round++) {
      floor.push(...(await floorClient(c, n, prompts)))
      clientWait.on = true
      const report = await runEngine(plan(c, n, Math.min(c, 8)))
      clientWait.on = false
      clientWait.created.clear()
      engine.push(report.levels[0]!.ttftMs.p50!)
      const kept = await waitsOf(lastRunId)
      handOff.push(percentile(sorted(kept.map((k) => k.ttft + k.wait)), 50)!)
      waits.push(...kept.map((k) => k.wait))
    }
    const floorP50 = percentile(sorted(floor), 50)!
    const engineP50 = engine.reduce((a, b) => a + b, 0) / engine.length
    const diff = engineP50 - floorP50
    console.log(
      `  concurrency ${String(c).padStart(2)}: floor p50 ${f1(floorP50)} ms, engine p50 ${f1(engineP50)} ms (rounds ${engine.map(f1).join(', ')}), difference ${diff >= 0 ? '+' : ''}${diff.toFixed(2)} ms: ${Math.abs(diff) <= 2 ? 'met' : 'not met'}`,
    )
    const wait = (xs: number[]) =>
      xs.length === 0 ? 'none' : `p50 ${percentile(sorted(xs), 50)!.toFixed(2)} / p90 ${percentile(sorted(xs), 90)!.toFixed(2)} ms (${xs.length})`
    const handOffP50 = handOff.reduce((a, b) => a + b, 0) / handOff.length
    const signed = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(2)}`
    console.log(
      `    engine TTFT p50 counted from the hand-off to its HTTP client: ${f1(handOffP50)} ms (rounds ${handOff.map(f1).join(', ')}), difference to the floor ${signed(handOffP50 - floorP50)} ms; ` +
        `the requests' wait in the client ${wait(waits)}\n` +
        `    engine's requests waiting in undici before their write: on a reused connection ${wait(clientWait.reused)}, on a new one ${wait(clientWait.fresh)}; connections opened: engine ${clientWait.fresh.length}, floor ${floorConnections}`,
    )
  }
  console.log(`  ${loadLine()}`)
}

if (SECTIONS.includes('loop')) {
  console.log("\n2. Main's event loop at 64 concurrent streams, progress events serialised as for the panel (bound: p99 ≤ 20 ms)")
  const h = monitorEventLoopDelay({ resolution: 1 })
  const before = { n: eventsSent, bytes: eventBytes }
  const t0 = performance.now()
  h.enable()
  const report = await runEngine(plan(64, 256))
  h.disable()
  const seconds = (performance.now() - t0) / 1000
  const p99 = h.percentile(99) / 1e6
  console.log(
    `  ${report.levels[0]!.ok} requests in ${seconds.toFixed(1)} s; event loop p99 ${p99.toFixed(1)} ms, max ${(h.max / 1e6).toFixed(1)} ms: ${p99 <= 20 ? 'met' : 'not met'}; ` +
      `${eventsSent - before.n} progress events (${((eventsSent - before.n) / seconds).toFixed(1)}/s, ${Math.round((eventBytes - before.bytes) / 1024)} KB)`,
  )
  console.log(`  ${loadLine()}`)
}

if (SECTIONS.includes('memory')) {
  console.log('\n3. Memory: 10,000 requests at concurrency 64 (records to disk as they end)')
  global.gc?.()
  const base = process.memoryUsage()
  const samples: { heap: number; rss: number }[] = []
  const timer = setInterval(() => {
    const m = process.memoryUsage()
    samples.push({ heap: m.heapUsed, rss: m.rss })
  }, 250)
  const t0 = performance.now()
  const report = await runEngine(plan(64, 10_000))
  clearInterval(timer)
  global.gc?.()
  const after = process.memoryUsage()
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`
  const q = (k: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * k))]!
  console.log(
    `  ${report.levels[0]!.ok} ok of ${report.requests} in ${((performance.now() - t0) / 1000).toFixed(1)} s; heap ${mb(base.heapUsed)} before, ` +
      `${mb(q(0.25).heap)} / ${mb(q(0.5).heap)} / ${mb(q(0.75).heap)} at a quarter / half / three quarters, peak ${mb(Math.max(...samples.map((s) => s.heap)))}, ${mb(after.heapUsed)} after (gc); ` +
      `RSS peak ${mb(Math.max(...samples.map((s) => s.rss)))}`,
  )
  console.log(`  ${loadLine()}`)
}

if (SECTIONS.includes('thousand')) {
  console.log('\n4. 1,000 requests at concurrency 64 (8 warm-up)')
  const report = await runEngine(plan(64, 1000, 8))
  console.log(levelsTable(report).replace(/^/gm, '  '))
  const l = report.levels[0]!
  console.log(
    `  TTFT p50/p90/p99 ${f1(l.ttftMs.p50)}/${f1(l.ttftMs.p90)}/${f1(l.ttftMs.p99)} ms; TPOT p50 ${l.tpotMs.p50?.toFixed(2)} ms; ITL per frame p50 ${l.itlFrameMs.p50?.toFixed(2)} ms; ` +
      `${l.requestThroughput?.toFixed(1)} req/s, ${l.outputTokenThroughput?.toFixed(0)} output tok/s; ${loadLine()}`,
  )
}

await core.close()
await sim.close()
rmSync(dataDir, { recursive: true, force: true })
