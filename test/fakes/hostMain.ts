// A browser-mode host in a process of its own, for tests that must see the process survive (or die): the app
// core with its built-in simulator and the WebSocket server, serving a stub page. Prints one JSON line
// `{"origin", "token", "simulator"}` once it listens; logs go to stderr. Usage: hostMain.ts <dataDir>.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBrowserCore } from '../../src/web/host'
import { startWebServer } from '../../src/web/server'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: hostMain.ts <dataDir>')
const rendererDir = join(dataDir, 'renderer-stub')
mkdirSync(rendererDir, { recursive: true })
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>stub</title>')

const core = await createBrowserCore({
  dataDir,
  version: 'test',
  simulator: true,
  log: (m) => console.error(m),
})
const server = await startWebServer({ core, rendererDir, log: (m) => console.error(m) })
console.log(
  JSON.stringify({ origin: server.origin, token: server.token, simulator: core.simulator?.baseUrl ?? null }),
)
const stop = async () => {
  await server.close()
  await core.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
// Tests ask for a full collection before they read the process's memory (run with --expose-gc); the heap's share
// is logged beside it (`memory after collection: {...}` in MB), so a figure can be told apart from native memory.
process.on('SIGUSR2', () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  const mb = Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1048576)])
  console.error(`memory after collection: ${JSON.stringify(Object.fromEntries(mb))}`)
})
