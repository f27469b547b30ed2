// `npm run web`: browser mode. Serves the built renderer (out/renderer) on 127.0.0.1 and prints the URL with
// its per-launch token. Options: --port N, --data-dir DIR, --no-simulator.
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { existsSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { lockDataDirForProcess } from '../main/adapters/dataDirLock'
import { startWebServer } from './server'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    'no-simulator': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log('usage: npm run web -- [--port N] [--data-dir DIR] [--no-simulator]')
  process.exit(0)
}

// Run built as out/main/web.js (npm run web) or from source as src/web/cli.ts: both sit two levels below
// the project root.
const root = resolve(import.meta.dirname, '../..')
const rendererDir = join(root, 'out/renderer')
if (!existsSync(join(rendererDir, 'index.html'))) {
  console.error('The renderer is not built: run `npm run build` first (npm run web does it for you).')
  process.exit(1)
}
const dataDir = resolve(values['data-dir'] ?? process.env.GATEWAY_PLAYGROUND_DATA ?? defaultDataDir())
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535 (got ${values.port})`)
  process.exit(2)
}

// One process per data folder, taken before the history database opens (exits 3 naming the folder if in use).
lockDataDirForProcess(dataDir)
// The page is served while the core (every service, the router, the simulator) is loaded and composed, in its
// own chunk: the browser fetches and runs the renderer meanwhile, and its first calls wait for the core.
const starting = import('./host').then(({ createBrowserCore }) =>
  createBrowserCore({
    dataDir,
    version,
    simulator: !values['no-simulator'],
    log: (m) => console.error(m),
  }),
)
const server = await startWebServer({ core: starting, rendererDir, port, log: (m) => console.error(m) })
console.log(`Gateway Playground (browser mode) is running.`)
console.log(`  Open: ${server.url}`)
const core = await starting.catch((error: unknown) => {
  console.error(`The app could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
console.log(`  Data: ${dataDir} (secrets in secrets.json, mode 0600, not encrypted)`)
if (core.simulator) console.log(`  Built-in simulator: ${core.simulator.baseUrl}`)
console.log('Press Ctrl+C to stop.')

const stop = async () => {
  await server.close()
  await core.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())

function defaultDataDir(): string {
  const base = process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share')
  return join(base, 'gateway-playground', 'browser-mode')
}
