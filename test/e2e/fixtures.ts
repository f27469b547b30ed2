// Playwright fixtures: `app` starts browser mode exactly as `npm run web` does (the built host, out/main/web.js,
// in a child process with plain node) on a free port with a fresh temporary data folder, and stops it after the
// test. Its output is kept so a test can assert what the host printed or logged. `npm test` builds first.
// `pageErrors` (automatic) fails any test whose pages threw an uncaught error.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { test as base } from '@playwright/test'

export interface AppUnderTest {
  url: string
  origin: string
  dataDir: string
  output(): string
  restart(): Promise<void>
}

const ROOT = resolve(import.meta.dirname, '../..')
/** Browser mode's host as `npm run build` emits it beside Electron's main. */
export const WEB_HOST = join(ROOT, 'out/main/web.js')

async function launch(dataDir: string): Promise<{ child: ChildProcess; url: string; output: string[] }> {
  if (!existsSync(WEB_HOST)) throw new Error(`${WEB_HOST} is not built: run \`npm run build\` first`)
  const child = spawn(process.execPath, [WEB_HOST, '--port', '0', '--data-dir', dataDir], {
    cwd: ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`browser mode did not start:\n${output.join('')}`)),
      30_000,
    )
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString())
      const match = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output.join(''))
      if (match) {
        clearTimeout(timer)
        resolveUrl(match[1]!)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (c: Buffer) => output.push(c.toString()))
    child.once('exit', (code) => reject(new Error(`browser mode exited with ${code}:\n${output.join('')}`)))
  })
  return { child, url, output }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
  if (child.exitCode === null) child.kill('SIGKILL')
}

export const test = base.extend<{ app: AppUnderTest; pageErrors: string[] }>({
  // Every page of every test: an uncaught error or unhandled rejection in the page fails the test, whatever it
  // asserted (QUALITY.md R11). A test that provokes one on purpose takes it out of `pageErrors` and asserts it.
  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = []
      context.on('weberror', (weberror) => {
        const e = weberror.error()
        const where = weberror.page()?.url() ?? 'a page'
        errors.push(`${e.name}: ${e.message} (at ${where})\n${e.stack ?? ''}`)
      })
      await use(errors)
      if (errors.length > 0) throw new Error(`uncaught page errors:\n${errors.join('\n---\n')}`)
    },
    { auto: true },
  ],
  // Playwright requires the destructuring pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  app: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gp-e2e-'))
    let running = await launch(dataDir)
    const logs: string[] = []
    const app: AppUnderTest = {
      get url() {
        return running.url
      },
      get origin() {
        return new URL(running.url).origin
      },
      dataDir,
      output: () => [...logs, ...running.output].join(''),
      async restart() {
        await stop(running.child)
        logs.push(...running.output)
        running = await launch(dataDir)
      },
    }
    await use(app)
    await stop(running.child)
    rmSync(dataDir, { recursive: true, force: true })
  },
})

export { expect } from '@playwright/test'
