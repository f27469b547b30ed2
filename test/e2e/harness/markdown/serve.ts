// Builds the Markdown harness page with Vite into a temp folder and serves it on 127.0.0.1 with the app's
// own security headers (the one CSP from src/main/security/csp.ts), so what runs in Chromium runs under the
// policy the app ships. `/nocsp/…` serves the same files without a CSP, to show the renderer is safe alone.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, extname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { buildCsp, documentSecurityHeaders } from '../../../../src/main/security/csp'

const HERE = dirname(fileURLToPath(import.meta.url))

export interface MarkdownHarnessServer {
  /** Page served with the app's CSP. */
  url: string
  /** The same page without any CSP. */
  urlWithoutCsp: string
  csp: string
  close(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

export async function buildMarkdownHarness(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: HERE,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      modulePreload: { polyfill: false },
      reportCompressedSize: false,
    },
  })
}

export async function startMarkdownHarness(): Promise<MarkdownHarnessServer> {
  const outDir = mkdtempSync(join(tmpdir(), 'gp-markdown-harness-'))
  await buildMarkdownHarness(outDir)
  const csp = buildCsp()
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const withoutCsp = path.startsWith('/nocsp/')
    const relative = (withoutCsp ? path.slice('/nocsp'.length) : path).replace(/\/$/, '/index.html')
    const file = normalize(join(outDir, relative))
    if (!file.startsWith(outDir + '/') || !TYPES[extname(file)]) {
      res.writeHead(404).end()
      return
    }
    let body: Buffer
    try {
      body = readFileSync(file)
    } catch {
      res.writeHead(404).end()
      return
    }
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(file)]!,
      'cache-control': 'no-store',
    }
    res.writeHead(200, withoutCsp ? headers : { ...headers, ...documentSecurityHeaders(csp) }).end(body)
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    urlWithoutCsp: `http://127.0.0.1:${port}/nocsp/`,
    csp,
    close: async () => {
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
      rmSync(resolve(outDir), { recursive: true, force: true })
    },
  }
}
