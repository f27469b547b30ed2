// `npm run bench -- peers`: our rendering against the peers' stack (react-markdown + remark-gfm +
// rehype-highlight re-rendering the whole message) on the same simulator stream, through the same main
// process, coalescer, WebSocket transport and CSP, in one Chromium, alternating the order over the rounds.
// Scenario 1 is the Text panel itself against the peer page; scenario 2 is four streams side by side, where
// both pages are the same chat page with only the message renderer swapped. Prints medians over the rounds
// per page and the ratio ours/peer. BENCH_ROUNDS, BENCH_TOKENS, BENCH_SIDE_TOKENS override the load.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
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

type Side = 'ours' | 'peer'

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

function printScenario(title: string, results: Record<Side, StreamMeasurement[]>, tokens: number): void {
  console.log(`\n${title}`)
  const head = `  ${'metric (median of rounds)'.padEnd(38)} ${'ours'.padStart(10)} ${'peer'.padStart(10)} ${'ours/peer'.padStart(10)}`
  console.log(head)
  console.log(`  ${'-'.repeat(head.length - 2)}`)
  for (const row of ROWS) {
    const ours = median(results.ours.map((m) => row.value(m, tokens)))
    const peer = median(results.peer.map((m) => row.value(m, tokens)))
    const ratio = row.ratio && peer > 0 ? (ours / peer).toFixed(3) : ''
    console.log(
      `  ${row.label.padEnd(38)} ${ours.toFixed(row.digits).padStart(10)} ${peer.toFixed(row.digits).padStart(10)} ${ratio.padStart(10)}`,
    )
  }
  const busy = (side: Side) =>
    results[side].map((m) => (((m.trace?.busyMs ?? 0) * 1e4) / tokens).toFixed(0)).join(', ')
  console.log(`  busy ms/10k per round: ours ${busy('ours')}; peer ${busy('peer')}`)
  const ours = median(results.ours.map((m) => ROWS[0]!.value(m, tokens)))
  const peer = median(results.peer.map((m) => ROWS[0]!.value(m, tokens)))
  const peerLong = median(results.peer.map((m) => m.longOver100))
  const oursLong = Math.max(...results.ours.map((m) => m.longOver100))
  console.log(
    `  goal: busy time ≤ 1/5 of the peer's: ${ours / peer <= 0.2 ? 'met' : 'NOT met'} (${(peer / ours).toFixed(1)}× less); ` +
      `zero tasks > 100 ms where the peer has many: ${oursLong === 0 && peerLong > 0 ? 'met' : 'NOT met'} (ours max ${oursLong}, peer median ${peerLong})`,
  )
}

async function runScenario(
  browser: Browser,
  title: string,
  tps: number,
  tokensPerRun: number,
  runs: number,
  streamDir: string,
): Promise<void> {
  const host = await startBenchHost(tps)
  try {
    const pages = await host.serve(streamDir)
    const pageUrl = (side: Side) => `${pages.origin}/${side}.html?token=${pages.token}`
    const activeId = await activeProfileId(host.core)
    // Four streams: the same four requests for both pages. One stream: ours is the Text panel, and the peer
    // gets the request the panel sent (captured in the first round, made standalone), so the simulator's answer is
    // the same.
    const sideRequests: RunRequest[] = Array.from({ length: runs }, (_, i) => ({
      profileId: activeId,
      format: 'chat',
      draft: {
        model: 'gpt-4o-mini',
        stream: true,
        maxTokens: tokensPerRun + 1000,
        messages: [
          {
            role: 'user',
            parts: [
              { type: 'text', text: `sim:tokens=${tokensPerRun} stream ${i + 1} with code and tables` },
            ],
          },
        ],
      },
    }))
    let captured: RunRequest[] | null = runs > 1 ? sideRequests : null
    const results: Record<Side, StreamMeasurement[]> = { ours: [], peer: [] }
    const timeoutMs = (tokensPerRun / tps) * 1000 * 4 + 60_000
    for (let round = 0; round < ROUNDS; round++) {
      const order: Side[] = round % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours']
      for (const side of order) {
        let target: StreamTarget
        if (side === 'ours' && runs === 1) target = { kind: 'app', url: host.app.url, tokens: tokensPerRun }
        else
          target = {
            kind: 'page',
            url: side === 'ours' ? pageUrl('ours') : pageUrl('peer'),
            requests: captured!,
          }
        const m = await measureStream(browser, target, { timeoutMs })
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
    printScenario(title, results, tokensPerRun * runs)
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
      `\nPeers: ours against react-markdown 10.1.0 + remark-gfm 4.0.1 + rehype-highlight 7.0.2, ${ROUNDS} rounds, order alternating`,
    )
    console.log(`  ${machineLine(browser.version())}`)
    console.log(`  ${loadLine()} at start`)
    await runScenario(
      browser,
      `One stream: ${TOKENS} tokens at 2000 tokens/s (ours = the Text panel in browser mode)`,
      2000,
      TOKENS,
      1,
      streamDir,
    )
    await runScenario(
      browser,
      `Four streams side by side: 4 × ${SIDE_TOKENS} tokens at 500 tokens/s each (same chat page, renderer swapped)`,
      500,
      SIDE_TOKENS,
      4,
      streamDir,
    )
    console.log(`\n  ${loadLine()} at end`)
  } finally {
    await browser.close()
    rmSync(streamDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
