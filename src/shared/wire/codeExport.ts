// Code export of one request as curl, TypeScript (fetch) and Python (httpx). The invariant: no credential is
// ever written out. Authorization, API-key headers and a `key=` query parameter are replaced by a reference to
// an environment variable, whatever value (real or already masked) the input carries.

export const GATEWAY_API_KEY_ENV = 'GATEWAY_API_KEY'

export interface CodeExportInput {
  method?: 'GET' | 'POST'
  /** Full URL; a `key=` query parameter is replaced by the environment variable. */
  url: string
  headers: Record<string, string>
  /** A JSON value, or the exact body text (sent as written; pretty-printed in TS/Python when it parses). */
  body?: unknown
  /** Environment variable holding the credential; default `GATEWAY_API_KEY`. */
  envVar?: string
}

export interface CodeSnippets {
  curl: string
  typescript: string
  python: string
}

/** A string made of literal text and references to the credential variable. */
type Piece = { lit: string } | { env: true }

const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'x-vendor-api-key',
  'api-key',
])
const DROPPED_HEADERS = new Set(['content-length', 'host', 'connection', 'accept-encoding'])

function secretValue(name: string, value: string): Piece[] {
  const lower = name.toLowerCase()
  if (!SECRET_HEADERS.has(lower)) return [{ lit: value }]
  const scheme = /^([A-Za-z]+)\s+/.exec(value)
  if ((lower === 'authorization' || lower === 'proxy-authorization') && scheme)
    return [{ lit: scheme[0] }, { env: true }]
  return [{ env: true }]
}

function urlPieces(url: string): Piece[] {
  const pieces: Piece[] = []
  const re = /([?&]key=)[^&#]*/g
  let last = 0
  for (let m = re.exec(url); m; m = re.exec(url)) {
    pieces.push({ lit: url.slice(last, m.index) + (m[1] ?? '') }, { env: true })
    last = m.index + m[0].length
  }
  pieces.push({ lit: url.slice(last) })
  return pieces.filter((p) => !('lit' in p) || p.lit !== '')
}

// ---------------------------------------------------------------- quoting

/** POSIX single quotes: everything literal; a `'` becomes `'\''`. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

/** Joins neighbouring literals so each renders as one quoted run. */
function merged(pieces: Piece[]): Piece[] {
  const out: Piece[] = []
  for (const p of pieces) {
    const last = out[out.length - 1]
    if ('lit' in p && last && 'lit' in last) out[out.length - 1] = { lit: last.lit + p.lit }
    else out.push(p)
  }
  return out
}

function shell(pieces: Piece[], env: string): string {
  return (
    merged(pieces)
      .map((p) => ('env' in p ? `"$${env}"` : shellQuote(p.lit)))
      .join('') || "''"
  )
}

const jsSingle = (s: string): string =>
  `'${s
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`

function js(pieces: Piece[], env: string): string {
  if (pieces.every((p) => 'lit' in p)) return jsSingle(pieces.map((p) => ('lit' in p ? p.lit : '')).join(''))
  const body = pieces
    .map((p) =>
      'env' in p
        ? `\${process.env.${env}}`
        : p.lit.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${').replace(/\r/g, '\\r'),
    )
    .join('')
  return `\`${body}\``
}

/** A JSON string literal is a valid Python string literal. */
const pyStr = (s: string): string => JSON.stringify(s)

function py(pieces: Piece[], env: string): string {
  if (pieces.every((p) => 'lit' in p)) return pyStr(pieces.map((p) => ('lit' in p ? p.lit : '')).join(''))
  const body = pieces
    .map((p) =>
      'env' in p
        ? `{os.environ['${env}']}`
        : pyStr(p.lit).slice(1, -1).replace(/\{/g, '{{').replace(/\}/g, '}}'),
    )
    .join('')
  return `f"${body}"`
}

function pyLiteral(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'None'
  if (typeof value === 'string') return pyStr(value)
  const inner = indent + '    '
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((v) => inner + pyLiteral(v, inner)).join(',\n')},\n${indent}]`
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
  if (entries.length === 0) return '{}'
  return `{\n${entries.map(([k, v]) => `${inner}${pyStr(k)}: ${pyLiteral(v, inner)}`).join(',\n')},\n${indent}}`
}

// ---------------------------------------------------------------- export

interface Body {
  text: string
  json: unknown
  parsed: boolean
}

function readBody(body: unknown): Body | undefined {
  if (body === undefined) return undefined
  if (typeof body === 'string') {
    try {
      return { text: body, json: JSON.parse(body) as unknown, parsed: true }
    } catch {
      return { text: body, json: undefined, parsed: false }
    }
  }
  return { text: JSON.stringify(body, null, 2), json: body, parsed: true }
}

function isStream(url: string, body: Body | undefined): boolean {
  if (/[?&]alt=sse(&|#|$)/.test(url)) return true
  const json = body?.json
  return typeof json === 'object' && json !== null && (json as Record<string, unknown>).stream === true
}

export function exportCode(input: CodeExportInput): CodeSnippets {
  const env = input.envVar ?? GATEWAY_API_KEY_ENV
  const method = input.method ?? (input.body === undefined ? 'GET' : 'POST')
  const url = urlPieces(input.url)
  const headers = Object.entries(input.headers)
    .filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase()))
    .map(([name, value]) => ({ name, value: secretValue(name, value) }))
  const body = readBody(input.body)
  const stream = isStream(input.url, body)
  return {
    curl: curlSnippet(method, url, headers, body, stream, env),
    typescript: tsSnippet(method, url, headers, body, stream, env),
    python: pySnippet(method, url, headers, body, stream, env),
  }
}

type Header = { name: string; value: Piece[] }

function curlSnippet(
  method: string,
  url: Piece[],
  headers: Header[],
  body: Body | undefined,
  stream: boolean,
  env: string,
): string {
  const lines = [`curl${stream ? ' -N' : ''}${method === 'GET' ? '' : ` -X ${method}`} ${shell(url, env)}`]
  for (const h of headers) lines.push(`  -H ${shell([{ lit: `${h.name}: ` }, ...h.value], env)}`)
  if (body) lines.push(`  --data-raw ${shellQuote(body.text)}`)
  return lines.join(' \\\n') + '\n'
}

function tsSnippet(
  method: string,
  url: Piece[],
  headers: Header[],
  body: Body | undefined,
  stream: boolean,
  env: string,
): string {
  const out = [`const response = await fetch(${js(url, env)}, {`, `  method: '${method}',`, '  headers: {']
  for (const h of headers) out.push(`    ${jsSingle(h.name)}: ${js(h.value, env)},`)
  out.push('  },')
  if (body?.parsed) {
    const literal = JSON.stringify(body.json, null, 2).replace(/\n/g, '\n  ')
    out.push(`  body: JSON.stringify(${literal}),`)
  } else if (body) out.push(`  body: ${jsSingle(body.text)},`)
  out.push('})', 'if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`)')
  if (stream) {
    out.push(
      'const decoder = new TextDecoder()',
      'for await (const chunk of response.body!) process.stdout.write(decoder.decode(chunk, { stream: true }))',
    )
  } else out.push('console.log(JSON.stringify(await response.json(), null, 2))')
  return out.join('\n') + '\n'
}

function pySnippet(
  method: string,
  url: Piece[],
  headers: Header[],
  body: Body | undefined,
  stream: boolean,
  env: string,
): string {
  const out = ['import os', '', 'import httpx', '', `url = ${py(url, env)}`, 'headers = {']
  for (const h of headers) out.push(`    ${pyStr(h.name)}: ${py(h.value, env)},`)
  out.push('}')
  let bodyArg = ''
  if (body?.parsed) {
    out.push(`payload = ${pyLiteral(body.json, '')}`)
    bodyArg = ', json=payload'
  } else if (body) {
    out.push(`payload = ${pyStr(body.text)}`)
    bodyArg = ', content=payload'
  }
  out.push('')
  if (stream) {
    out.push(
      `with httpx.stream(${pyStr(method)}, url, headers=headers${bodyArg}, timeout=120) as response:`,
      '    response.raise_for_status()',
      '    for line in response.iter_lines():',
      '        print(line)',
    )
  } else {
    out.push(
      `response = httpx.request(${pyStr(method)}, url, headers=headers${bodyArg}, timeout=120)`,
      'response.raise_for_status()',
      'print(response.json())',
    )
  }
  return out.join('\n') + '\n'
}
