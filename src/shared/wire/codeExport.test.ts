import { describe, expect, it } from 'vitest'
import { exportCode, shellQuote } from './codeExport'

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

const base = 'http://127.0.0.1:8080'

/**
 * Splits a command line the way a POSIX shell does for the constructs the exporter writes: single quotes,
 * double quotes with $VAR, backslash escapes and continuations. (Running the snippets for real, through bash,
 * tsx and a loopback server, needs node modules that src/shared tests may not import.)
 */
function shellWords(line: string, env: Record<string, string>): string[] {
  const words: string[] = []
  let word: string | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? ''
    if (c === '\\') {
      // backslash-newline continues the line; elsewhere it quotes the next character
      if (line[i + 1] !== '\n') word = (word ?? '') + (line[i + 1] ?? '')
      i++
    } else if (c === ' ' || c === '\n') {
      if (word !== undefined) words.push(word)
      word = undefined
    } else if (c === "'") {
      const close = line.indexOf("'", i + 1)
      word = (word ?? '') + line.slice(i + 1, close)
      i = close
    } else if (c === '"') {
      const close = line.indexOf('"', i + 1)
      word =
        (word ?? '') + line.slice(i + 1, close).replace(/\$([A-Z_]+)/g, (_m, name: string) => env[name] ?? '')
      i = close
    } else word = (word ?? '') + c
  }
  if (word !== undefined) words.push(word)
  return words
}

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

  it('quotes for the shell so every argument reaches curl unchanged', () => {
    const { curl } = exportCode(input())
    expect(shellWords(curl, { GATEWAY_API_KEY: KEY })).toEqual([
      'curl',
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

  it('writes a fetch call with the key read from process.env and the body as JSON.stringify of a literal', () => {
    const { typescript } = exportCode(input())
    expect(typescript).toContain(`const response = await fetch('${base}/v1/chat/completions', {`)
    expect(typescript).toContain("    'Authorization': `Bearer ${process.env.GATEWAY_API_KEY}`,")
    expect(typescript).toContain(`    'x-trace': 'a\\'b',`)
    const literal = typescript.slice(
      typescript.indexOf('JSON.stringify(') + 15,
      typescript.lastIndexOf('),\n})'),
    )
    expect(JSON.parse(literal)).toEqual(BODY)
    expect(typescript).toContain('console.log(JSON.stringify(await response.json(), null, 2))')
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
