// Wire conformance as pure functions over one recorded exchange: status, content type, SSE framing and event
// names, `[DONE]` where the format has it, exactly one terminal event, usage where the spec puts it, ids,
// finish/stop reasons from the spec's sets and error bodies in each format's shape (spec: Resources, Events,
// Errors; WIRE-NOTES). Each returns the deviations it found, named in words; none means conformant.
import { arr, isObject, obj, parseJson, str, type JsonObject } from '../wire/read'
import { checkStream } from './streamConformance'
import { isCount, outputIds, reason, type WireExchange, type WireKind } from './wireExchange'

export type { RecordedFrame, WireExchange, WireKind } from './wireExchange'

/** The error body shape each endpoint family answers in. */
export type ErrorShape = 'openai' | 'messages' | 'native' | 'console'

export function errorShapeOf(kind: WireKind): ErrorShape {
  switch (kind) {
    case 'messages':
    case 'count_tokens':
      return 'messages'
    case 'native':
    case 'nativeEmbed':
      return 'native'
    case 'console':
      return 'console'
    default:
      return 'openai'
  }
}

const SHAPE_WORDS: Record<ErrorShape, string> = {
  openai: '{error: {message, type}}',
  messages: '{type: "error", error: {type, message}}',
  native: '{error: {code, message, status}}',
  console: '{code, msg}',
}

/** Whether an error body is in a shape; count_tokens also answers a 401 as `{error: {message, type}}`. */
export function hasErrorShape(shape: ErrorShape, body: unknown, kind?: WireKind, status?: number): boolean {
  const o = obj(body)
  if (!o) return false
  const e = obj(o.error)
  switch (shape) {
    case 'openai':
      return !!e && typeof e.message === 'string' && typeof e.type === 'string' && o.type === undefined
    case 'messages':
      if (kind === 'count_tokens' && status === 401 && e && typeof e.message === 'string') return true
      return o.type === 'error' && !!e && typeof e.type === 'string' && typeof e.message === 'string'
    case 'native':
      return !!e && Number.isInteger(e.code) && typeof e.message === 'string' && typeof e.status === 'string'
    case 'console':
      return Number.isInteger(o.code) && typeof o.msg === 'string'
  }
}

/** The gateway's error in words: the body's message when it has one, else its start. */
export function errorInWords(ex: WireExchange): string {
  if (ex.status === null) return ex.transportError ?? 'no answer'
  const body = parseJson(ex.body)
  const o = obj(body)
  const e = obj(o?.error)
  const message = str(e?.message) ?? str(o?.message) ?? str(o?.msg) ?? str(o?.detail)
  const text = (message ?? ex.body.trim()).slice(0, 300)
  return `${ex.status}${text ? `: ${text}` : ''}`
}

/** An error answer: its status and body shape for this endpoint family. */
export function checkErrorAnswer(ex: WireExchange, expected: readonly number[]): string[] {
  const out: string[] = []
  if (ex.status === null) return out
  if (!expected.includes(ex.status))
    out.push(`status ${ex.status} where the spec says ${expected.join(' or ')}`)
  if (!isJsonType(ex.contentType)) out.push(`error content type ${ex.contentType ?? 'missing'}, not JSON`)
  const shape = errorShapeOf(ex.kind)
  if (!hasErrorShape(shape, parseJson(ex.body), ex.kind, ex.status))
    out.push(`error body not in the format's shape ${SHAPE_WORDS[shape]}`)
  return out
}

const isJsonType = (ct: string | null): boolean => !!ct && /^application\/json\b/i.test(ct.trim())
const isSseType = (ct: string | null): boolean => !!ct && /^text\/event-stream\b/i.test(ct.trim())

/** A successful answer: content type and body or stream conformance for its family. */
export function checkSuccess(ex: WireExchange): string[] {
  if (ex.status === null || ex.status < 200 || ex.status > 299) return []
  if (ex.stream) {
    const out = isSseType(ex.contentType)
      ? []
      : [`stream content type ${ex.contentType ?? 'missing'}, not text/event-stream`]
    return [...out, ...checkStream(ex)]
  }
  const out = isJsonType(ex.contentType) ? [] : [`content type ${ex.contentType ?? 'missing'}, not JSON`]
  if (ex.transportError) return [...out, `body cut off: ${ex.transportError}`]
  const body = parseJson(ex.body)
  if (!isObject(body)) return [...out, 'body is not a JSON object']
  return [...out, ...checkBody(ex.kind, body)]
}

function checkBody(kind: WireKind, b: JsonObject): string[] {
  const out: string[] = []
  switch (kind) {
    case 'chat': {
      if (b.object !== 'chat.completion') out.push(`object is ${String(b.object)}, not chat.completion`)
      if (!str(b.id)) out.push('id missing')
      const choice = obj(arr(b.choices)[0])
      if (!choice) out.push('no choices')
      else {
        if (obj(choice.message)?.role !== 'assistant') out.push('message role is not assistant')
        out.push(...reason('chat', choice.finish_reason))
      }
      const u = obj(b.usage)
      if (!u) out.push('usage missing from the response')
      else if (!isCount(u.prompt_tokens) || !isCount(u.completion_tokens) || !isCount(u.total_tokens))
        out.push('usage lacks prompt_tokens, completion_tokens or total_tokens')
      break
    }
    case 'responses': {
      if (b.object !== 'response') out.push(`object is ${String(b.object)}, not response`)
      if (!str(b.id)) out.push('id missing')
      if (!Array.isArray(b.output)) out.push('output is not an array')
      out.push(...reason('responses', b.status))
      out.push(...outputIds(arr(b.output)))
      const u = obj(b.usage)
      if (!u) out.push('usage missing from the response')
      else if (!isCount(u.input_tokens) || !isCount(u.output_tokens) || !isCount(u.total_tokens))
        out.push('usage lacks input_tokens, output_tokens or total_tokens')
      break
    }
    case 'messages': {
      if (b.type !== 'message') out.push(`type is ${String(b.type)}, not message`)
      if (b.role !== 'assistant') out.push('role is not assistant')
      if (!str(b.id)) out.push('id missing')
      if (!Array.isArray(b.content)) out.push('content is not an array')
      out.push(...reason('messages', b.stop_reason))
      const u = obj(b.usage)
      if (!u) out.push('usage missing from the response')
      else if (!isCount(u.input_tokens) || !isCount(u.output_tokens))
        out.push('usage lacks input_tokens or output_tokens')
      break
    }
    case 'native': {
      const c = obj(arr(b.candidates)[0])
      if (!c) out.push('no candidates')
      else {
        if (obj(c.content)?.role !== 'model' && arr(obj(c.content)?.parts).length > 0)
          out.push('candidate content role is not model')
        out.push(...reason('native', c.finishReason))
      }
      if (!obj(b.usageMetadata)) out.push('usageMetadata missing from the response')
      break
    }
    case 'count_tokens':
      if (!isCount(b.input_tokens)) out.push('input_tokens is not a whole number')
      break
    case 'embeddings': {
      if (b.object !== 'list') out.push(`object is ${String(b.object)}, not list`)
      arr(b.data).forEach((d, i) => {
        const item = obj(d)
        if (item?.object !== 'embedding') out.push(`data[${i}].object is not embedding`)
        if (item?.index !== i) out.push(`data[${i}].index is ${String(item?.index)}`)
      })
      const u = obj(b.usage)
      if (!u) out.push('usage missing from the response')
      else if (!isCount(u.prompt_tokens) || !isCount(u.total_tokens))
        out.push('usage lacks prompt_tokens or total_tokens')
      break
    }
    case 'rerank': {
      if (!Array.isArray(b.results)) out.push('results is not an array')
      const u = obj(b.usage)
      if (!u) out.push('usage missing from the response')
      else if (!isCount(u.total_tokens)) out.push('usage lacks total_tokens')
      break
    }
    case 'console':
      if (b.code !== 200) out.push(`envelope code ${String(b.code)}, not 200`)
      if (typeof b.msg !== 'string') out.push('envelope msg missing')
      break
    default:
      break
  }
  return out
}

/** Usage where the spec puts it, whatever else the answer holds (for probes that assert it alone). */
export function usageOf(ex: WireExchange): JsonObject | undefined {
  if (ex.stream) {
    for (let i = ex.frames.length - 1; i >= 0; i--) {
      const d = obj(parseJson(ex.frames[i]!.data))
      const u =
        obj(d?.usage) ?? obj(obj(d?.response)?.usage) ?? obj(d?.usageMetadata) ?? obj(obj(d?.message)?.usage)
      if (u) return u
    }
    return undefined
  }
  const b = obj(parseJson(ex.body))
  return obj(b?.usage) ?? obj(b?.usageMetadata) ?? obj(obj(b?.metadata)?.usage)
}

/** Every conformance deviation of one exchange, for what the probe expected (an answer or an error status). */
export function conformanceOf(ex: WireExchange, expectError?: readonly number[]): string[] {
  if (ex.status === null) return []
  if (expectError) {
    if (ex.status >= 200 && ex.status <= 299) return []
    return checkErrorAnswer(ex, expectError)
  }
  if (ex.status >= 200 && ex.status <= 299) return checkSuccess(ex)
  // A refusal: its shape is the spec's business whatever the reason.
  return checkErrorAnswer(ex, [ex.status])
}
