// Stream conformance as pure functions over the frames of one recorded SSE answer: framing and event names,
// `[DONE]` where the format has it (chat only), exactly one terminal event and nothing after it, usage where the
// spec puts it, ids, finish reasons from the spec's sets (spec: Events; WIRE-NOTES). A mid-stream error in the
// format's own shape is the gateway failing, not a deviation: it is reported apart (midStreamError).
import { arr, isObject, obj, parseJson, str } from '../wire/read'
import { isCount, outputIds, reason, type WireExchange } from './wireExchange'

const RESPONSES_TERMINALS = new Set(['response.completed', 'response.incomplete', 'response.failed'])

/** SSE framing, event names, the terminal event, usage and ids, per format. */
export function checkStream(ex: WireExchange): string[] {
  const out: string[] = []
  const frames = ex.frames
  if (frames.length === 0) return ['stream carried no events']
  const json = frames.map((f) => (f.data === '[DONE]' ? '[DONE]' : parseJson(f.data)))
  const bad = json.filter((j) => j === undefined).length
  if (bad > 0) out.push(`${bad} event${bad === 1 ? '' : 's'} with data that is not JSON`)
  const done = json.filter((j) => j === '[DONE]').length
  if (ex.transportError) out.push(`stream cut: ${ex.transportError}`)
  switch (ex.kind) {
    case 'chat': {
      if (frames.some((f) => f.event !== undefined))
        out.push('event: lines, which the chat format does not have')
      const chunks = json.filter(isObject)
      const errors = chunks.filter((c) => c.error !== undefined)
      // After a mid-stream error the stream just ends: no [DONE] is owed.
      if (done === 0 && !errors.length) out.push('stream ended without data: [DONE]')
      else if (done > 1) out.push('more than one [DONE]')
      else if (done === 1 && json[json.length - 1] !== '[DONE]') out.push('events after [DONE]')
      const finishes = chunks.flatMap((c) =>
        arr(c.choices)
          .map((ch) => obj(ch)?.finish_reason)
          .filter((f) => f !== null && f !== undefined),
      )
      if (finishes.length === 0 && !errors.length)
        out.push('stream ended without a terminal event (no finish_reason)')
      else if (finishes.length > 1)
        out.push(`${finishes.length} chunks carry a finish_reason, not exactly one`)
      for (const f of finishes) out.push(...reason('chat', f))
      if (chunks.some((c) => c.object !== 'chat.completion.chunk' && c.error === undefined))
        out.push('a chunk whose object is not chat.completion.chunk')
      const ids = new Set(chunks.filter((c) => c.error === undefined).map((c) => str(c.id) ?? ''))
      if (ids.has('')) out.push('a chunk without an id')
      else if (ids.size > 1) out.push('chunk ids differ within one stream')
      // The probe asks for stream_options.include_usage; the spec says the last chunk "usually" carries it and
      // some servers put it on the finish chunk, so anywhere in the stream will do.
      if (!errors.length && !chunks.some((c) => obj(c.usage))) out.push('usage missing from the last chunk')
      break
    }
    case 'responses': {
      const named = frames.map((f, i) => ({ f, d: obj(json[i]) }))
      for (const { f, d } of named) {
        if (f.data === '[DONE]') continue
        if (f.event === undefined) {
          out.push('an event without an event: line')
          break
        }
        if (d && d.type !== f.event) {
          out.push(`event name ${f.event} differs from its data.type ${String(d.type)}`)
          break
        }
      }
      const types = named.filter(({ f }) => f.data !== '[DONE]').map(({ d }) => str(d?.type) ?? '')
      if (types[0] !== 'response.created') out.push('the first event is not response.created')
      const terminals = types.filter((t) => RESPONSES_TERMINALS.has(t))
      const errors = types.filter((t) => t === 'error')
      if (terminals.length === 0 && errors.length === 0) out.push('stream ended without a terminal event')
      else if (terminals.length > 1) out.push(`${terminals.length} terminal events, not exactly one`)
      else if (terminals.length === 1 && RESPONSES_TERMINALS.has(types[types.length - 1]!) === false)
        out.push('events after the terminal event')
      const seq = named.map(({ d }) => d?.sequence_number).filter((n) => n !== undefined)
      if (seq.some((n, i) => !Number.isInteger(n) || (i > 0 && (n as number) <= (seq[i - 1] as number))))
        out.push('sequence_number does not increase')
      const completed = named.find(({ d }) => d?.type === 'response.completed')?.d
      if (completed) {
        const r = obj(completed.response)
        if (!str(r?.id)) out.push('response.completed carries no response id')
        if (!obj(r?.usage)) out.push('usage missing from response.completed')
        out.push(...outputIds(arr(r?.output)))
      }
      break
    }
    case 'messages': {
      if (done > 0) out.push('a [DONE] line, which the messages format does not have')
      const named = frames.filter((f) => f.data !== '[DONE]').map((f) => ({ f, d: obj(parseJson(f.data)) }))
      for (const { f, d } of named) {
        if (f.event === undefined) {
          out.push('an event without an event: line')
          break
        }
        if (d && d.type !== f.event) {
          out.push(`event name ${f.event} differs from its data.type ${String(d.type)}`)
          break
        }
      }
      const types = named.map(({ f }) => f.event)
      if (types[0] !== 'message_start') out.push('the first event is not message_start')
      const stops = types.filter((t) => t === 'message_stop').length
      const errors = types.filter((t) => t === 'error').length
      if (stops === 0 && errors === 0) out.push('stream ended without a terminal event (message_stop)')
      else if (stops > 1) out.push(`${stops} message_stop events, not exactly one`)
      else if (stops === 1 && types[types.length - 1] !== 'message_stop')
        out.push('events after message_stop')
      const start = named.find(({ f }) => f.event === 'message_start')?.d
      const message = obj(start?.message)
      if (start && !str(message?.id)) out.push('message_start carries no message id')
      if (start && !obj(message?.usage)) out.push('usage missing from message_start')
      const delta = named.find(({ f }) => f.event === 'message_delta')?.d
      if (!delta && !errors) out.push('no message_delta with the stop reason')
      if (delta) {
        out.push(...reason('messages', obj(delta.delta)?.stop_reason))
        if (!isCount(obj(delta.usage)?.output_tokens)) out.push('usage missing from message_delta')
      }
      break
    }
    case 'native': {
      if (frames.some((f) => f.event !== undefined))
        out.push('event: lines, which the native format does not have')
      if (done > 0) out.push('a [DONE] line, which the native format does not have')
      const chunks = json.filter(isObject)
      const errors = chunks.filter((c) => c.error !== undefined)
      const finishes = chunks.flatMap((c) =>
        arr(c.candidates)
          .map((cand) => obj(cand)?.finishReason)
          .filter((f) => f !== undefined && f !== null),
      )
      if (finishes.length === 0 && !errors.length)
        out.push('stream ended without a terminal event (no finishReason)')
      else if (finishes.length > 1)
        out.push(`${finishes.length} chunks carry a finishReason, not exactly one`)
      for (const f of finishes) out.push(...reason('native', f))
      const last = chunks[chunks.length - 1]
      if (!errors.length && !chunks.some((c) => obj(c.usageMetadata)))
        out.push('usageMetadata missing from the stream')
      else if (last && !errors.length && !obj(last.usageMetadata))
        out.push('usageMetadata missing from the last chunk')
      break
    }
    default:
      break
  }
  return out
}

/**
 * The gateway's own mid-stream error, in words, when the stream carried one (chat and native `{error}` chunks,
 * messages `event: error`, responses `error` / `response.failed`): the gateway failed, which is not a wire
 * deviation when the error is in the format's shape.
 */
export function midStreamError(ex: WireExchange): string | null {
  if (!ex.stream) return null
  for (const f of ex.frames) {
    const d = obj(parseJson(f.data))
    if (!d) continue
    const failed = d.type === 'response.failed' ? obj(obj(d.response)?.error) : undefined
    if (d.error === undefined && d.type !== 'error' && !failed) continue
    const e = failed ?? obj(d.error) ?? d
    return str(e.message) ?? JSON.stringify(d).slice(0, 200)
  }
  return null
}
