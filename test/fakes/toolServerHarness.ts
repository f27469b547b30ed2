// Tool servers for tests: the tool servers service over in-memory stores, the real servers the app is tested
// against (server-everything over stdio, Streamable HTTP and SSE; server-filesystem in a folder) and the hostile
// one (hostileMcpServer.mjs), each started as a real process.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ToolServerService } from '../../src/main/services/tools/toolServers'
import type { ToolServerFieldsInput, ToolServerView } from '../../src/shared/tools/serverConfig'
import { InMemorySecretStore, InMemorySettingsStore } from './memory'

const require = createRequire(import.meta.url)
const here = dirname(fileURLToPath(import.meta.url))

export const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
)
export const FILESYSTEM = join(
  dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')),
  'dist/index.js',
)
export const HOSTILE = join(here, 'hostileMcpServer.mjs')

export function toolServers(env: Record<string, string | undefined> = process.env) {
  const settings = new InMemorySettingsStore()
  const secrets = new InMemorySecretStore()
  const service = new ToolServerService({ settings, secrets, version: 'test', env })
  return { service, settings, secrets }
}

export const stdioFields = (
  name: string,
  args: string[],
  extra: Partial<ToolServerFieldsInput> = {},
): ToolServerFieldsInput => ({
  name,
  connection: { transport: 'stdio', command: process.execPath, args },
  ...extra,
})

/** Adds a server and connects it; answers its view once the connect is over (connected or not). */
export async function connected(
  service: ToolServerService,
  fields: ToolServerFieldsInput,
): Promise<ToolServerView> {
  const view = await service.put(undefined, fields)
  return service.connect(view.id)
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
    server.once('error', reject)
  })
}

/** server-everything over HTTP (`streamableHttp` or `sse`) on a free loopback port, once it listens. */
export async function everythingOverHttp(
  mode: 'streamableHttp' | 'sse',
): Promise<{ url: string; child: ChildProcess; stop(): void }> {
  const port = await freePort()
  const child = spawn(process.execPath, [EVERYTHING, mode], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`server-everything ${mode} did not start`)), 15_000)
    let said = ''
    const hear = (chunk: Buffer) => {
      said += chunk.toString()
      if (/listening on port|running on port/i.test(said)) {
        clearTimeout(t)
        resolve()
      }
    }
    child.stderr?.on('data', hear)
    child.stdout?.on('data', hear)
    child.once('exit', (code) => reject(new Error(`server-everything ${mode} exited (${code}): ${said}`)))
  })
  const path = mode === 'sse' ? '/sse' : '/mcp'
  return { url: `http://127.0.0.1:${port}${path}`, child, stop: () => void child.kill('SIGKILL') }
}
