// Browser mode as the benchmarks run it: the app core (router, services, coalescer) with its simulator at a
// chosen rate, served by the real browser-mode server, in a temp data folder. Any built page folder can be
// served by the same host, so a harness page gets the app's transport, token check and CSP.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { execSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createAppCore, type AppCore } from '../src/main/appCore'
import { ConfSettingsStore } from '../src/main/adapters/ConfSettingsStore'
import { FileSecretStore } from '../src/main/adapters/FileSecretStore'
import { createSimulator } from '../src/simulator/server'
import { startWebServer, type WebServer } from '../src/web/server'

export const ROOT = resolve(import.meta.dirname, '..')
export const RENDERER_DIR = join(ROOT, 'out/renderer')

export interface BenchHost {
  core: AppCore
  /** The app, served from the built renderer. */
  app: WebServer
  /** Serves another built folder with the same core, transport and CSP. */
  serve(dir: string): Promise<WebServer>
  close(): Promise<void>
}

/** The active profile's id (the built-in simulator's, in a fresh data folder), asked through the router. */
export async function activeProfileId(core: AppCore): Promise<string> {
  const silent = { alive: true, emit: () => undefined }
  const result = await core.router.handle('profiles.list', undefined, { senderId: 'bench', events: silent })
  const activeId = result.ok ? (result.value as { activeId: string | null }).activeId : null
  if (!activeId) throw new Error('no active profile: the built-in simulator did not start')
  return activeId
}

export function ensureRendererBuilt(): void {
  if (!existsSync(join(RENDERER_DIR, 'index.html')) || !existsSync(join(ROOT, 'out/main/web.js')))
    execSync('npx electron-vite build', { cwd: ROOT, stdio: 'inherit' })
}

export async function startBenchHost(tokensPerSecond: number): Promise<BenchHost> {
  ensureRendererBuilt()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-host-'))
  const core = await createAppCore({
    kind: 'browser',
    version: 'bench',
    dataDir,
    settings: new ConfSettingsStore(dataDir),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
    openExternal: async () => undefined,
    mediaUrl: (id) => `/media/${id}`,
    startSimulator: async () => {
      const sim = await createSimulator({ apiKey: 'sk-bench-key-000000', tokensPerSecond })
      return {
        baseUrl: sim.baseUrl,
        consoleBaseUrl: sim.consoleBaseUrl,
        apiKey: 'sk-bench-key-000000',
        consoleToken: sim.options.consoleToken,
        close: () => sim.close(),
      }
    },
  })
  const servers: WebServer[] = []
  const serve = async (dir: string) => {
    const server = await startWebServer({ core, rendererDir: dir })
    servers.push(server)
    return server
  }
  const app = await serve(RENDERER_DIR)
  return {
    core,
    app,
    serve,
    async close() {
      for (const server of servers) await server.close()
      await core.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
