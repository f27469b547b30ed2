// `npm run check -- --base-url URL --key-env VAR [--models a,b] [--include video,images]`: the Gateway check
// from the command line; prints the matrix; exits 0 when the gateway conforms (capabilities may differ), 1 on a
// deviation from the spec or a cell that could not be checked, 2 on bad arguments.
import { CHECK_USAGE, parseCheckArgs, runCheck } from '../src/main/services/check/checkCli'

const parsed = parseCheckArgs(process.argv.slice(2), process.env)
if (parsed.ok === 'help') {
  console.log(CHECK_USAGE)
  process.exit(0)
}
if (!parsed.ok) {
  console.error(`${parsed.message}\n${CHECK_USAGE}`)
  process.exit(2)
}
runCheck(parsed.config, (text) => console.log(text)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`the check could not run: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
