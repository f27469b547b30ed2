// `npm run cases -- suite.json --target messages:model [--target chat:model …] --base-url URL --key-env VAR
// [--header name:value …] [--concurrency N]`: runs a suite file's cases against each target and prints the
// matrix; exits 0 when every cell passes, 1 on any failure, 2 on bad arguments or a bad suite file.
import { CASES_USAGE, parseCasesArgs, runCases } from '../src/main/services/cases/casesCli'

const parsed = parseCasesArgs(process.argv.slice(2), process.env)
if (parsed.ok === 'help') {
  console.log(CASES_USAGE)
  process.exit(0)
}
if (!parsed.ok) {
  console.error(`${parsed.message}\n${CASES_USAGE}`)
  process.exit(2)
}
runCases(parsed.config, (text) => console.log(text)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`the suite could not run: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
