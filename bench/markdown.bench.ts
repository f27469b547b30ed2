// P2 for the Markdown component alone: streams 50,000 tokens of realistic markdown (prose, code blocks,
// tables, lists) at 2,000 tokens/s into the component in Chromium, appending on a timer inside the page and
// coalesced at ~60 updates/s like the IPC stream, and prints long tasks, rAF gaps and the final-text lag.
// Run alone with `node --import tsx bench/markdown.bench.ts` (BENCH_TOKENS, BENCH_TPS override the load).
import { decode, encode } from 'gpt-tokenizer'
import { chromium } from 'playwright-core'
import type {} from '../test/e2e/harness/markdown/api'
import { startMarkdownHarness } from '../test/e2e/harness/markdown/serve'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium'

const TOKENS = Number(process.env.BENCH_TOKENS ?? 50_000)
const TPS = Number(process.env.BENCH_TPS ?? 2_000)
const FLUSH_MS = 16

/** Deterministic PRNG so every run streams the same document. */
function mulberry32(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = (
  'the gateway streams tokens quickly while the renderer keeps every frame smooth and the reader can ' +
  'scroll stop copy or select text model output arrives in small pieces each piece extends the last ' +
  'block request response header latency budget retry backoff jitter stream event delta usage cache ' +
  'format adapter parser tokenizer schema validation timeout socket buffer chunk frame table list code'
).split(' ')

/** A long model answer: prose with inline markup, headings, lists, task lists, tables, quotes and code. */
export function realisticMarkdown(minTokens: number, seed = 7): string {
  const random = mulberry32(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ')
  const sentence = () => {
    const s = words(8 + Math.floor(random() * 14))
    const decorated = s
      .replace(/^(\w+ \w+)/, (m) => (random() < 0.3 ? `**${m}**` : m))
      .replace(/ (\w+) /, (m, w: string) =>
        random() < 0.3 ? ` \`${w}()\` ` : random() < 0.2 ? ` *${w}* ` : m,
      )
    const link =
      random() < 0.15 ? ` (see [the ${pick(WORDS)} docs](https://docs.example.com/${pick(WORDS)}))` : ''
    return decorated[0]!.toUpperCase() + decorated.slice(1) + link + '.'
  }
  const paragraph = () => Array.from({ length: 2 + Math.floor(random() * 4) }, sentence).join(' ')
  const code = () => {
    const lang = pick(['ts', 'python', 'sh', 'json'])
    const lines = Array.from({ length: 6 + Math.floor(random() * 30) }, (_, i) =>
      lang === 'python'
        ? `    ${pick(WORDS)}_${i} = ${pick(WORDS)}(${Math.floor(random() * 100)})  # ${words(4)}`
        : lang === 'sh'
          ? `curl -s https://api.example.com/${pick(WORDS)} | jq '.${pick(WORDS)}'`
          : lang === 'json'
            ? `  "${pick(WORDS)}_${i}": { "value": ${Math.floor(random() * 1000)}, "note": "${words(3)}" },`
            : `  const ${pick(WORDS)}${i} = await ${pick(WORDS)}(${i}) // ${words(4)}`,
    )
    return `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``
  }
  const table = () => {
    const cols = 3 + Math.floor(random() * 3)
    const header = `| ${Array.from({ length: cols }, () => pick(WORDS)).join(' | ')} |`
    const rule = `|${Array.from({ length: cols }, (_, i) => (i === cols - 1 ? '---:' : '---')).join('|')}|`
    const cell = (i: number) => (i === 0 ? `\`${pick(WORDS)}\`` : words(2))
    const rows = Array.from(
      { length: 4 + Math.floor(random() * 10) },
      () => `| ${Array.from({ length: cols }, (_, i) => cell(i)).join(' | ')} |`,
    )
    return [header, rule, ...rows].join('\n')
  }
  const list = () => {
    const ordered = random() < 0.4
    const task = !ordered && random() < 0.3
    return Array.from({ length: 3 + Math.floor(random() * 6) }, (_, i) => {
      const marker = ordered ? `${i + 1}.` : task ? `- [${random() < 0.5 ? 'x' : ' '}]` : '-'
      const nested = random() < 0.2 ? `\n   - ${sentence()}` : ''
      return `${marker} ${sentence()}${nested}`
    }).join('\n')
  }
  const parts: string[] = []
  let section = 1
  let tokens = 0
  while (tokens < minTokens) {
    const block =
      random() < 0.08
        ? `## ${section++}. ${words(3)}`
        : pick([paragraph, paragraph, paragraph, code, table, list, () => `> ${paragraph()}`, () => '---'])()
    parts.push(block)
    tokens += encode(block).length + 1
  }
  return parts.join('\n\n') + '\n'
}

export interface MarkdownBenchResult {
  tokens: number
  chars: number
  updates: number
  streamSeconds: number
  longTasksOver50: number
  longTasksOver100: number
  longestTaskMs: number
  rafGapP95Ms: number
  rafGapMaxMs: number
  finalTextLagMs: number
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

export async function runMarkdownBench(
  tokenCount = TOKENS,
  tokensPerSecond = TPS,
  // Block-by-block counts slightly underestimate the whole document's, hence the margin.
  text = realisticMarkdown(Math.ceil(tokenCount * 1.05)),
): Promise<MarkdownBenchResult> {
  const tokens = encode(text)
    .slice(0, tokenCount)
    .map((id) => decode([id]))
  const harness = await startMarkdownHarness()
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    // tsx compiles the evaluated function with esbuild's keepNames, which calls a __name helper the page
    // does not have.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f' })
    await page.goto(harness.url)
    await page.waitForFunction(() => typeof window.markdownHarness === 'object')
    const measured = await page.evaluate(
      async ({ tokens, tokensPerSecond, flushMs }) => {
        const harness = window.markdownHarness
        const longTasks: number[] = []
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration)
        })
        observer.observe({ type: 'longtask', buffered: false })
        const frames: number[] = []
        let framesOn = true
        const onFrame = (time: number) => {
          frames.push(time)
          if (framesOn) requestAnimationFrame(onFrame)
        }
        requestAnimationFrame(onFrame)

        const start = performance.now()
        let sent = 0
        let text = ''
        let updates = 0
        // Chunks arrive on a timer and are coalesced: everything due since the last flush lands at once.
        await new Promise<void>((done) => {
          const flush = () => {
            const due = Math.min(
              tokens.length,
              Math.floor(((performance.now() - start) * tokensPerSecond) / 1000),
            )
            if (due > sent) {
              for (let i = sent; i < due; i++) text += tokens[i]
              sent = due
              updates++
              harness.schedule(text, true)
            }
            if (sent >= tokens.length) done()
            else setTimeout(flush, flushMs)
          }
          setTimeout(flush, flushMs)
        })
        const lastChunkAt = performance.now()
        // "On screen": the commit holding the whole text has happened and the next frame has been produced.
        while (harness.lastCommit().length !== text.length) {
          await new Promise((r) => requestAnimationFrame(r))
        }
        await new Promise((r) => requestAnimationFrame(r))
        const onScreenAt = performance.now()
        const streamEnd = performance.now()
        framesOn = false
        await new Promise((r) => setTimeout(r, 100))
        observer.disconnect()
        harness.schedule(text, false)
        const gaps: number[] = []
        for (let i = 1; i < frames.length; i++)
          if (frames[i]! <= streamEnd) gaps.push(frames[i]! - frames[i - 1]!)
        return {
          chars: text.length,
          updates,
          streamSeconds: (lastChunkAt - start) / 1000,
          longTasks,
          gaps,
          finalTextLagMs: onScreenAt - lastChunkAt,
        }
      },
      { tokens, tokensPerSecond, flushMs: FLUSH_MS },
    )
    return {
      tokens: tokens.length,
      chars: measured.chars,
      updates: measured.updates,
      streamSeconds: measured.streamSeconds,
      longTasksOver50: measured.longTasks.filter((d) => d > 50).length,
      longTasksOver100: measured.longTasks.filter((d) => d > 100).length,
      longestTaskMs: Math.max(0, ...measured.longTasks),
      rafGapP95Ms: percentile(measured.gaps, 95),
      rafGapMaxMs: Math.max(0, ...measured.gaps),
      finalTextLagMs: measured.finalTextLagMs,
    }
  } finally {
    await browser.close()
    await harness.close()
  }
}

export function printMarkdownBench(r: MarkdownBenchResult): void {
  const rows: [string, string, string, boolean | null][] = [
    ['tokens streamed', `${r.tokens} (${r.chars} chars)`, '50,000', r.tokens >= 50_000],
    [
      'stream duration',
      `${r.streamSeconds.toFixed(1)} s (${(r.tokens / r.streamSeconds).toFixed(0)} tok/s)`,
      '',
      null,
    ],
    ['renderer updates', `${r.updates} (${(r.updates / r.streamSeconds).toFixed(0)}/s)`, '≤ ~60/s', null],
    ['long tasks > 50 ms', String(r.longTasksOver50), '', null],
    ['long tasks > 100 ms', String(r.longTasksOver100), '0', r.longTasksOver100 === 0],
    ['longest task', `${r.longestTaskMs.toFixed(0)} ms`, '', null],
    ['rAF gap p95', `${r.rafGapP95Ms.toFixed(1)} ms`, '≤ 33 ms', r.rafGapP95Ms <= 33],
    ['rAF gap max', `${r.rafGapMaxMs.toFixed(1)} ms`, '', null],
    [
      'last chunk → final text on screen',
      `${r.finalTextLagMs.toFixed(1)} ms`,
      '≤ 250 ms',
      r.finalTextLagMs <= 250,
    ],
  ]
  const w0 = Math.max(...rows.map((x) => x[0].length))
  const w1 = Math.max(...rows.map((x) => x[1].length))
  console.log('\nMarkdown streaming (P2) — component alone in Chromium')
  console.log(`${'metric'.padEnd(w0)}  ${'measured'.padEnd(w1)}  ${'bar'.padEnd(8)}  result`)
  console.log(`${'-'.repeat(w0)}  ${'-'.repeat(w1)}  ${'-'.repeat(8)}  ------`)
  for (const [name, value, bar, ok] of rows) {
    console.log(
      `${name.padEnd(w0)}  ${value.padEnd(w1)}  ${bar.padEnd(8)}  ${ok === null ? '' : ok ? 'pass' : 'FAIL'}`,
    )
  }
}

export default async function main(): Promise<void> {
  printMarkdownBench(await runMarkdownBench())
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
