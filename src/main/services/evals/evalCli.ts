// `npm run cases -- --promptfoo promptfooconfig.yaml --base-url URL --key-env VAR`: a promptfoo config run by
// this app's eval runner (the same text service, graders and judge as the app) against one gateway. It prints the
// matrix (tests × prompt·provider), why each failed cell failed, each column's pass rate with its 95 % interval,
// and what the config had that was not mapped. Exit code: 0 when every cell passes, 1 when any fails, 2 for bad
// arguments or a bad file.
import { readFileSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { WIRE_FORMATS } from '../../../shared/format'
import { parseTargetSpec } from '../../../shared/cases/caseModel'
import type { EvalPlan } from '../../../shared/evals/plan'
import { readPromptfooConfig } from '../../../shared/evals/promptfooImport'
import { wilsonInterval } from '../../../shared/evals/stats'
import { cliTextService, parseConnection, textTable, type CasesConfig } from '../cases/casesCli'
import { NETWORK_ARG_OPTIONS, NETWORK_USAGE } from '../network/cliNetwork'
import { EvalRun, type EvalCell } from './evalRunner'

export const PROMPTFOO_USAGE = `usage: npm run cases -- --promptfoo <promptfooconfig.yaml> --base-url <url> --key-env <VAR>
                      [--header <name>:<value> …] [--concurrency <1-64>] [--judge <format>:<model>]
                      [--embedding-model <model>]
  Runs a promptfoo config's prompts × providers over its tests against the gateway at <url>; providers map to
  formats (openai: and openai:chat: to chat, openai:responses: to responses, anthropic:messages: to messages,
  google: and vertex: to native). --judge is the model llm-rubric asks when the config names none.
${NETWORK_USAGE}
  Exit code: 0 when every cell passes, 1 when any fails, 2 for bad arguments or a bad file.`

export interface PromptfooConfig extends Pick<CasesConfig, 'baseUrl' | 'apiKey' | 'headers' | 'network'> {
  plan: EvalPlan
  concurrency: number
  file: string
}

export type ParsedEvalArgs =
  { ok: true; config: PromptfooConfig } | { ok: false; message: string } | { ok: 'help' }

/** Reads a file the config names, relative to its folder and never outside it. */
export function configReader(configPath: string, readFile: (path: string) => string) {
  const root = dirname(resolve(configPath))
  return (rel: string): string | null => {
    const full = resolve(root, rel)
    const inside = relative(root, full)
    if (isAbsolute(rel) || inside.startsWith('..') || isAbsolute(inside)) return null
    try {
      // A link that leads out of the folder is refused too.
      if (!relative(realpathSync(root), realpathSync(full)).startsWith('..')) return readFile(full)
    } catch {
      return null
    }
    return null
  }
}

export function parsePromptfooArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): ParsedEvalArgs {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      options: {
        promptfoo: { type: 'string' },
        'base-url': { type: 'string' },
        'key-env': { type: 'string' },
        header: { type: 'string', multiple: true },
        concurrency: { type: 'string' },
        judge: { type: 'string' },
        'embedding-model': { type: 'string' },
        help: { type: 'boolean' },
        ...NETWORK_ARG_OPTIONS,
      },
    }))
  } catch (error) {
    return { ok: false, message: (error as Error).message }
  }
  if (values.help) return { ok: 'help' }
  const file = values.promptfoo
  if (!file) return { ok: false, message: '--promptfoo: name the promptfoo config file' }
  const connection = parseConnection(values, env, readFile)
  if (!connection.ok) return connection
  let judge
  if (values.judge !== undefined) {
    judge = parseTargetSpec(values.judge)
    if (!judge)
      return {
        ok: false,
        message: `--judge "${values.judge}": write <format>:<model> with format one of ${WIRE_FORMATS.join(', ')}`,
      }
  }
  let text: string
  try {
    text = readFile(file)
  } catch (error) {
    return {
      ok: false,
      message: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    }
  }
  const read = readPromptfooConfig(text, configReader(file, readFile), {
    ...(judge ? { judge } : {}),
    ...(values['embedding-model'] ? { embeddingModel: values['embedding-model'] } : {}),
  })
  if (!read.ok) return { ok: false, message: `${file}: ${read.problems.join('; ')}` }
  const concurrency =
    values.concurrency === undefined ? (read.plan.concurrency ?? 4) : Number(values.concurrency)
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    return { ok: false, message: `--concurrency: a whole number from 1 to 64 (got "${values.concurrency}")` }
  const { baseUrl, apiKey, headers, network } = connection
  return { ok: true, config: { plan: read.plan, concurrency, baseUrl, apiKey, headers, network, file } }
}

const WORD: Record<EvalCell['status'], string> = {
  pass: 'pass',
  fail: 'FAIL',
  error: 'ERROR',
  stopped: 'not run',
}

/** A row's name: its description, else its first variables. */
function rowName(plan: EvalPlan, row: number): string {
  const r = plan.dataset.rows[row]!
  if (r.description) return r.description
  const vars = plan.dataset.columns.map((c, i) => `${c}=${r.cells[i] ?? ''}`).join(' ')
  return vars.length > 48 ? `${vars.slice(0, 47)}…` : vars || `row ${row + 1}`
}

/** The matrix as text, the failures, each column's pass rate with its 95 % interval, and what was not mapped. */
export function formatEvalMatrix(
  plan: EvalPlan,
  columns: readonly { label: string }[],
  cells: readonly EvalCell[],
): string {
  const width = columns.length
  const grid: (EvalCell | undefined)[] = new Array(plan.dataset.rows.length * width)
  for (const c of cells) grid[c.row * width + c.column] = c
  const table = [
    ['test', ...columns.map((c) => c.label)],
    ...plan.dataset.rows.map((_, r) => [
      rowName(plan, r),
      ...columns.map((_, ci) => WORD[grid[r * width + ci]?.status ?? 'stopped']),
    ]),
  ]
  const lines = textTable(table)
  const failures = cells
    .filter((c) => c.status === 'fail' || c.status === 'error')
    .sort((a, b) => a.row - b.row || a.column - b.column)
    .map((c) => {
      const why = c.error
        ? `the run failed: ${c.error}`
        : c.grades
            .filter((g) => !g.pass)
            .map((g) => g.message)
            .join('; ')
      return `FAIL ${rowName(plan, c.row)} @ ${columns[c.column]!.label}: ${why}`
    })
  const rates = columns.map((col, ci) => {
    const mine = cells.filter((c) => c.column === ci && c.status !== 'stopped')
    const passed = mine.filter((c) => c.status === 'pass').length
    const w = wilsonInterval(passed, mine.length)
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`
    return `${col.label}: ${passed}/${mine.length} passed${w ? ` (${pct(passed / mine.length)}, 95% ${pct(w.low)}–${pct(w.high)})` : ''}`
  })
  const passed = cells.filter((c) => c.status === 'pass').length
  const out = [...lines, '']
  if (failures.length) out.push(...failures, '')
  out.push(...rates, '', `${passed} of ${plan.dataset.rows.length * width} cells passed.`)
  if (plan.unmapped.length) out.push('', 'Not mapped (not run):', ...plan.unmapped.map((u) => `  - ${u}`))
  if (plan.problems.length)
    out.push('', 'Left out or changed:', ...plan.problems.map((p) => `  - ${p.where}: ${p.message}`))
  return out.join('\n')
}

/** Runs the plan; answers the exit code (0 every cell passed, 1 otherwise). */
export async function runPromptfoo(config: PromptfooConfig, print: (text: string) => void): Promise<number> {
  const cli = await cliTextService(config)
  try {
    const { plan } = config
    const cells: EvalCell[] = []
    const run = new EvalRun(cli, plan, {
      concurrency: config.concurrency,
      profileId: cli.profileId,
      onCell: (c) => cells.push(c),
    })
    print(
      `"${plan.name}": ${plan.dataset.rows.length} test(s) × ${run.columns.length} column(s) at ${config.baseUrl}, ${config.concurrency} at a time`,
    )
    await run.run()
    print(formatEvalMatrix(plan, run.columns, cells))
    return cells.length === run.size && cells.every((c) => c.status === 'pass') ? 0 : 1
  } finally {
    await cli.close()
  }
}
