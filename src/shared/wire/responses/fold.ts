// Responses, streamed: typed events fold into common events on the shared skeleton. Terminal events are
// `response.completed` and `response.incomplete`; `response.failed` and `error` end the stream as an error;
// everything after a terminal is ignored.
import { toolCallEnd } from '../events'
import type { StreamEvent, StreamFolder } from '../events'
import { createStreamFolder, type FoldControl } from '../streamFold'
import { compact, num, obj, readError, str } from '../read'
import type { JsonObject } from '../read'
import { imageMime, responsesCitations, responsesStop, responsesUsage } from './parse'

interface OpenCall {
  index: number
  args: string
  ended: boolean
}

export function createFolder(): StreamFolder {
  let metaSent = false
  let refusal = false
  let reasoningSent = false
  let nextIndex = 0
  const callsByItem = new Map<string, OpenCall>()
  const callsByOutput = new Map<number, OpenCall>()
  const textByPart = new Map<string, string>()

  const findCall = (data: JsonObject): OpenCall | undefined => {
    const itemId = str(data.item_id)
    const byItem = itemId !== undefined ? callsByItem.get(itemId) : undefined
    const outputIndex = num(data.output_index)
    return byItem ?? (outputIndex !== undefined ? callsByOutput.get(outputIndex) : undefined)
  }

  const appendArgs = (call: OpenCall, piece: string, out: StreamEvent[]): void => {
    if (piece === '' || call.ended) return
    call.args += piece
    out.push({ type: 'toolCallDelta', index: call.index, argumentsDelta: piece })
  }

  // `.done` events carry the full value; emit what the deltas missed so the result never loses text.
  const finishArgs = (call: OpenCall, full: string | undefined, out: StreamEvent[]): void => {
    if (call.ended) return
    if (full !== undefined && full.startsWith(call.args)) appendArgs(call, full.slice(call.args.length), out)
    const final = full ?? call.args
    call.ended = true
    out.push(toolCallEnd(call.index, final))
  }

  const terminal = (data: JsonObject, out: StreamEvent[], control: FoldControl): void => {
    const response = obj(data.response) ?? {}
    for (const call of callsByItem.values()) finishArgs(call, undefined, out)
    const citations = responsesCitations(response.output)
    if (citations.length) out.push({ type: 'meta', citations })
    const usage = obj(response.usage)
    if (usage) out.push({ type: 'usage', usage: responsesUsage(usage) })
    const stop = responsesStop(response, callsByItem.size > 0, refusal)
    out.push({ type: 'finish', stopReason: stop.stopReason, finish: stop.finish ?? 'other' })
    control.complete({ close: true })
  }

  return createStreamFolder({
    name: 'responses',
    incompleteMessage: 'The responses stream closed before response.completed',
    error(data, json, frame) {
      const type = str(data.type) ?? frame.event
      if (type === 'error') return readError(json)
      if (type !== 'response.failed') return undefined
      const error = obj(obj(data.response)?.error)
      return { ...readError(error ? { error } : { message: 'The response failed' }), raw: json }
    },
    chunk(data, frame, out, control) {
      const type = str(data.type) ?? frame.event
      switch (type) {
        case 'response.created':
        case 'response.in_progress':
        case 'response.queued': {
          const response = obj(data.response)
          if (!metaSent && response) {
            metaSent = true
            out.push(compact({ type: 'meta' as const, id: str(response.id), model: str(response.model) }))
          }
          break
        }
        case 'response.output_item.added': {
          const item = obj(data.item)
          if (item?.type !== 'function_call') break
          const call: OpenCall = { index: nextIndex++, args: '', ended: false }
          const itemId = str(item.id) ?? `output_${num(data.output_index) ?? call.index}`
          callsByItem.set(itemId, call)
          const outputIndex = num(data.output_index)
          if (outputIndex !== undefined) callsByOutput.set(outputIndex, call)
          out.push({
            type: 'toolCallStart',
            index: call.index,
            id: str(item.call_id) ?? itemId,
            name: str(item.name) ?? '',
          })
          appendArgs(call, str(item.arguments) ?? '', out)
          break
        }
        case 'response.output_text.delta':
        case 'response.refusal.delta': {
          const delta = str(data.delta) ?? ''
          const kind = type === 'response.refusal.delta' ? 'refusal' : 'text'
          if (kind === 'refusal') refusal = true
          const key = `${str(data.item_id) ?? ''}:${num(data.content_index) ?? 0}`
          textByPart.set(key, (textByPart.get(key) ?? '') + delta)
          if (delta !== '') out.push({ type: kind, delta })
          break
        }
        case 'response.output_text.done':
        case 'response.refusal.done': {
          const key = `${str(data.item_id) ?? ''}:${num(data.content_index) ?? 0}`
          const seen = textByPart.get(key) ?? ''
          const full = str(data.text) ?? str(data.refusal)
          if (full !== undefined && full.length > seen.length && full.startsWith(seen)) {
            const kind = type === 'response.refusal.done' ? 'refusal' : 'text'
            out.push({ type: kind, delta: full.slice(seen.length) })
            textByPart.set(key, full)
          }
          break
        }
        case 'response.reasoning_summary_part.added':
          // Summary parts are separate paragraphs.
          if (reasoningSent) out.push({ type: 'reasoning', delta: '\n\n' })
          break
        case 'response.reasoning_summary_text.delta':
        case 'response.reasoning_text.delta': {
          const delta = str(data.delta) ?? ''
          if (delta !== '') {
            reasoningSent = true
            out.push({ type: 'reasoning', delta })
          }
          break
        }
        case 'response.function_call_arguments.delta': {
          const call = findCall(data)
          if (call) appendArgs(call, str(data.delta) ?? '', out)
          break
        }
        case 'response.function_call_arguments.done': {
          const call = findCall(data)
          if (call) finishArgs(call, str(data.arguments), out)
          break
        }
        case 'response.output_item.done': {
          const item = obj(data.item)
          if (item?.type === 'function_call') {
            const call = callsByItem.get(str(item.id) ?? '') ?? findCall(data)
            if (call) finishArgs(call, str(item.arguments), out)
          } else if (item?.type === 'image_generation_call') {
            const result = str(item.result)
            if (result) out.push({ type: 'image', mimeType: imageMime(item), data: result })
          }
          break
        }
        case 'response.completed':
        case 'response.incomplete':
          terminal(data, out, control)
          break
        default:
          break
      }
    },
  })
}
