// `npm run cases`: a suite file run against targets from the command line, through the same text service and
// matrix runner as the app (same wire builders, same stream folding). The one profile it needs (base URL, key
// from an environment variable, extra headers, the path options --proxy and --ca-file) is kept in memory only. Exit codes: 0 all pass, 1 any failure,
// 2 bad arguments or a bad file, each named.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { parseTargetSpec, type Suite } from '../../../shared/cases/caseModel'
import { WIRE_FORMATS } from '../../../shared/format'
import { GatewayClient } from '../gateway'
import { MediaStore } from '../mediaStore'
import type { SecretStore, SettingsStore } from '../ports'
import { ProfileService } from '../profiles'
import { TextService } from '../text/textService'
import { describeOutcome, type MatrixCell, MatrixRun, type MatrixTarget } from './matrixRunner'
import { readSuiteFile } from './suiteFile'
import { NETWORK_ARG_OPTIONS, NETWORK_USAGE, type NetworkArgs } from '../network/cliNetwork'
import { connectionFromArgs } from '../cliProfile'
import type { ModelPrice } from '../../../shared/cost/prices'
import { cliCostService, PRICES_OPTION, PRICES_USAGE, readPricesArg, spendLine } from '../cost/cliPrices'
import { cliCaseTools, readToolArgs, TOOL_ARG_OPTIONS, TOOL_USAGE, type ToolArgs } from './casesCliTools'

export const CASES_USAGE = `usage: npm run cases -- <suite.json> --target <format>:<model> [--target …] --base-url <url>
                      --key-env <VAR> [--header <name>:<value> …] [--concurrency <1-8>]
  format is one of ${WIRE_FORMATS.join(', ')}; the key is read from the environment variable VAR.
${NETWORK_USAGE}
${PRICES_USAGE}
${TOOL_USAGE}
  Exit code: 0 when every cell passes, 1 when any fails, 2 for bad arguments or a bad suite file.`

export interface CasesConfig {
  suite: Suite
  targets: { format: MatrixTarget['format']; model: string }[]
  baseUrl: string
  apiKey: string
  headers: { name: string; value: string }[]
  concurrency: number
  network: NetworkArgs
  /** Prices from `--prices <file>`; undefined when none were given (the spend is then not computed). */
  prices?: ModelPrice[]
  /** Who answers the tool rounds of the suite's cases: `--canned` results and `--tool-server` servers. */
  tools: ToolArgs
}

export type ParsedArgs = { ok: true; config: CasesConfig } | { ok: false; message: string } | { ok: 'help' }

/** `--base-url`, `--key-env`, `--header` and the path options, checked as a profile's fields are. */
export function parseConnection(
  values: Parameters<typeof connectionFromArgs>[0],
  env: Record<string, string | undefined>,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
):
  | { ok: true; baseUrl: string; apiKey: string; headers: CasesConfig['headers']; network: NetworkArgs }
  | { ok: false; message: string } {
  const read = connectionFromArgs(values, env, readFile)
  if (!read.ok) return read
  const { fields, apiKey, network } = read.connection
  return { ok: true, baseUrl: fields.baseUrl, apiKey, headers: fields.headers, network }
}

/** Reads the command line; a problem is named by its argument (or the file's field) and rule. */
export function parseCasesArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): ParsedArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        target: { type: 'string', multiple: true },
        'base-url': { type: 'string' },
        'key-env': { type: 'string' },
        header: { type: 'string', multiple: true },
        concurrency: { type: 'string' },
        help: { type: 'boolean' },
        ...NETWORK_ARG_OPTIONS,
        ...PRICES_OPTION,
        ...TOOL_ARG_OPTIONS,
      },
    })
  } catch (error) {
    return { ok: false, message: (error as Error).message }
  }
  const { values, positionals } = parsed
  if (values.help) return { ok: 'help' }
  if (positionals.length !== 1) return { ok: false, message: 'give exactly one suite file' }

  const targets: CasesConfig['targets'] = []
  for (const spec of values.target ?? []) {
    const target = parseTargetSpec(spec)
    if (!target)
      return {
        ok: false,
        message: `--target "${spec}": write <format>:<model> with format one of ${WIRE_FORMATS.join(', ')}`,
      }
    targets.push(target)
  }
  if (targets.length === 0)
    return { ok: false, message: '--target: give at least one, such as messages:my-model' }
  if (targets.length > 16) return { ok: false, message: '--target: at most 16' }

  const connection = parseConnection(values, env, readFile)
  if (!connection.ok) return connection
  const { baseUrl, apiKey, headers, network } = connection

  const concurrency = values.concurrency === undefined ? 2 : Number(values.concurrency)
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 8)
    return { ok: false, message: `--concurrency: a whole number from 1 to 8 (got "${values.concurrency}")` }

  const prices = readPricesArg(values.prices, readFile)
  if (!prices.ok) return prices
  const tools = readToolArgs(values, readFile)
  if (!tools.ok) return tools

  let text: string
  try {
    text = readFile(positionals[0]!)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    return { ok: false, message: `cannot read ${positionals[0]}: ${code}` }
  }
  const read = readSuiteFile(text)
  if (!read.ok) return { ok: false, message: `${positionals[0]}: ${read.problems.join('; ')}` }
  return {
    ok: true,
    config: {
      suite: read.suite,
      targets,
      baseUrl,
      apiKey,
      headers,
      concurrency,
      network,
      tools: tools.tools,
      ...(values.prices !== undefined ? { prices: prices.rows } : {}),
    },
  }
}

export class MemorySettingsStore implements SettingsStore {
  private readonly map = new Map<string, unknown>()
  get<T>(key: string): T | undefined {
    return structuredClone(this.map.get(key)) as T | undefined
  }
  set(key: string, value: unknown): void {
    this.map.set(key, structuredClone(value))
  }
  delete(key: string): void {
    this.map.delete(key)
  }
}

export class MemorySecretStore implements SecretStore {
  readonly protection = 'plain-file' as const
  private readonly map = new Map<string, string>()
  async get(ref: string): Promise<string | null> {
    return this.map.get(ref) ?? null
  }
  async set(ref: string, value: string): Promise<void> {
    this.map.set(ref, value)
  }
  async delete(ref: string): Promise<void> {
    this.map.delete(ref)
  }
}

const STATUS_WORD: Record<MatrixCell['status'], string> = {
  pass: 'pass',
  fail: 'FAIL',
  error: 'FAIL',
  stopped: 'not run',
}

/** Rows of cells as lines of text, each column as wide as its widest cell. */
export function textTable(table: readonly (readonly string[])[]): string[] {
  const widths = table[0]!.map((_, col) => Math.max(...table.map((r) => r[col]!.length)))
  return table.map((r) =>
    r
      .map((v, col) => v.padEnd(widths[col]!))
      .join('  ')
      .trimEnd(),
  )
}

/** The matrix as text: a table of cases × targets, then one line per failed cell saying why. */
export function formatMatrix(config: CasesConfig, cells: readonly MatrixCell[]): string {
  const names = config.targets.map((t) => `${t.format}:${t.model}`)
  const rows = config.suite.cases.map((c, ci) => [
    c.name,
    ...names.map((_, ti) => {
      const cell = cells.find((x) => x.caseIndex === ci && x.targetIndex === ti)
      return cell ? STATUS_WORD[cell.status] : 'not run'
    }),
  ])
  const table = [['case', ...names], ...rows]
  const lines = textTable(table)
  const failures = cells
    .filter((c) => c.status === 'fail' || c.status === 'error')
    .map(
      (c) => `FAIL ${config.suite.cases[c.caseIndex]!.name} @ ${names[c.targetIndex]}: ${describeOutcome(c)}`,
    )
  const passed = cells.filter((c) => c.status === 'pass').length
  const summary = `${passed} of ${config.suite.cases.length * names.length} cells passed.`
  return [...lines, '', ...failures, ...(failures.length ? [''] : []), summary].join('\n')
}

/** The services a command line run needs: one in-memory profile (base URL, key, headers, path) and a text service. */
export async function cliTextService(
  config: Pick<CasesConfig, 'baseUrl' | 'apiKey' | 'headers' | 'network' | 'prices'>,
) {
  const profiles = new ProfileService(new MemorySettingsStore(), new MemorySecretStore())
  const profile = await profiles.create({
    name: 'command line',
    baseUrl: config.baseUrl,
    headers: config.headers,
    ...config.network.fields,
  })
  await profiles.setSecret(profile.id, 'apiKey', config.apiKey)
  if (config.network.proxyPassword)
    await profiles.setSecret(profile.id, 'proxyPassword', config.network.proxyPassword)
  // Images in answers are written to a media folder that lives as long as the run.
  const mediaDir = mkdtempSync(join(tmpdir(), 'cases-media-'))
  const gateway = new GatewayClient({ knownSecrets: () => profiles.knownSecrets() })
  const costs = config.prices ? cliCostService(mediaDir, profile.id, config.prices) : undefined
  const text = new TextService({
    profiles,
    gateway,
    media: new MediaStore(mediaDir, (id) => `media://${id}`),
    ...(costs ? { costs } : {}),
  })
  return {
    profiles,
    profileId: profile.id,
    gateway,
    text,
    async close() {
      text.stopAll()
      await gateway.close()
      rmSync(mediaDir, { recursive: true, force: true })
    },
  }
}

/** Runs the suite; answers the exit code (0 every cell passed, 1 otherwise). */
export async function runCases(config: CasesConfig, print: (text: string) => void): Promise<number> {
  const cli = await cliTextService(config)
  // A tool server starts only when --tool-server names it (and only then), before the first cell.
  const needsTools = config.suite.cases.some((c) => c.toolRound)
  const tools = needsTools
    ? await cliCaseTools(
        config.tools,
        { settings: new MemorySettingsStore(), secrets: new MemorySecretStore() },
        print,
      )
    : null
  try {
    print(
      `Suite "${config.suite.name}": ${config.suite.cases.length} case(s) × ${config.targets.length} target(s) at ${config.baseUrl}`,
    )
    const targets: MatrixTarget[] = config.targets.map((t) => ({ ...t, profileId: cli.profileId }))
    const matrix = new MatrixRun(cli.text, config.suite, targets, {
      concurrency: config.concurrency,
      ...(tools ? { tools: tools.tools } : {}),
    })
    const cells = await matrix.run()
    print(formatMatrix(config, cells))
    print(
      spendLine(
        cells.flatMap((c) => (c.cost ? [c.cost] : [])),
        config.prices !== undefined,
      ),
    )
    return cells.every((c) => c.status === 'pass') ? 0 : 1
  } finally {
    await tools?.close()
    await cli.close()
  }
}
