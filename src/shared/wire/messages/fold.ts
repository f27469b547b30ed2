// Messages, streamed: the block event stream folds into common events on the shared skeleton. Only
// `message_stop` completes a stream; `event: error` ends it as an error. A tool block cut off by the token
// limit ends with what its partial JSON holds, marked truncated.
import { parsePartialArguments, toolCallEnd } from '../events'
import type { StreamEvent, StreamFolder } from '../events'
import { messagesBlockCitations } from '../answerExtras'
import { createStreamFolder } from '../streamFold'
import { compact, num, obj, readError, str } from '../read'
import type { JsonObject } from '../read'
import { messagesFinish, messagesUsage } from './parse'

type Block =
  | { kind: 'text' }
  | { kind: 'thinking' }
  | { kind: 'tool'; index: number; args: string; initial: string; ended: boolean }

export function createFolder(): StreamFolder {
  let nextTool = 0
  let usage: JsonObject = {}
  let stopReason: string | undefined
  const blocks = new Map<number, Block>()

  const onUsage = (u: JsonObject | undefined, out: StreamEvent[]): void => {
    if (!u) return
    // message_delta repeats only what changed; keep the rest from message_start.
    for (const [k, v] of Object.entries(u)) if (v !== null && v !== undefined) usage[k] = v
    out.push({ type: 'usage', usage: messagesUsage(usage) })
  }

  const endTool = (block: Extract<Block, { kind: 'tool' }>, out: StreamEvent[]): void => {
    if (block.ended) return
    block.ended = true
    const args = block.args || block.initial || '{}'
    const end = toolCallEnd(block.index, args)
    // Cut off mid-call: recover what the partial JSON holds, as the SDK's stream helper does.
    if (end.parsedArguments === undefined && block.args !== '') {
      const recovered = parsePartialArguments(block.args)
      out.push(
        recovered === undefined
          ? { ...end, truncated: true }
          : { ...end, parsedArguments: recovered, truncated: true },
      )
    } else out.push(end)
  }

  return createStreamFolder({
    name: 'messages',
    incompleteMessage: 'The messages stream closed before message_stop',
    error: (chunk, json, frame) =>
      (str(chunk.type) ?? frame.event) === 'error' ? readError(json) : undefined,
    chunk(data, frame, out, control) {
      switch (str(data.type) ?? frame.event) {
        case 'message_start': {
          const message = obj(data.message) ?? {}
          out.push(compact({ type: 'meta' as const, id: str(message.id), model: str(message.model) }))
          usage = {}
          onUsage(obj(message.usage), out)
          break
        }
        case 'content_block_start': {
          const index = num(data.index) ?? blocks.size
          const block = obj(data.content_block) ?? {}
          if (block.type === 'text') {
            blocks.set(index, { kind: 'text' })
            const text = str(block.text)
            if (text) out.push({ type: 'text', delta: text })
            const citations = messagesBlockCitations(block.citations)
            if (citations.length) out.push({ type: 'meta', citations })
          } else if (block.type === 'thinking') {
            blocks.set(index, { kind: 'thinking' })
            const text = str(block.thinking)
            if (text) out.push({ type: 'reasoning', delta: text })
          } else if (block.type === 'tool_use') {
            const input = obj(block.input)
            const initial = input && Object.keys(input).length > 0 ? JSON.stringify(input) : ''
            const tool: Block = { kind: 'tool', index: nextTool++, args: '', initial, ended: false }
            blocks.set(index, tool)
            out.push({
              type: 'toolCallStart',
              index: tool.index,
              id: str(block.id) ?? '',
              name: str(block.name) ?? '',
            })
          }
          break
        }
        case 'content_block_delta': {
          const block = blocks.get(num(data.index) ?? -1)
          const delta = obj(data.delta) ?? {}
          if (delta.type === 'text_delta') {
            const text = str(delta.text)
            if (text) out.push({ type: 'text', delta: text })
          } else if (delta.type === 'thinking_delta') {
            const text = str(delta.thinking)
            if (text) out.push({ type: 'reasoning', delta: text })
          } else if (delta.type === 'citations_delta') {
            const citations = messagesBlockCitations([delta.citation])
            if (citations.length) out.push({ type: 'meta', citations })
          } else if (delta.type === 'signature_delta') {
            const signature = str(delta.signature)
            if (signature) out.push({ type: 'reasoningSignature', signature })
          } else if (delta.type === 'input_json_delta' && block?.kind === 'tool') {
            // The first piece is often "": no event for it.
            const piece = str(delta.partial_json) ?? ''
            if (piece !== '' && !block.ended) {
              block.args += piece
              out.push({ type: 'toolCallDelta', index: block.index, argumentsDelta: piece })
            }
          }
          break
        }
        case 'content_block_stop': {
          const block = blocks.get(num(data.index) ?? -1)
          if (block?.kind === 'tool') endTool(block, out)
          break
        }
        case 'message_delta': {
          // A tool block left open by the token limit still ends, with what its arguments hold.
          for (const block of blocks.values()) if (block.kind === 'tool') endTool(block, out)
          onUsage(obj(data.usage), out)
          const reason = str(obj(data.delta)?.stop_reason)
          const matched = str(obj(data.delta)?.stop_sequence)
          if (matched) out.push({ type: 'meta', stopSequence: matched.slice(0, 1000) })
          if (reason && stopReason === undefined) {
            stopReason = reason
            out.push({ type: 'finish', stopReason: reason, finish: messagesFinish(reason) })
          }
          break
        }
        case 'message_stop':
          control.complete({ close: true })
          break
        default:
          // ping and event types this client does not know
          break
      }
    },
  })
}
