// Looking up a task by its id with one GET of the spec (12, 13, 15 or 20), for a task the app did not submit.
// The answer is shown as it is: status verbatim, every scalar field, the raw JSON. Invariant: the body is read
// as a stream through the JSON scanner (a download answers tens of MB of base64), so memory stays bounded and
// what crosses IPC is small: long strings elided, the raw text capped. Nothing here adds a job.
import { consolePath, CONSOLE_SUCCESS_CODE } from '../../../shared/catalog/consoleTasks'
import { isNamedTaskStatus, LOOKUP_QUERY, type TaskLookupKind } from '../../../shared/catalog/taskStatuses'
import { LOOKUP_RAW_MAX_CHARS, type TaskLookup } from '../../../shared/ipc/taskLookup'
import { GatewayError, responseText, type EndpointKind, type GatewayClient } from '../gateway'
import type { ResolvedProfile } from '../profiles'
import { JsonScanError, JsonScanner } from '../video/jsonScan'
import { describeError, describeHttpError, isObject, parseJson } from './answers'
import { sendRequest } from '../sendRequest'
import { taskIdInUrl } from '../../../shared/taskId'

const LONG = 2000
const MAX_FIELDS = 200

/** The GET a lookup kind sends. */
export function lookupRequest(
  kind: TaskLookupKind,
  taskId: string,
): { endpoint: EndpointKind; path: string } {
  const id = taskIdInUrl(taskId)
  switch (kind) {
    case 'video-query':
      return { endpoint: 'model', path: `/v1/video/generations/${id}` }
    case 'video-download':
      return { endpoint: 'model', path: `/v1/video/generations/download?id=${id}` }
    case 'console-video-query':
      return { endpoint: 'console', path: `${consolePath('videoQuery')}?taskId=${id}` }
    case 'console-image-query':
      return { endpoint: 'console', path: `${consolePath('photoShootQuery')}?taskId=${id}` }
  }
}

/** Strings over LONG characters replaced by a note of their length (a data URL, base64). */
function elide(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > LONG
      ? `${value.slice(0, 80)}… <${value.length.toLocaleString('en-US')} characters elided>`
      : value
  if (Array.isArray(value)) return value.map(elide)
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, elide(v)]))
  return value
}

interface ReadBody {
  head: string
  complete: boolean
  scanner: JsonScanner | null
}

/** Reads the whole body through the scanner, keeping the first LOOKUP_RAW_MAX_CHARS of its text. */
async function readBody(body: ReadableStream<Uint8Array>): Promise<ReadBody> {
  let scanner: JsonScanner | null = new JsonScanner({ maxCapture: LONG })
  const decoder = new TextDecoder()
  let head = ''
  let complete = true
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (head.length <= LOOKUP_RAW_MAX_CHARS) head += decoder.decode(value, { stream: true })
      else complete = false
      try {
        scanner?.push(value)
      } catch (error) {
        if (!(error instanceof JsonScanError)) throw error
        scanner = null
      }
    }
    try {
      scanner?.end()
    } catch {
      scanner = null
    }
  } finally {
    reader.releaseLock()
  }
  if (head.length > LOOKUP_RAW_MAX_CHARS) complete = false
  return { head: head.slice(0, LOOKUP_RAW_MAX_CHARS), complete, scanner }
}

/** The task's status and the gateway's message from an answer's fields. */
function readAnswer(
  kind: TaskLookupKind,
  get: (path: string) => unknown,
): { found: boolean; status: string | null; message: string | null } {
  const str = (v: unknown): string | null =>
    typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null
  if (kind === 'console-video-query' || kind === 'console-image-query') {
    const code = get('code')
    const msg = str(get('msg'))
    if (code !== CONSOLE_SUCCESS_CODE) {
      return {
        found: false,
        status: null,
        message: `The console answered code ${String(code ?? 'none')}: ${msg ?? 'no message'}`,
      }
    }
    return { found: true, status: str(get('data.status')), message: msg }
  }
  if (kind === 'video-download') {
    const success = get('success')
    return {
      found: success !== false,
      status: success === true ? 'succeeded' : null,
      message: success === false ? 'The download answered success: false.' : null,
    }
  }
  return {
    found: true,
    status: str(get('status')),
    message: str(get('error.message')),
  }
}

export async function lookupTask(
  gateway: GatewayClient,
  profile: ResolvedProfile,
  kind: TaskLookupKind,
  taskId: string,
  signal?: AbortSignal,
): Promise<Omit<TaskLookup, 'trackedJobId'>> {
  const { endpoint, path } = lookupRequest(kind, taskId)
  const base = { kind, taskId, method: 'GET' as const }
  let res
  try {
    res = await sendRequest(
      gateway,
      profile,
      { kind: endpoint, method: 'GET', path },
      { stream: true, json: true, maxRetries: 0, signal },
    )
  } catch (error) {
    const exchange = error instanceof GatewayError ? error.exchange.snapshot() : null
    return {
      ...base,
      url: exchange?.request.url ?? path,
      httpStatus: null,
      found: false,
      status: null,
      statusNamed: false,
      message: describeError(error),
      fields: [],
      raw: '',
      exchange,
    }
  }
  const url = res.exchange.snapshot().request.url
  if (!res.ok || !res.body) {
    const text = responseText(res)
    const json = parseJson(text)
    return {
      ...base,
      url,
      httpStatus: res.status,
      found: false,
      status: null,
      statusNamed: false,
      message: describeHttpError(res.status, text),
      fields: isObject(json) ? flatten(json) : [],
      raw: json === undefined ? text.slice(0, LOOKUP_RAW_MAX_CHARS) : JSON.stringify(elide(json), null, 2),
      exchange: res.exchange.snapshot(),
    }
  }
  let read: ReadBody
  try {
    read = await readBody(res.body)
  } catch (error) {
    res.exchange.recordError(describeError(error))
    res.exchange.finish()
    return {
      ...base,
      url,
      httpStatus: res.status,
      found: false,
      status: null,
      statusNamed: false,
      message: `The answer was cut off: ${describeError(error)}`,
      fields: [],
      raw: '',
      exchange: res.exchange.snapshot(),
    }
  }
  const json = read.complete ? parseJson(read.head) : undefined
  const fields = json !== undefined && isObject(json) ? flatten(json) : scannedFields(read.scanner)
  const byPath = new Map(fields)
  const values = read.scanner?.values
  const answer =
    read.scanner === null
      ? { found: false, status: null, message: 'The gateway answered with something that is not JSON.' }
      : readAnswer(kind, (p) => values?.get(p))
  const raw =
    json !== undefined
      ? JSON.stringify(elide(json), null, 2)
      : read.scanner
        ? `${JSON.stringify(Object.fromEntries(byPath), null, 2)}\n\n(the answer is larger than ${LOOKUP_RAW_MAX_CHARS / 1024} KB: its fields are shown, long strings elided)`
        : read.head
  res.exchange.recordBodyChunk(raw)
  res.exchange.finish()
  return {
    ...base,
    url,
    httpStatus: res.status,
    found: answer.found,
    status: answer.status,
    statusNamed: answer.status !== null && isNamedTaskStatus(LOOKUP_QUERY[kind], answer.status),
    message: answer.message,
    fields: fields.slice(0, MAX_FIELDS),
    raw,
    exchange: res.exchange.snapshot(),
  }
}

/** Scalar fields by dotted path, long strings elided. */
function flatten(value: unknown, prefix = '', out: [string, string][] = []): [string, string][] {
  if (out.length >= MAX_FIELDS) return out
  if (Array.isArray(value)) value.forEach((v, i) => flatten(v, prefix ? `${prefix}.${i}` : String(i), out))
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out)
  else out.push([prefix, typeof value === 'string' ? String(elide(value)) : JSON.stringify(value)])
  return out
}

function scannedFields(scanner: JsonScanner | null): [string, string][] {
  if (!scanner) return []
  const out: [string, string][] = []
  for (const [path, v] of scanner.values) out.push([path, typeof v === 'string' ? v : JSON.stringify(v)])
  for (const path of scanner.oversized) out.push([path, '<long string elided>'])
  return out.slice(0, MAX_FIELDS)
}
