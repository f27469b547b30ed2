// `npm run load`: the load test from the command line, for CI, on the same engine as the Load test panel. Targets
// are every model × format given; the profile (base URL, key from an environment variable, headers) is held in
// memory. Prints a table of the levels (or, with --json, the levels as JSON: the README's field names, times in
// ms); --out / --csv write the report; --compare names regressions against an earlier report; --locust writes a
// locustfile.py making the same requests instead of running; with --prices, the last lines say what the test
// cost, in all and per target. Exit: 0 ran (request errors are figures, not
// failures), 1 could not run or a regression was found with --compare, 2 bad arguments (named).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  LOAD_FORMATS,
  loadPlanSchema,
  plannedRequests,
  targetLabel,
  type LoadFormat,
  type LoadPlan,
} from '../../../shared/load/plan'
import {
  levelsTable,
  levelsToCsv,
  readLoadReport,
  reportCost,
  reportToJson,
  type LoadReport,
} from '../../../shared/load/report'
import { diffLoadReports, diffToText } from '../../../shared/load/diff'
import { GatewayClient } from '../gateway'
import { PROFILE_OPTIONS, profileFromArgs } from '../cliProfile'
import { NETWORK_USAGE } from '../network/cliNetwork'
import type { ResolvedProfile } from '../profiles'
import { loadTokenizer, preparePrompts } from './prompts'
import { LoadRun } from './loadRun'
import { RunWriter } from './runFiles'
import { locustFileOf } from './locustExport'
import { cliCostService, PRICES_OPTION, readPricesArg, spendWords } from '../cost/cliPrices'
import type { ModelPrice } from '../../../shared/cost/prices'

export const LOAD_USAGE = `usage: npm run load -- --base-url <url> --key-env <VAR> --models <id,id,…> [--formats chat,messages,…]
                     (--concurrency 1,4,16,64 | --rate 1,2,4) (--requests <n> | --seconds <s>) [options]
  --formats          chat, responses, messages, native (text) or embeddings, embedContent, batchEmbedContents;
                     every model × format is a target (default chat)
  --no-stream        text answers whole instead of streamed
  --input-tokens <n> synthetic prompts of n tokens (default 128)   --prompts <file>  one prompt per line / JSON lines
  --max-tokens <n>   output length asked for (default 128)         --sim-tokens      also ask the simulator for it
  --warmup <n>       requests per level sent first, not measured (default 0)
  --timeout <s>      one request's time at most (default 120)      --max-in-flight <n>  rate levels (default 256)
  --ttft-limit <ms> --tpot-limit <ms>   goodput: the share of requests within both
  --header <name>:<value> …  --native-auth bearer|header|query      --name <text>
${NETWORK_USAGE}
  --json             print the levels as JSON          --out <file>   write the report (JSON)   --csv <file>  levels as CSV
  --compare <report.json>  name the regressions since an earlier report
  --locust <file> [--locust-key-env <VAR>]  write a locustfile.py making the same requests (does not run)
  --prices <file>    prices per model (LiteLLM's JSON, the CSV or the app's price file, as Settings imports): each
                     request priced from the usage it reported; the last lines say what the test cost, in all and
                     per target (requests without a price counted)
  Exit code: 0 ran, 1 could not run (or --compare found a regression), 2 bad arguments.`

export interface LoadCliConfig {
  plan: LoadPlan
  profile: ResolvedProfile
  json: boolean
  out: string | null
  csv: string | null
  compare: { path: string; report: LoadReport } | null
  locust: { path: string; keyEnv: string } | null
  keyEnv: string
  /** Prices from `--prices <file>`; null when none were given (the spend is then not computed). */
  prices: ModelPrice[] | null
}

export type ParsedLoadArgs =
  { ok: true; config: LoadCliConfig } | { ok: false; message: string } | { ok: 'help' }

const list = (values: string[] | undefined) =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)

function numberList(text: string, option: string): number[] | string {
  const parts = list([text])
  const out = parts.map(Number)
  const bad = parts.find((p, i) => !Number.isFinite(out[i]!) || out[i]! <= 0)
  if (bad !== undefined || parts.length === 0)
    return `${option}: numbers above 0 separated by commas (got "${text}")`
  return out
}

function optionalNumber(text: string | undefined, option: string, whole = true): number | null | string {
  if (text === undefined) return null
  const n = Number(text)
  if (!Number.isFinite(n) || n <= 0 || (whole && !Number.isInteger(n)))
    return `${option}: ${whole ? 'a whole number' : 'a number'} above 0 (got "${text}")`
  return n
}

export function parseLoadArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ParsedLoadArgs {
  let values
  try {
    values = parseArgs({
      args: [...argv],
      allowPositionals: false,
      options: {
        ...PROFILE_OPTIONS,
        models: { type: 'string', multiple: true },
        formats: { type: 'string', multiple: true },
        'no-stream': { type: 'boolean' },
        'input-tokens': { type: 'string' },
        prompts: { type: 'string' },
        'max-tokens': { type: 'string' },
        'sim-tokens': { type: 'boolean' },
        concurrency: { type: 'string' },
        rate: { type: 'string' },
        requests: { type: 'string' },
        seconds: { type: 'string' },
        warmup: { type: 'string' },
        timeout: { type: 'string' },
        'max-in-flight': { type: 'string' },
        'ttft-limit': { type: 'string' },
        'tpot-limit': { type: 'string' },
        name: { type: 'string' },
        json: { type: 'boolean' },
        out: { type: 'string' },
        csv: { type: 'string' },
        compare: { type: 'string' },
        locust: { type: 'string' },
        'locust-key-env': { type: 'string' },
        ...PRICES_OPTION,
        help: { type: 'boolean' },
      },
    }).values
  } catch (error) {
    return { ok: false, message: (error as Error).message }
  }
  if (values.help) return { ok: 'help' }
  const profile = profileFromArgs(values, env)
  if (!profile.ok) return profile
  const models = list(values.models)
  if (models.length === 0) return { ok: false, message: '--models: name at least one model id' }
  const formats = list(values.formats?.length ? values.formats : ['chat'])
  const unknown = formats.find((f) => !(LOAD_FORMATS as readonly string[]).includes(f))
  if (unknown) return { ok: false, message: `--formats "${unknown}": one of ${LOAD_FORMATS.join(', ')}` }
  if ((values.concurrency === undefined) === (values.rate === undefined))
    return { ok: false, message: '--concurrency or --rate: give exactly one (levels separated by commas)' }
  const mode = values.concurrency !== undefined ? 'concurrency' : 'rate'
  const levels = numberList((values.concurrency ?? values.rate)!, `--${mode}`)
  if (typeof levels === 'string') return { ok: false, message: levels }
  if ((values.requests === undefined) === (values.seconds === undefined))
    return { ok: false, message: '--requests or --seconds: give exactly one (per level)' }
  const per = values.requests !== undefined ? 'requests' : 'seconds'
  const amount = optionalNumber(values.requests ?? values.seconds, `--${per}`)
  const numbers = {
    inputTokens: optionalNumber(values['input-tokens'], '--input-tokens'),
    maxTokens: optionalNumber(values['max-tokens'], '--max-tokens'),
    timeout: optionalNumber(values.timeout, '--timeout'),
    maxInFlight: optionalNumber(values['max-in-flight'], '--max-in-flight'),
    ttft: optionalNumber(values['ttft-limit'], '--ttft-limit', false),
    tpot: optionalNumber(values['tpot-limit'], '--tpot-limit', false),
  }
  for (const v of [amount, ...Object.values(numbers)])
    if (typeof v === 'string') return { ok: false, message: v }
  const warmup = values.warmup === undefined ? 0 : Number(values.warmup)
  if (!Number.isInteger(warmup) || warmup < 0)
    return { ok: false, message: `--warmup: a whole number, 0 or more (got "${values.warmup}")` }
  if (values.prompts !== undefined && values['input-tokens'] !== undefined)
    return { ok: false, message: '--prompts and --input-tokens: give one of them' }
  const n = (v: number | string | null, d: number) => (typeof v === 'number' ? v : d)
  const candidate = {
    ...(values.name ? { name: values.name } : {}),
    targets: models.flatMap((model) =>
      formats.map((format) => ({
        profileId: 'command-line',
        model,
        format: format as LoadFormat,
        stream: !values['no-stream'],
      })),
    ),
    prompts: values.prompts
      ? { kind: 'file' as const, ref: values.prompts, name: values.prompts }
      : { kind: 'synthetic' as const, inputTokens: n(numbers.inputTokens, 128) },
    maxTokens: n(numbers.maxTokens, 128),
    simTokens: !!values['sim-tokens'],
    shape: {
      mode,
      levels,
      per,
      amount: amount as number,
      warmup,
      timeoutS: n(numbers.timeout, 120),
      maxInFlight: n(numbers.maxInFlight, 256),
    },
    goodput: { ttftMs: numbers.ttft as number | null, tpotMs: numbers.tpot as number | null },
  }
  const parsed = loadPlanSchema.safeParse(candidate)
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message }
  let compare: LoadCliConfig['compare'] = null
  if (values.compare !== undefined) {
    let text: string
    try {
      text = readFileSync(values.compare, 'utf8')
    } catch (error) {
      return {
        ok: false,
        message: `--compare: cannot read ${values.compare}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      }
    }
    const read = readLoadReport(text)
    if (!read.ok) return { ok: false, message: `--compare: ${values.compare}: ${read.problem}` }
    compare = { path: values.compare, report: read.report }
  }
  const prices = readPricesArg(values.prices)
  if (!prices.ok) return prices
  const keyEnv = values['key-env']!
  return {
    ok: true,
    config: {
      plan: parsed.data,
      profile: profile.profile,
      json: !!values.json,
      out: values.out ?? null,
      csv: values.csv ?? null,
      compare,
      locust: values.locust ? { path: values.locust, keyEnv: values['locust-key-env'] ?? keyEnv } : null,
      keyEnv,
      prices: values.prices === undefined ? null : prices.rows,
    },
  }
}

/** What the test cost: the total, then each target's (priced requests, and those without a cost by why). */
function spendLines(report: LoadReport, pricesGiven: boolean): string[] {
  const total = reportCost(report)
  if (!pricesGiven || !total) return ['Spend: not computed (no prices: give --prices <file>)']
  return [
    `Spend: ${spendWords(total, 'request')}`,
    ...report.targets.map((t) => `  ${targetLabel(t)}: ${t.cost ? spendWords(t.cost, 'request') : '—'}`),
  ]
}

/** Runs the test (or writes the Locust file); answers the exit code. */
export async function runLoadCli(
  config: LoadCliConfig,
  print: (text: string) => void,
  note: (text: string) => void = print,
): Promise<number> {
  const { plan, profile } = config
  const tokenizer = await loadTokenizer()
  const expected = plannedRequests(plan) ?? 2048
  const prompts = await preparePrompts(
    plan,
    { readFile: async (ref) => readFileSync(ref, 'utf8'), readCase: async () => null },
    tokenizer,
    expected,
  )
  if (config.locust) {
    writeFileSync(config.locust.path, locustFileOf(plan, [profile], prompts, config.locust.keyEnv))
    note(
      `Wrote ${config.locust.path}: run it with  locust -f ${config.locust.path} --host ${profile.baseUrl} --headless`,
    )
    return 0
  }
  const runId = `cli-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  // Prices live in a folder as long as the run: each request is priced in main's way from what it reported.
  const costDir = config.prices ? mkdtempSync(join(tmpdir(), 'load-prices-')) : null
  const costs = costDir ? cliCostService(costDir, profile.id, config.prices ?? []) : null
  const writer = await RunWriter.create(join(tmpdir(), 'gateway-playground-load'), runId)
  note(
    `Load test of ${profile.baseUrl}: ${plan.targets.length} target(s) × ${plan.shape.levels.length} level(s)` +
      `${expected ? `, ${expected} requests` : ''}; ${prompts.describe}; records in ${writer.dir}`,
  )
  const run = new LoadRun({
    runId,
    plan,
    profiles: plan.targets.map(() => profile),
    gateway: new GatewayClient({ userAgent: 'gateway-playground-load' }),
    prompts,
    tokenizer,
    writer,
    ...(costs ? { costs } : {}),
    onStep: (step) => {
      const t = plan.targets[step.targetIndex]!
      note(
        `  ${t.model} · ${t.format}: ${step.level}${plan.shape.mode === 'rate' ? ' req/s' : ' concurrent'}…`,
      )
    },
  })
  const stop = () => run.stop()
  process.once('SIGINT', stop)
  const report = await run.run().finally(() => {
    if (costDir) rmSync(costDir, { recursive: true, force: true })
  })
  process.off('SIGINT', stop)
  await writer.writeReport(report)
  await writer.close()
  const spend = spendLines(report, config.prices !== null)
  if (config.json) {
    print(JSON.stringify({ status: report.status, targets: report.targets, levels: report.levels }, null, 2))
    // The JSON stays the only thing on stdout (its targets and levels carry the cost).
    for (const line of spend) note(line)
  } else {
    print(levelsTable(report))
    for (const line of spend) print(line)
  }
  if (config.out) writeFileSync(config.out, reportToJson(report))
  if (config.csv) writeFileSync(config.csv, levelsToCsv(report))
  if (report.status === 'failed') {
    note(`The load test failed: ${report.error}`)
    return 1
  }
  if (config.compare) {
    note(diffToText(config.compare.report, report))
    if (diffLoadReports(config.compare.report, report).some((c) => c.regressions.length > 0)) return 1
  }
  return 0
}
