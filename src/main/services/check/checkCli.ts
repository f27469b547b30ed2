// `npm run check`: the Gateway check from the command line, for CI: the same battery, runner and conformance
// checks as the panel, against a profile held in memory (base URL, key from an environment variable, extra
// headers). Prints the matrix; exit 0 when the gateway conforms (cells differ only in capabilities), 1 on a
// deviation from the spec or a cell that could not be checked, 2 on bad arguments, each named.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ModelPrice } from '../../../shared/cost/prices'
import { cliCostService, PRICES_OPTION, PRICES_USAGE, readPricesArg, spendLine } from '../cost/cliPrices'
import { parseArgs } from 'node:util'
import { PAID_GROUPS, exitCodeOf, type CheckReport, type PaidGroup } from '../../../shared/check/model'
import { planBattery } from '../../../shared/check/battery'
import {
  diffReports,
  formatMatrixText,
  readReport,
  reportToJson,
  reportToMarkdown,
} from '../../../shared/check/report'
import { memoryProfile, type ResolvedProfile } from '../profiles'
import { CheckRun } from './checkRunner'
import { NetworkPool } from '../network/networkPool'
import { NETWORK_ARG_OPTIONS, NETWORK_USAGE } from '../network/cliNetwork'
import { connectionFromArgs } from '../cliProfile'

export const CHECK_USAGE = `usage: npm run check -- --base-url <url> --key-env <VAR> [--models <id,id,…>] [--include video,images]
                      [--console-base-url <url> --console-token-env <VAR>] [--header <name>:<value> …]
                      [--concurrency <1-16>] [--native-auth bearer|header|query] [--json <file>] [--markdown <file>]
                      [--compare <earlier report.json>] [--prices <file>]
  --models names text, embedding, rerank or video model ids; a group you name none of uses the catalog's.
  --include runs the probes that cost money: one video job per family, one console image task.
  --compare prints what changed, cell by cell, since a report written earlier with --json.
${PRICES_USAGE}
${NETWORK_USAGE}
  Exit code: 0 when the gateway conforms to the spec (cells may differ in capabilities), 1 when a cell deviates
  from the spec or could not be checked, 2 for bad arguments.`

export interface CheckConfig {
  profile: ResolvedProfile
  /** The way out the command line names (--proxy, --ca-file), as a profile's. */
  network: NetworkPool
  models: string[]
  include: PaidGroup[]
  concurrency: number
  jsonPath: string | null
  markdownPath: string | null
  /** An earlier report to print the changes against. */
  compare: { path: string; report: CheckReport } | null
  /** Prices to cost each probe with (`--prices`); null when none were given. */
  prices: ModelPrice[] | null
}

export type ParsedCheckArgs =
  { ok: true; config: CheckConfig } | { ok: false; message: string } | { ok: 'help' }

export function parseCheckArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ParsedCheckArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        'key-env': { type: 'string' },
        'console-base-url': { type: 'string' },
        'console-token-env': { type: 'string' },
        models: { type: 'string', multiple: true },
        include: { type: 'string', multiple: true },
        header: { type: 'string', multiple: true },
        concurrency: { type: 'string' },
        'native-auth': { type: 'string' },
        json: { type: 'string' },
        markdown: { type: 'string' },
        compare: { type: 'string' },
        help: { type: 'boolean' },
        ...PRICES_OPTION,
        ...NETWORK_ARG_OPTIONS,
      },
    })
  } catch (error) {
    return { ok: false, message: (error as Error).message }
  }
  const { values } = parsed
  if (values.help) return { ok: 'help' }
  const read = connectionFromArgs(values, env)
  if (!read.ok) return read
  const { fields, apiKey, network } = read.connection
  let consoleToken: string | null = null
  const tokenEnv = values['console-token-env']
  if (tokenEnv) {
    consoleToken = env[tokenEnv] ?? null
    if (!consoleToken)
      return {
        ok: false,
        message: `--console-token-env: the environment variable ${tokenEnv} is not set or empty`,
      }
  }
  const models = (values.models ?? [])
    .flatMap((m) => m.split(','))
    .map((m) => m.trim())
    .filter(Boolean)
  if (models.some((m) => m.length > 200 || /\s/.test(m)))
    return { ok: false, message: '--models: model ids without spaces, at most 200 characters each' }
  const include: PaidGroup[] = []
  for (const g of (values.include ?? [])
    .flatMap((m) => m.split(','))
    .map((m) => m.trim())
    .filter(Boolean)) {
    if (!(PAID_GROUPS as readonly string[]).includes(g))
      return { ok: false, message: `--include "${g}": one of ${PAID_GROUPS.join(', ')}` }
    include.push(g as PaidGroup)
  }
  if (include.includes('images') && (!fields.consoleBaseUrl || !consoleToken))
    return { ok: false, message: '--include images: give --console-base-url and --console-token-env too' }
  const concurrency = values.concurrency === undefined ? 4 : Number(values.concurrency)
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
    return { ok: false, message: `--concurrency: a whole number from 1 to 16 (got "${values.concurrency}")` }
  let compare: CheckConfig['compare'] = null
  if (values.compare !== undefined) {
    let text: string
    try {
      text = readFileSync(values.compare, 'utf8')
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message
      return { ok: false, message: `--compare: cannot read ${values.compare}: ${why}` }
    }
    const read = readReport(text)
    if (!read.ok) return { ok: false, message: `--compare: ${values.compare}: ${read.problem}` }
    compare = { path: values.compare, report: read.report }
  }
  const prices = readPricesArg(values.prices)
  if (!prices.ok) return prices
  const profile: ResolvedProfile = memoryProfile(fields, {
    apiKey,
    consoleToken,
    proxyPassword: network.proxyPassword,
  })
  return {
    ok: true,
    config: {
      profile,
      network: new NetworkPool(),
      models,
      include,
      concurrency,
      jsonPath: values.json ?? null,
      markdownPath: values.markdown ?? null,
      compare,
      prices: values.prices === undefined ? null : prices.rows,
    },
  }
}

/** Runs the check; answers the exit code. */
export async function runCheck(config: CheckConfig, print: (text: string) => void): Promise<number> {
  const plan = planBattery({ models: config.models, include: config.include })
  const runnable = plan.filter((p) => !p.skip).length
  print(
    `Checking ${config.profile.baseUrl}: ${runnable} probes (${plan.length - runnable} not applicable), ${config.concurrency} at a time…`,
  )
  // Prices live in a folder as long as the run: each probe is priced in main's way from what it reported.
  const costDir = config.prices ? mkdtempSync(join(tmpdir(), 'check-prices-')) : null
  const costs = costDir ? cliCostService(costDir, config.profile.id, config.prices ?? []) : null
  const run = new CheckRun(config.profile, plan, {
    ...(costs ? { costs: { service: costs, profileId: config.profile.id } } : {}),
    concurrency: config.concurrency,
    models: config.models,
    include: config.include,
    userAgent: 'gateway-playground-check',
    network: config.network,
  })
  const t0 = performance.now()
  try {
    await run.run()
  } finally {
    await config.network.close()
    if (costDir) rmSync(costDir, { recursive: true, force: true })
  }
  const seconds = (performance.now() - t0) / 1000
  const report = run.report()
  print(formatMatrixText(report))
  print(`${runnable} probes in ${seconds.toFixed(1)} s (${(runnable / seconds).toFixed(1)} probes/s).`)
  if (config.compare) {
    const changes = diffReports(config.compare.report, report)
    print(`\n${changes.length} cell${changes.length === 1 ? '' : 's'} changed since ${config.compare.path}:`)
    for (const c of changes) {
      const devs = [...c.added.map((d) => `+ ${d}`), ...c.removed.map((d) => `- ${d}`)].join('; ')
      print(
        `  ${c.subject} · ${c.probe}: ${c.before ?? 'absent'} -> ${c.after ?? 'absent'}${devs ? ` (${devs})` : ''}`,
      )
    }
  }
  const billed = report.cells.flatMap((c) => (c.cost ? [c.cost] : []))
  print(spendLine(billed, config.prices !== null))
  if (config.jsonPath) writeFileSync(config.jsonPath, reportToJson(report))
  if (config.markdownPath) writeFileSync(config.markdownPath, reportToMarkdown(report))
  return exitCodeOf(report.cells)
}
