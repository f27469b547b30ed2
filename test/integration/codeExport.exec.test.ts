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

describe('exportCode', () => {
  it('never writes the key: Authorization, key headers and ?key= become the environment variable', () => {
    const snippets = exportCode({
      url: `${base}/v1beta/models/g:streamGenerateContent?alt=sse&key=${SECRET}`,
      headers: { Authorization: `Bearer ${SECRET}`, 'x-vendor-api-key': SECRET, 'x-api-key': 'Bearer ***' },
      body: { contents: [] },
    })
    for (const text of Object.values(snippets)) {
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain('***')
      expect(text).toContain('GATEWAY_API_KEY')
    }
    expect(snippets.curl).toContain(`-H 'Authorization: Bearer '"$GATEWAY_API_KEY"`)
    expect(snippets.curl).toContain(`-H 'x-vendor-api-key: '"$GATEWAY_API_KEY"`)
    expect(snippets.curl).toContain(`?alt=sse&key='"$GATEWAY_API_KEY"`)
    expect(snippets.curl.startsWith('curl -N -X POST')).toBe(true)
    expect(snippets.typescript).toContain("'Authorization': `Bearer ${process.env.GATEWAY_API_KEY}`")
    expect(snippets.python).toContain(`"Authorization": f"Bearer {os.environ['GATEWAY_API_KEY']}"`)
    expect(snippets.python).toContain('with httpx.stream("POST", url')
  })

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

  it('writes the body as a Python literal and the key as an f-string reference', () => {
    const { python } = exportCode({
      url: 'https://gw.test/v1/messages',
      headers: { 'x-api-key': SECRET },
      body: { a: true, b: null, c: [1, 'x{y}'], d: {} },
    })
    expect(python).toBe(
      [
        'import os',
        '',
        'import httpx',
        '',
        'url = "https://gw.test/v1/messages"',
        'headers = {',
        `    "x-api-key": f"{os.environ['GATEWAY_API_KEY']}",`,
        '}',
        'payload = {',
        '    "a": True,',
        '    "b": None,',
        '    "c": [',
        '        1,',
        '        "x{y}",',
        '    ],',
        '    "d": {},',
        '}',
        '',
        'response = httpx.request("POST", url, headers=headers, json=payload, timeout=120)',
        'response.raise_for_status()',
        'print(response.json())',
        '',
      ].join('\n'),
    )
  })

  it('keeps a raw body that is not JSON exactly as written', () => {
    const raw = '{"model": "x", broken'
    const snippets = exportCode({ url: 'https://gw.test/v1/chat/completions', headers: {}, body: raw })
    expect(snippets.curl).toContain(`--data-raw '{"model": "x", broken'`)
    expect(snippets.typescript).toContain(`body: '{"model": "x", broken',`)
    expect(snippets.python).toContain('payload = "{\\"model\\": \\"x\\", broken"')
    expect(snippets.python).toContain('content=payload')
  })
})
