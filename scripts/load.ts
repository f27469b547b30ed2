// `npm run load -- --base-url URL --key-env VAR --models a,b --concurrency 1,8 --requests 40 [--json]`: the load
// test from the command line (the Load test panel's engine). Figures go to stdout, progress to stderr; exits 0
// when it ran, 1 when it could not (or --compare found a regression), 2 on bad arguments.
import { LOAD_USAGE, parseLoadArgs, runLoadCli } from '../src/main/services/load/loadCli'

const parsed = parseLoadArgs(process.argv.slice(2), process.env)
if (parsed.ok === 'help') {
  console.log(LOAD_USAGE)
  process.exit(0)
}
if (!parsed.ok) {
  console.error(`${parsed.message}\n${LOAD_USAGE}`)
  process.exit(2)
}
runLoadCli(
  parsed.config,
  (text) => console.log(text),
  (text) => console.error(text),
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`the load test could not run: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
