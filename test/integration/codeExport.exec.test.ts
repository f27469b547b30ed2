import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportCode, shellQuote } from '../../src/shared/wire/codeExport'

const run = promisify(execFile)
const SECRET = 'sk-canary-123456'
const KEY = 'env-key-value'

// A body with the characters that break naive quoting: single and double quotes, $, backticks, ${…}, braces.
const BODY = {
  model: 'gpt-x',
  stream: false,
  messages: [{ role: 'user', content: `It's "quoted" $HOME \`cmd\` \${x} {braces} \\ back — ☃` }],
  temperature: 0.5,
  flag: true,
  nothing: null,
}

interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

let server: Server
let base = ''
const seen: Seen[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      res.setHeader('content-type', 'application/json')
      res.end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const input = () => ({
  url: `${base}/v1/chat/completions`,
  headers: { 'content-type': 'application/json', Authorization: `Bearer ${SECRET}`, 'x-trace': "a'b" },
  body: BODY,
})

describe('exported code runs: the snippets reach a server as the exact request', () => {
  it('quotes for the shell so bash passes every argument through unchanged', async () => {
    const { curl } = exportCode(input())
    // A shell function named curl prints the arguments bash would hand to the real curl.
    const script = `curl() { printf '%s\\0' "$@"; }\n${curl}`
    const { stdout } = await run('bash', ['-c', script], { env: { ...process.env, GATEWAY_API_KEY: KEY } })
    const args = stdout.split('\0').slice(0, -1)
    expect(args).toEqual([
      '-X',
      'POST',
      `${base}/v1/chat/completions`,
      '-H',
      'content-type: application/json',
      '-H',
      `Authorization: Bearer ${KEY}`,
      '-H',
      "x-trace: a'b",
      '--data-raw',
      JSON.stringify(BODY, null, 2),
    ])
    expect(shellQuote("it's")).toBe(`'it'\\''s'`)
  })

  it('sends the exact request from the TypeScript snippet, with the key read from the environment', async () => {
    const { typescript } = exportCode(input())
    const dir = await mkdtemp(join(tmpdir(), 'code-export-'))
    try {
      const file = join(dir, 'snippet.mts')
      await writeFile(file, typescript)
      seen.length = 0
      const { stdout } = await run(process.execPath, ['--import', 'tsx', file], {
        cwd: process.cwd(),
        env: { ...process.env, GATEWAY_API_KEY: KEY },
      })
      expect(JSON.parse(stdout)).toEqual({ ok: true })
      expect(seen).toHaveLength(1)
      expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/chat/completions' })
      expect(seen[0]?.headers.authorization).toBe(`Bearer ${KEY}`)
      expect(seen[0]?.headers['x-trace']).toBe("a'b")
      expect(JSON.parse(seen[0]?.body ?? '')).toEqual(BODY)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
