// `npm run cases -- suite.json --target messages:model [--target chat:model …] --base-url URL --key-env VAR
// [--header name:value …] [--concurrency N]`: runs a suite file's cases against each target and prints the
// matrix; `npm run cases -- --promptfoo promptfooconfig.yaml --base-url URL --key-env VAR` runs a promptfoo config
// with the eval runner. Both exit 0 when every cell passes, 1 on any failure, 2 on bad arguments or a bad file.
import { CASES_USAGE, parseCasesArgs, runCases } from '../src/main/services/cases/casesCli'
import { parsePromptfooArgs, PROMPTFOO_USAGE, runPromptfoo } from '../src/main/services/evals/evalCli'

const argv = process.argv.slice(2)
const promptfoo = argv.some((a) => a === '--promptfoo' || a.startsWith('--promptfoo='))
const usage = promptfoo ? PROMPTFOO_USAGE : CASES_USAGE
const parsed = promptfoo ? parsePromptfooArgs(argv, process.env) : parseCasesArgs(argv, process.env)
if (parsed.ok === 'help') {
  console.log(usage)
  process.exit(0)
}
if (!parsed.ok) {
  console.error(`${parsed.message}\n${usage}`)
  process.exit(2)
}
const print = (text: string) => console.log(text)
const running = 'plan' in parsed.config ? runPromptfoo(parsed.config, print) : runCases(parsed.config, print)
running.then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`the run could not finish: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
