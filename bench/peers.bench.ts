// `npm run bench -- peers`: our rendering against two peers on the same simulator stream, through the same main
// process, coalescer, WebSocket transport and CSP, in one Chromium, the order rotating over the rounds:
// react-markdown (+ remark-gfm + rehype-highlight re-rendering the whole message, as the popular chat clients do)
// and streamdown (react-markdown's drop-in replacement built for streamed AI output: memoised finished blocks,
// repaired unterminated markdown). Ours is the app's own panel as shipped: scenario 1 is the Text panel against the
// peers' chat page, scenario 2 is four streams side by side in the Compare panel against four columns of that page
// (BENCH_SIDE_OURS=page puts our Markdown component in the peers' chat page instead, renderer swapped). Prints
// medians over the rounds per page and ours/react-markdown and ours/streamdown for every figure, and the goals of
// issue 22. A fourth page, the floor, receives the same messages over the same transport and does nothing else
// (the text shows once the run ends; BENCH_FLOOR=append appends it to one text node per message instead), so what
// any renderer on this transport costs at least is printed beside them, with ours − floor against peer − floor.
// BENCH_ROUNDS, BENCH_TOKENS, BENCH_SIDE_TOKENS override the load; BENCH_SCENARIOS=one,four picks the
// scenarios; BENCH_TRACE_DIR keeps each page's raw trace there (BENCH_TRACE_INVALIDATION=1 adds invalidation
// tracking and paint detail to it, which costs time of its own: the figures of such a run are not comparable).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { STREAM_DRAW_MS } from '../src/renderer/src/stores/runs/streamPace'
import type { RunRequest } from '../src/shared/ipc/text'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium'
import { activeProfileId, startBenchHost } from './browserHost'
import { buildStreamPages } from './harness/stream/build'
import { loadLine, machineLine } from './machine'
import {
  measureStream,
  standaloneRequest,
  textPanelPrompt,
  type StreamMeasurement,
  type StreamTarget,
} from './streamRun'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const TOKENS = Number(process.env.BENCH_TOKENS ?? 50_000)
const SIDE_TOKENS = Number(process.env.BENCH_SIDE_TOKENS ?? 5_000)
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'one,four').split(',').map((s) => s.trim()))
const TRACE_DIR = process.env.BENCH_TRACE_DIR
const INVALIDATION_CATEGORIES =
  process.env.BENCH_TRACE_INVALIDATION === '1'
    ? [
        'disabled-by-default-devtools.timeline.invalidationTracking',
        'disabled-by-default-devtools.timeline.frame',
        'disabled-by-default-blink.invalidation',
        'blink',
        'cc',
      ]
    : []
const SIDE_OURS: 'compare' | 'page' = process.env.BENCH_SIDE_OURS === 'page' ? 'page' : 'compare'

// Receiving only is the floor by default: one text node appended to on every message is laid out and copied
// whole each time, which costs more than a renderer that splits the answer into blocks (BENCH_FLOOR=append).
// BENCH_FLOOR=draw shows plain text in paragraphs at the app's pace, following its end: the least a view that
// shows the answer as it arrives costs.
const FLOOR_MODE = (['append', 'draw'] as const).find((m) => m === process.env.BENCH_FLOOR) ?? 'none'
/** BENCH_FLOOR_DRAW_MS: how often the draw floor draws (the app's STREAM_DRAW_MS unless given). */
const FLOOR_DRAW_MS = Number(process.env.BENCH_FLOOR_DRAW_MS) || STREAM_DRAW_MS
const FLOOR_LABEL = {
  none: 'receive only',
  append: 'append to one text node',
  draw: `plain text drawn every ${FLOOR_DRAW_MS} ms, following its end`,
}[FLOOR_MODE]

type Side = 'ours' | 'react-markdown' | 'streamdown' | 'floor'
const SIDES: Side[] = ['ours', 'react-markdown', 'streamdown', 'floor']
const PEERS = ['react-markdown', 'streamdown'] as const
/** The harness page of each side (ours.html is our Markdown component in the chat page). */
const PAGE: Record<Side, string> = {
  ours: 'ours',
  'react-markdown': 'peer',
  streamdown: 'streamdown',
  floor: 'floor',
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

interface Row {
  label: string
  value: (m: StreamMeasurement, tokens: number) => number
  digits: number
  /** The ratio is meaningless for counts that can be zero on one side. */
  ratio?: boolean
}

const renderingMs = (m: StreamMeasurement) =>
  (m.trace?.breakdown['style+layout'] ?? NaN) + (m.trace?.breakdown.paint ?? NaN)
const busyPer10k = (m: StreamMeasurement, tokens: number) => ((m.trace?.busyMs ?? NaN) * 1e4) / tokens

const ROWS: Row[] = [
  {
    label: 'main-thread busy per 10k tokens (ms)',
    value: (m, tokens) => ((m.trace?.busyMs ?? NaN) * 10_000) / tokens,
    digits: 0,
    ratio: true,
  },
  {
    label: '  of which script (ms/10k)',
    value: (m, t) => ((m.trace?.breakdown.script ?? NaN) * 1e4) / t,
    digits: 0,
    ratio: true,
  },
  {
    label: '  of which style+layout (ms/10k)',
    value: (m, t) => ((m.trace?.breakdown['style+layout'] ?? NaN) * 1e4) / t,
    digits: 0,
    ratio: true,
  },
  {
    label: '  of which paint (ms/10k)',
    value: (m, t) => ((m.trace?.breakdown.paint ?? NaN) * 1e4) / t,
    digits: 0,
    ratio: true,
  },
  {
    label: '  style+layout+paint (ms/10k)',
    value: (m, t) => (renderingMs(m) * 1e4) / t,
    digits: 0,
    ratio: true,
  },
  { label: 'tasks > 50 ms', value: (m) => m.longOver50, digits: 0 },
  { label: 'tasks > 100 ms', value: (m) => m.longOver100, digits: 0 },
  { label: 'longest task (ms)', value: (m) => m.longestMs, digits: 0, ratio: true },
  { label: 'rAF gap p95 (ms)', value: (m) => m.gapP95, digits: 1, ratio: true },
  { label: 'rAF gap max (ms)', value: (m) => m.gapMax, digits: 0, ratio: true },
  { label: 'final-text lag (ms)', value: (m) => m.probe.finalLagMs ?? NaN, digits: 0, ratio: true },
  { label: 'JS heap at end (MB)', value: (m) => m.heapBytes / 2 ** 20, digits: 1, ratio: true },
  { label: 'run events received', value: (m) => m.probe.messages, digits: 0 },
  { label: 'text chars received', value: (m) => m.probe.receivedChars, digits: 0 },
]

type Results = Record<Side, StreamMeasurement[]>

/** Busy per 10k tokens of one side, median over the rounds. */
const medianBusy = (r: Results, side: Side, tokens: number) =>
  median(r[side].map((m) => busyPer10k(m, tokens)))

function printScenario(
  title: string,
  results: Results,
  tokens: number,
  goals: (r: Results) => string[],
): void {
  console.log(`\n${title}`)
  const cols = ['ours', 'react-md', 'streamdown', 'floor', 'ours/r-md', 'ours/sd']
  const head = `  ${'metric (median of rounds)'.padEnd(38)} ${cols.map((c) => c.padStart(10)).join(' ')}`
  console.log(head)
  console.log(`  ${'-'.repeat(head.length - 2)}`)
  for (const row of ROWS) {
    const med = (side: Side) => median(results[side].map((m) => row.value(m, tokens)))
    const ours = med('ours')
    const ratios = PEERS.map((peer) => {
      const p = med(peer)
      return row.ratio && p > 0 ? (ours / p).toFixed(3) : ''
    })
    console.log(
      `  ${row.label.padEnd(38)} ${SIDES.map((side) => med(side).toFixed(row.digits).padStart(10)).join(' ')} ${ratios.map((r) => r.padStart(10)).join(' ')}`,
    )
  }
  for (const side of SIDES)
    console.log(
      `  busy ms/10k per round, ${side}: ${results[side].map((m) => busyPer10k(m, tokens).toFixed(0)).join(', ')}`,
    )
  // What is ours above the floor, against what is each peer's above it: the part a renderer can still cut.
  const floor = medianBusy(results, 'floor', tokens)
  const ours = medianBusy(results, 'ours', tokens)
  console.log(
    `  floor (${FLOOR_LABEL}): busy ${floor.toFixed(0)} ms/10k, ` +
      PEERS.map((peer) => `${(floor / medianBusy(results, peer, tokens)).toFixed(3)} of ${peer}'s`).join(
        ', ',
      ) +
      `; script ${median(results.floor.map((m) => ((m.trace?.breakdown.script ?? NaN) * 1e4) / tokens)).toFixed(0)}, ` +
      `other ${median(results.floor.map((m) => ((m.trace?.breakdown.other ?? NaN) * 1e4) / tokens)).toFixed(0)} ms/10k`,
  )
  console.log(
    `  ours − floor: ${(ours - floor).toFixed(0)} ms/10k; ` +
      PEERS.map(
        (peer) =>
          `(ours − floor)/(${peer} − floor) ${((ours - floor) / (medianBusy(results, peer, tokens) - floor)).toFixed(3)}`,
      ).join(', '),
  )
  for (const side of SIDES) {
    const other = results[side][0]?.trace?.otherTop ?? []
    if (other.length > 0)
      console.log(
        `  'other' of ${side} (round 1, ms): ${other.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}`,
      )
  }
  for (const side of SIDES) {
    const csp = [...new Set(results[side].flatMap((m) => m.probe.cspViolations))]
    if (csp.length > 0) console.log(`  CSP violations on the ${side} page: ${csp.join('; ')}`)
  }
  for (const line of goals(results)) console.log(`  goal: ${line}`)
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')

/** One stream (issue 22): busy ≤ 1/10 of react-markdown's and ≤ 1/3 of streamdown's, 0 tasks > 100 ms, lag ≤ 50 ms. */
function oneStreamGoals(tokens: number) {
  return (r: Results): string[] => {
    const busy = (side: Side) => medianBusy(r, side, tokens)
    const rm = busy('ours') / busy('react-markdown')
    const sd = busy('ours') / busy('streamdown')
    const floor = busy('floor') / busy('react-markdown')
    const long = Math.max(...r.ours.map((m) => m.longOver100))
    const lag = median(r.ours.map((m) => m.probe.finalLagMs ?? Infinity))
    return [
      `busy ≤ 1/10 of react-markdown's: ${verdict(rm <= 0.1)} (ours/react-markdown ${rm.toFixed(3)}, 1/${(1 / rm).toFixed(1)})`,
      `busy ≤ 1/3 of streamdown's: ${verdict(sd <= 1 / 3)} (ours/streamdown ${sd.toFixed(3)}, 1/${(1 / sd).toFixed(1)})`,
      `the floor (${FLOOR_LABEL}) alone is ${floor.toFixed(3)} of react-markdown's busy: ${floor >= 0.1 ? `at or above 1/10, so no ${FLOOR_MODE === 'draw' ? `view showing the answer as it arrives, ${1000 / FLOOR_DRAW_MS} times a second or more,` : 'renderer on this transport'} meets the first goal` : `below 1/10, leaving a renderer ${(busy('react-markdown') / 10 - busy('floor')).toFixed(0)} ms/10k above it (ours uses ${(busy('ours') - busy('floor')).toFixed(0)})`}`,
      `0 tasks > 100 ms: ${verdict(long === 0)} (ours, worst round: ${long})`,
      `final-text lag ≤ 50 ms: ${verdict(lag <= 50)} (ours, median: ${lag.toFixed(0)} ms)`,
    ]
  }
}

/** Four streams (issue 22): busy ≤ 1/3 of each peer's; style + layout + paint no more than each peer's. */
function sideBySideGoals(tokens: number) {
  return (r: Results): string[] =>
    PEERS.flatMap((peer) => {
      const busy = medianBusy(r, 'ours', tokens) / medianBusy(r, peer, tokens)
      const paint = median(r.ours.map(renderingMs)) / median(r[peer].map(renderingMs))
      return [
        `busy ≤ 1/3 of ${peer}'s: ${verdict(busy <= 1 / 3)} (${busy.toFixed(3)})`,
        `style+layout+paint ≤ ${peer}'s: ${verdict(paint <= 1)} (${paint.toFixed(3)})`,
      ]
    })
}

/** The chat requests of the four-stream scenario when every side is a harness page. */
function sideRequests(profileId: string, tokens: number, runs: number): RunRequest[] {
  return Array.from({ length: runs }, (_, i) => ({
    profileId,
    format: 'chat',
    draft: {
      model: 'gpt-4o-mini',
      stream: true,
      maxTokens: tokens + 1000,
      messages: [
        {
          role: 'user',
          parts: [{ type: 'text', text: `sim:tokens=${tokens} stream ${i + 1} with code and tables` }],
        },
      ],
    },
  }))
}

async function runScenario(
  browser: Browser,
  title: string,
  tps: number,
  tokensPerRun: number,
  runs: number,
  streamDir: string,
  goals: (tokens: number) => (r: Results) => string[],
): Promise<void> {
  const host = await startBenchHost(tps)
  try {
    const pages = await host.serve(streamDir)
    const pageUrl = (side: Side) =>
      `${pages.origin}/${PAGE[side]}.html?token=${pages.token}${side === 'floor' ? `&floor=${FLOOR_MODE}&drawMs=${FLOOR_DRAW_MS}` : ''}`
    // Ours is the app's own panel, driven through its form: the Text panel for one stream, the Compare panel for
    // several. The peers get the requests the panel sent (captured in the first round, where ours goes first, and
    // made standalone), so the simulator's answers are the same. With BENCH_SIDE_OURS=page every side is handed
    // the same requests up front.
    let captured: RunRequest[] | null =
      runs > 1 && SIDE_OURS === 'page'
        ? sideRequests(await activeProfileId(host.core), tokensPerRun, runs)
        : null
    const results: Results = { ours: [], 'react-markdown': [], streamdown: [], floor: [] }
    const timeoutMs = (tokensPerRun / tps) * 1000 * 4 + 60_000
    for (let round = 0; round < ROUNDS; round++) {
      // Rotating: each page goes first, second, third and fourth once over four rounds.
      const order = SIDES.map((_, i) => SIDES[(i + round) % SIDES.length]!)
      for (const side of order) {
        let target: StreamTarget
        if (side === 'ours' && runs === 1) target = { kind: 'app', url: host.app.url, tokens: tokensPerRun }
        else if (side === 'ours' && SIDE_OURS === 'compare')
          target = { kind: 'compare', url: host.app.url, tokens: tokensPerRun, columns: runs }
        else target = { kind: 'page', url: pageUrl(side), requests: captured! }
        const m = await measureStream(browser, target, {
          timeoutMs,
          extraCategories: INVALIDATION_CATEGORIES,
          ...(TRACE_DIR ? { traceFile: join(TRACE_DIR, `${runs}-${side}-r${round + 1}.json`) } : {}),
        })
        if (!captured)
          captured = (m.probe.startRequests as RunRequest[]).map((sent) =>
            standaloneRequest(sent, textPanelPrompt(tokensPerRun)),
          )
        results[side].push(m)
        console.log(
          `  round ${round + 1} ${side}: ${m.probe.receivedChars} chars, busy ${(m.trace?.busyMs ?? 0).toFixed(0)} ms, ` +
            `tasks > 100 ms ${m.longOver100}, rAF p95 ${m.gapP95.toFixed(1)} ms, lag ${m.probe.finalLagMs?.toFixed(0)} ms; ${loadLine()}`,
        )
      }
    }
    printScenario(title, results, tokensPerRun * runs, goals(tokensPerRun * runs))
  } finally {
    await host.close()
  }
}

export default async function main(): Promise<void> {
  const streamDir = mkdtempSync(join(tmpdir(), 'bench-stream-pages-'))
  await buildStreamPages(streamDir)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    console.log(
      `\nPeers: ours against react-markdown 10.1.0 + remark-gfm 4.0.1 + rehype-highlight 7.0.2 and streamdown 2.7.1, ${ROUNDS} rounds, order rotating`,
    )
    console.log(`  ${machineLine(browser.version())}`)
    console.log(`  ${loadLine()} at start`)
    if (SCENARIOS.has('one'))
      await runScenario(
        browser,
        `One stream: ${TOKENS} tokens at 2000 tokens/s (ours = the Text panel in browser mode)`,
        2000,
        TOKENS,
        1,
        streamDir,
        oneStreamGoals,
      )
    if (SCENARIOS.has('four'))
      await runScenario(
        browser,
        `Four streams side by side: 4 × ${SIDE_TOKENS} tokens at 500 tokens/s each (ours = ${SIDE_OURS === 'compare' ? 'the Compare panel in browser mode' : 'our Markdown in the chat page'})`,
        500,
        SIDE_TOKENS,
        4,
        streamDir,
        sideBySideGoals,
      )
    console.log(`\n  ${loadLine()} at end`)
  } finally {
    await browser.close()
    rmSync(streamDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
