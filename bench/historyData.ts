// The data folder the history benchmark measures: a million runs of realistic sizes and kinds, made once by the
// benchmark (never committed) under bench/.data/ and reused while its layout version matches. The mix is what a
// user of evals and load tests builds up: load-test runs sending the same few bodies over and over, eval rows run
// over four variants (the same prompt four times), and hand-made runs; a year of them, with costs.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { HistoryStore, type StoredRun } from '../src/main/services/history/historyStore'

/** Bump when the store's layout or this mix changes: an older folder is made again. */
const DATA_VERSION = 'layout-4.1'
const YEAR_MS = 365 * 86_400_000

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
const MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'claude-sonnet',
  'claude-haiku',
  'gemini-pro',
  'gemini-flash',
].flatMap((m) => [m, `${m}-2026`])
const PROFILES = ['Local simulator', 'Staging', 'Production', 'EU gateway']
const FORMATS = ['chat', 'responses', 'messages', 'native'] as const
/** Price per million output tokens in micro-dollars, by model index. */
const PRICE = MODELS.map((_, i) => 150_000 * (1 + (i % 6)) * 4)

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

const paragraph = (next: () => number, sentences: number, words: number) =>
  Array.from({ length: sentences }, () => sentence(next, words + Math.floor(next() * words))).join(' ')

/** Run `i` of the mix: 30 % load test (20 bodies), 40 % eval (a row over four variants), 30 % by hand. */
export function realisticRun(i: number, next: () => number, base = Date.now() - YEAR_MS): StoredRun {
  const kindOf = i % 10
  const model = Math.floor(next() * MODELS.length)
  let prompt: string
  if (kindOf < 3) prompt = paragraph(rng(i % 20), 2, 8)
  else if (kindOf < 7) prompt = paragraph(rng(1_000 + Math.floor(i / 4)), 1 + (i % 3), 8)
  else prompt = paragraph(next, 1 + Math.floor(next() * 3), 6)
  const answer = paragraph(next, 4 + Math.floor(next() * 26), 8)
  const format = FORMATS[i % 4]!
  const outputTokens = Math.round(answer.length / 4)
  const failed = next() < 0.06
  return {
    id: `bench-run-${i}`,
    kind: kindOf === 9 ? 'compare' : 'text',
    createdAt: Math.round(base + (i * YEAR_MS) / 1_000_000),
    format,
    model: MODELS[model]!,
    profile: PROFILES[kindOf < 3 ? 1 : Math.floor(next() * PROFILES.length)]!,
    status: failed ? 'error' : 'done',
    ttftMs: 80 + Math.floor(next() * 900),
    totalMs: 600 + Math.floor(next() * 9_000),
    inputTokens: Math.round(prompt.length / 4),
    outputTokens,
    cost: { micros: Math.round((outputTokens * PRICE[model]!) / 1_000_000), currency: 'USD', estimate: true },
    prompt,
    answer,
    requestBody: JSON.stringify({ model: MODELS[model], messages: [{ role: 'user', content: prompt }] }),
    draft: { model: MODELS[model], messages: [{ role: 'user', parts: [{ type: 'text', text: prompt }] }] },
    result: { summary: { stopReason: failed ? 'error' : 'stop' } },
    error: failed ? 'The gateway answered 503: upstream overloaded' : null,
    capture: null,
  }
}

/** The folder of `runs` runs, made now if missing or of another version; answers its path. */
export async function historyData(runs: number, log: (line: string) => void = console.log): Promise<string> {
  const dir = join(import.meta.dirname, '.data', `history-${runs}`)
  const stamp = join(dir, 'made.json')
  const made = existsSync(stamp) ? (JSON.parse(readFileSync(stamp, 'utf8')) as { version: string }) : null
  if (made?.version === DATA_VERSION) return listedTerms(dir, log)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const started = performance.now()
  const store = new HistoryStore(dir)
  const next = rng(42)
  const base = Date.now() - YEAR_MS
  const BATCH = 2_000
  for (let i = 0; i < runs; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, runs - i) }, (_, k) => realisticRun(i + k, next, base))
    store.recordMany(batch, true)
    if ((i / BATCH) % 25 === 0) {
      store.checkpointLog()
      log(`  making the history: ${(i + batch.length).toLocaleString()} of ${runs.toLocaleString()} runs`)
    }
  }
  // As a history that has been open a while has it: the worker merges the index's segments when idle.
  store.mergeIndex(0)
  await store.close()
  writeFileSync(
    stamp,
    JSON.stringify({ version: DATA_VERSION, runs, seconds: (performance.now() - started) / 1000 }),
  )
  return listedTerms(dir, log)
}

/**
 * As the worker does between messages after an upgrade: the index's words listed for prefix search (once; a
 * folder of an earlier version of the app), so the figures are those of a history that has been open a while.
 */
async function listedTerms(dir: string, log: (line: string) => void): Promise<string> {
  const store = new HistoryStore(dir)
  if (store.search.terms.listing) {
    const started = performance.now()
    while (store.search.terms.listStep(1_000)) store.checkpointLog()
    log(
      `  the index's words listed for prefix search in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  }
  await store.close()
  return dir
}

if (import.meta.url === `file://${process.argv[1]}`) await historyData(Number(process.argv[2] ?? 1_000_000))
