// `npm run replay -- --format <chat|responses|messages|native> [--status <http status>] <file>`: folds a
// captured SSE stream (the raw response body, as the Inspector's "Save capture" writes it) and prints the
// result as JSON. With a non-2xx `--status` the body is read as the format's error body.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { WIRE_FORMATS, type WireFormat } from '../src/shared/wire'
import { replayCapture } from '../src/main/services/text/replay'

const usage = `usage: npm run replay -- --format <${WIRE_FORMATS.join('|')}> [--status <http status>] <file>`
let parsed
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: 'string', short: 'f' },
      status: { type: 'string', short: 's' },
      help: { type: 'boolean' },
    },
  })
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`)
  process.exit(2)
}
const { values, positionals } = parsed
if (values.help) {
  console.log(usage)
  process.exit(0)
}
const format = values.format as WireFormat | undefined
if (!format || !WIRE_FORMATS.includes(format)) {
  console.error(
    `--format must be one of ${WIRE_FORMATS.join(', ')}${format ? ` (got "${format}")` : ''}\n${usage}`,
  )
  process.exit(2)
}
const status = values.status === undefined ? undefined : Number(values.status)
if (status !== undefined && !(Number.isInteger(status) && status >= 100 && status <= 599)) {
  console.error(`--status must be an HTTP status from 100 to 599 (got "${values.status}")\n${usage}`)
  process.exit(2)
}
if (positionals.length !== 1) {
  console.error(`give exactly one capture file\n${usage}`)
  process.exit(2)
}
let raw: Buffer
try {
  raw = readFileSync(positionals[0]!)
} catch (error) {
  console.error(
    `cannot read ${positionals[0]}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
  )
  process.exit(1)
}
console.log(JSON.stringify(replayCapture(format, raw, status === undefined ? {} : { status }), null, 2))
