// Our side of `npm run bench -- evals`, run as its own process (so /usr/bin/time measures it alone): a promptfoo
// config read and run by the app's eval runner exactly as `npm run cases -- --promptfoo` does, with the event
// loop's delay sampled throughout. Prints one JSON line: each test's verdict, the loop's p99 and max, the cells.
// Args: <promptfooconfig.yaml> <base URL> <concurrency>; the key in BENCH_EVALS_KEY.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { cliTextService } from '../../../src/main/services/cases/casesCli'
import { parsePromptfooArgs } from '../../../src/main/services/evals/evalCli'
import { EvalRun, type EvalCell } from '../../../src/main/services/evals/evalRunner'

const [file, baseUrl, concurrency] = process.argv.slice(2)
const parsed = parsePromptfooArgs(
  [
    '--promptfoo',
    file!,
    '--base-url',
    baseUrl!,
    '--key-env',
    'BENCH_EVALS_KEY',
    '--concurrency',
    concurrency!,
  ],
  process.env,
)
if (parsed.ok !== true) throw new Error(parsed.ok === false ? parsed.message : 'help')
const loop = monitorEventLoopDelay({ resolution: 5 })
loop.enable()
const cli = await cliTextService(parsed.config)
const cells: EvalCell[] = []
const run = new EvalRun(cli, parsed.config.plan, {
  concurrency: parsed.config.concurrency,
  profileId: cli.profileId,
  onCell: (c) => cells.push(c),
})
await run.run()
loop.disable()
await cli.close()
const verdicts: Record<string, string> = {}
for (const c of cells) verdicts[`${c.row}:${c.column}`] = c.status
const line = JSON.stringify({
  verdicts,
  cells: cells.length,
  loopP99Ms: loop.percentile(99) / 1e6,
  loopMaxMs: loop.max / 1e6,
})
// A pipe takes a long line in parts: exit once all of it is written.
process.stdout.write(`${line}\n`, () => process.exit(0))
