// A request brought in by pasting: a curl command (as browsers' "Copy as cURL (bash)" and vendor docs write it:
// -H, -d/--data/--data-raw/--data-binary/--json, `\` line breaks, single, double and $'…' quotes), an SDK call
// (`client.chat.completions.create({…})`) or a bare JSON body. It answers the wire format (from the URL path,
// the SDK method or the body's shape), the base URL, the model and stream a native path carries, the body, what
// was dropped (every API key: headers, `?key=`, `-u`) and what could not be read, each with its reason. Shell
// words are split by shell-quote; nothing here runs, fetches or expands anything.
import parseShell from 'shell-quote/parse'
import type { WireFormat } from './format'
import { readSdkCallBody, SDK_METHODS } from './pastedSdkCall'

/** The most text read (characters): a request body past that is refused in words, not parsed. */
export const PASTE_MAX_CHARS = 2_000_000

export interface PastedProblem {
  /** What could not be read: a curl option, a header, the body, the URL. */
  field: string
  why: string
}

export interface PastedRequest {
  kind: 'curl' | 'sdk' | 'json'
  /** null: neither the URL, the call nor the body's shape says which format. */
  format: WireFormat | null
  /** How the format was told. */
  formatFrom: 'path' | 'sdk' | 'body' | null
  /** The gateway's base URL the path was sent to (scheme, host, port and any prefix before `/v1…`). */
  baseUrl: string | null
  /** A native path's model and whether it streams (its body carries neither). */
  model: string | null
  stream: boolean | null
  body: Record<string, unknown> | null
  /** What was left out on purpose: API keys and credentials, never kept nor shown. */
  dropped: string[]
  problems: PastedProblem[]
}

const KEY_HEADERS = new Set([
  'authorization',
  'x-api-key',
  'api-key',
  'x-goog-api-key',
  'proxy-authorization',
])
/** Headers the app writes itself: reading them in would change nothing. */
const OWN_HEADERS = new Set([
  'content-type',
  'accept',
  'anthropic-version',
  'content-length',
  'user-agent',
  'host',
])
const DATA_OPTIONS = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json'])
/** Options that take a value and change nothing the form holds (the value is skipped with them). */
const VALUE_OPTIONS_IGNORED = new Set([
  '-o',
  '--output',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-w',
  '--write-out',
  '--retry',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '--proxy',
  '-x',
  '--cacert',
  '--cert',
  '--key',
  '-b',
  '--cookie',
  '-c',
  '--cookie-jar',
  '--limit-rate',
  '--resolve',
  '--interface',
])
const FLAG_OPTIONS_IGNORED = new Set([
  '-s',
  '--silent',
  '-S',
  '--show-error',
  '-v',
  '--verbose',
  '-i',
  '--include',
  '-L',
  '--location',
  '-k',
  '--insecure',
  '-N',
  '--no-buffer',
  '--compressed',
  '-f',
  '--fail',
  '--fail-with-body',
  '-sS',
  '-Ss',
  '-sN',
  '--http1.1',
  '--http2',
  '-g',
  '--globoff',
])

/** Reads pasted text; an answer with no body and a problem when nothing could be read. */
export function readPastedRequest(text: string): PastedRequest {
  const out: PastedRequest = {
    kind: 'json',
    format: null,
    formatFrom: null,
    baseUrl: null,
    model: null,
    stream: null,
    body: null,
    dropped: [],
    problems: [],
  }
  if (text.length > PASTE_MAX_CHARS) {
    out.problems.push({
      field: 'the pasted text',
      why: `${text.length.toLocaleString('en')} characters is more than the ${PASTE_MAX_CHARS.toLocaleString('en')} read`,
    })
    return out
  }
  const t = text.trim()
  let anthropic = false
  if (/^(\$\s+)?curl(\.exe)?\s/i.test(t)) anthropic = readCurl(t.replace(/^\$\s+/, ''), out)
  else if (t.startsWith('{')) readBody(t, 'the body', out)
  else readSdkCall(t, out)
  if (out.body && !out.format) {
    const shape = formatOfBody(out.body, anthropic)
    if (shape) {
      out.format = shape
      out.formatFrom = 'body'
    } else
      out.problems.push({
        field: 'format',
        why: 'neither the URL nor the body says which format (no messages, input or contents field)',
      })
  }
  return out
}

/** Reads a curl command into `out`; true when it carries Anthropic's headers (anthropic-version, x-api-key). */
function readCurl(command: string, out: PastedRequest): boolean {
  out.kind = 'curl'
  // A backslash before a line break continues the command, as in a shell; \r\n from Windows clipboards too.
  // Windows' "Copy as cURL (cmd)" continues lines with ^ and escapes every special character with ^ (a quote
  // inside the body is ^\^"): without the carets it reads as the bash form does.
  const cmd = /\s\^\r?\n/.test(command) || /^curl(\.exe)?\s+\^"/i.test(command)
  const bash = cmd ? command.replace(/\^\r?\n/g, ' ').replace(/\^([\s\S])/g, '$1') : command
  const open = unclosedQuote(bash)
  if (open)
    out.problems.push({
      field: 'the command',
      why: `a ${open} quote is never closed: the command was read to its end (was it pasted whole?)`,
    })
  const joined = bash.replace(/\\\r?\n/g, ' ')
  const words: string[] = []
  for (const entry of parseShell(joined, (name: string) => `$${name}`)) {
    if (typeof entry === 'string') words.push(entry)
    else if ('comment' in entry) continue
    else if (entry.op === 'glob') words.push(entry.pattern)
    else {
      out.problems.push({
        field: 'the command',
        why: `only the curl command is read: the rest after “${entry.op}” is left out`,
      })
      break
    }
  }
  let url: string | null = null
  const data: string[] = []
  const headers: [string, string][] = []
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!
    const [flag, attached] = splitOption(word)
    const value = () => attached ?? words[++i]
    if (flag === '-H' || flag === '--header') {
      const header = value()
      if (header === undefined) break
      const colon = header.indexOf(':')
      if (colon <= 0)
        out.problems.push({ field: `header “${clip(header)}”`, why: 'it has no “name: value” form' })
      else headers.push([header.slice(0, colon).trim().toLowerCase(), header.slice(colon + 1).trim()])
    } else if (DATA_OPTIONS.has(flag)) {
      const body = value()
      if (body === undefined) break
      if (body.startsWith('@') && flag !== '--data-raw')
        out.problems.push({
          field: flag,
          why: `the body is read from the file ${clip(body.slice(1))}, which a paste does not carry`,
        })
      else data.push(body)
    } else if (flag === '-u' || flag === '--user') {
      value()
      out.dropped.push('the user and password given with -u')
    } else if (flag === '-X' || flag === '--request') {
      const method = value()
      if (method && method.toUpperCase() !== 'POST')
        out.problems.push({
          field: '-X',
          why: `the method ${clip(method)} is not the POST every text format sends`,
        })
    } else if (flag === '--url') {
      url = value() ?? url
    } else if (VALUE_OPTIONS_IGNORED.has(flag)) {
      value()
    } else if (FLAG_OPTIONS_IGNORED.has(flag)) {
      continue
    } else if (word.startsWith('-')) {
      out.problems.push({ field: clip(flag), why: 'a curl option the form has no place for (left out)' })
    } else if (url === null) url = word
    else out.problems.push({ field: `“${clip(word)}”`, why: 'a second URL (only the first is read)' })
  }
  for (const [name] of headers) {
    if (KEY_HEADERS.has(name)) out.dropped.push(`the ${name} header (an API key)`)
    else if (!OWN_HEADERS.has(name))
      out.problems.push({
        field: `header ${name}`,
        why: 'headers go in the profile (Settings), not the request form',
      })
  }
  const anthropic = headers.some(([name]) => name === 'anthropic-version' || name === 'x-api-key')
  if (url === null) out.problems.push({ field: 'URL', why: 'the command names no URL' })
  else readUrl(url, out)
  if (data.length === 0) {
    out.problems.push({
      field: 'the body',
      why: 'the command sends no body (-d, --data, --data-raw or --json)',
    })
    return anthropic
  }
  // curl joins several -d with & (form data); a JSON body comes whole in one.
  if (data.length > 1)
    out.problems.push({ field: 'the body', why: `${data.length} -d options: only the first is read` })
  readBody(data[0]!, 'the body', out)
  return anthropic
}

/** `--data=x` → ['--data', 'x']; `-dx` → ['-d', 'x']; `-Hname: v` → ['-H', 'name: v']. */
function splitOption(word: string): [string, string | undefined] {
  if (word.startsWith('--')) {
    const eq = word.indexOf('=')
    return eq > 0 ? [word.slice(0, eq), word.slice(eq + 1)] : [word, undefined]
  }
  if (/^-[dHXu]./.test(word)) return [word.slice(0, 2), word.slice(2)]
  return [word, undefined]
}

/** The quote left open at the end of a shell command (' or ", $'…' read as '), or null. */
function unclosedQuote(s: string): "'" | '"' | null {
  let quote: "'" | '"' | '$' | null = null
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if (quote === "'") {
      if (c === "'") quote = null
    } else if (quote === '$') {
      // $'…' (ANSI-C quoting, as browsers copy bodies): a backslash escapes the next character, \' included.
      if (c === '\\') i++
      else if (c === "'") quote = null
    } else if (c === '\\') i++
    else if (quote === '"') {
      if (c === '"') quote = null
    } else if (c === '$' && s[i + 1] === "'") {
      quote = '$'
      i++
    } else if (c === "'" || c === '"') quote = c
  }
  return quote === '$' ? "'" : quote
}

const PATHS: [RegExp, WireFormat][] = [
  [/^(.*?)(\/v\d\w*)?\/chat\/completions\/?$/, 'chat'],
  [/^(.*?)(\/v\d\w*)?\/responses\/?$/, 'responses'],
  [/^(.*?)(\/v\d\w*)?\/messages\/?$/, 'messages'],
]

function readUrl(raw: string, out: PastedRequest): void {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    out.problems.push({ field: 'URL', why: `“${clip(raw)}” is not a URL` })
    return
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    out.problems.push({ field: 'URL', why: `${url.protocol} is not http or https` })
    return
  }
  if (url.username || url.password) out.dropped.push('the user and password in the URL')
  for (const name of ['key', 'api_key', 'apikey', 'access_token'])
    if (url.searchParams.has(name)) out.dropped.push(`the ${name} query parameter (an API key)`)
  const path = url.pathname
  const native = /^(.*?)\/(v\d\w*)\/models\/([^/:]+):(stream)?generateContent$/i.exec(path)
  if (native) {
    out.format = 'native'
    out.formatFrom = 'path'
    out.baseUrl = url.origin + native[1]!
    out.model = safeDecode(native[3]!)
    out.stream = !!native[4]
    return
  }
  for (const [pattern, format] of PATHS) {
    const m = pattern.exec(path)
    if (!m) continue
    out.format = format
    out.formatFrom = 'path'
    out.baseUrl = url.origin + m[1]!
    return
  }
  out.baseUrl = url.origin
  out.problems.push({ field: 'URL', why: `the path ${clip(path)} is none of the four text formats' paths` })
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

function readSdkCall(text: string, out: PastedRequest): void {
  out.kind = 'sdk'
  let open = -1
  for (const [pattern, format] of SDK_METHODS) {
    const m = pattern.exec(text)
    if (m) {
      out.format = format
      out.formatFrom = 'sdk'
      open = m.index + m[0].length - 1
      break
    }
  }
  if (open < 0) {
    const start = text.indexOf('{')
    const end = text.lastIndexOf('}')
    if (start < 0 || end < start)
      return void out.problems.push({
        field: 'the pasted text',
        why: 'it is neither a curl command, nor a JSON body, nor an SDK call (…create(…), generate_content(…))',
      })
    return readBody(text.slice(start, end + 1), 'the call’s argument', out)
  }
  const call = readSdkCallBody(text, open, out.format === 'native')
  out.problems.push(...call.problems)
  if (call.model) out.model = call.model
  if (call.body) takeBody(call.body, out)
}

function readBody(text: string, field: string, out: PastedRequest): void {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    out.problems.push({
      field,
      why: `it is not JSON (${clip(why, 120)}); keys must be in double quotes, as in a request body`,
    })
    return
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    out.problems.push({ field, why: 'it is JSON but not an object' })
    return
  }
  takeBody(body as Record<string, unknown>, out)
}

/** The body, without any API key it carries. */
function takeBody(body: Record<string, unknown>, out: PastedRequest): void {
  out.body = body
  for (const key of ['api_key', 'apiKey', 'key'])
    if (key in out.body) {
      delete out.body[key]
      out.dropped.push(`the ${key} field (an API key)`)
    }
}

/** The format a body's own shape says: contents → native, input → responses, messages → chat or messages. */
function formatOfBody(body: Record<string, unknown>, anthropicHeaders: boolean): WireFormat | null {
  if ('contents' in body) return 'native'
  if ('input' in body || 'instructions' in body) return 'responses'
  if (!Array.isArray(body.messages)) return null
  // Messages: a top-level system, Anthropic's headers, or content blocks only Anthropic's format has.
  const turns = JSON.stringify(body.messages).slice(0, 200_000)
  const anthropicBlocks =
    /"type"\s*:\s*"(tool_use|tool_result|thinking)"|"source"\s*:\s*\{\s*"type"\s*:\s*"base64"/.test(turns)
  return 'system' in body || anthropicHeaders || anthropicBlocks ? 'messages' : 'chat'
}

function clip(s: string, max = 60): string {
  return s.length > max ? `${s.slice(0, max)}…` : s
}
