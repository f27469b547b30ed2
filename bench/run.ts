// `npm run bench [-- <filter>]`: runs every bench/*.bench.ts in sequence, each in its own Node process (with
// --expose-gc) so one benchmark's memory never colours another's figures. Exits non-zero if any of them fails.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const dir = import.meta.dirname
const filter = process.argv[2]
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort()
if (files.length === 0) {
  console.error(`no benchmark matches ${filter ?? '*.bench.ts'} in ${dir}`)
  process.exit(1)
}

let failed = 0
for (const file of files) {
  console.log(`\n=== ${file} ===`)
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(dir, file)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  })
  if (run.status !== 0) {
    failed++
    console.error(`${file} exited with ${run.status ?? run.signal}`)
  }
}
process.exit(failed > 0 ? 1 : 0)
