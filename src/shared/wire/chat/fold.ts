// Chat completions, streamed: `chat.completion.chunk` frames fold into common events on the shared
// skeleton. Tool-call fragments join by index and end before usage and finish; `delta.refusal` is a refusal,
// not text. Complete at `[DONE]`, or at the end when a finish_reason was seen.
import { synthId } from '../adapter'
import { toolCallEnd } from '../events'
import type { StreamEvent, StreamFolder } from '../events'
import { createStreamFolder } from '../streamFold'
import { arr, compact, num, obj, readError, str } from '../read'
import { chatCitations, chatFinish, chatUsage, choiceZero, imagesOf } from './parse'

interface OpenCall {
  args: string
  ended: boolean
}

export function createFolder(): StreamFolder {
  let metaSent = false
  let refusal = false
  let lastCitations = ''
  const calls = new Map<number, OpenCall>()
  const indexById = new Map<string, number>()

  const endCalls = (out: StreamEvent[]): void => {
    for (const [index, call] of calls) {
      if (call.ended) continue
      call.ended = true
      out.push(toolCallEnd(index, call.args))
    }
  }

  const onToolFragments = (fragments: unknown[], out: StreamEvent[]): void => {
    for (const raw of fragments) {
      const f = obj(raw)
      if (!f) continue
      const fn = obj(f.function) ?? {}
      const id = str(f.id)
      // Without an index (some servers), a known id continues its call, a new id opens the next call and a
      // fragment with neither continues the last one.
      let index = num(f.index)
      if (index === undefined) {
        const known = id !== undefined ? indexById.get(id) : undefined
        index = known ?? (id !== undefined || calls.size === 0 ? calls.size : calls.size - 1)
      }
      let call = calls.get(index)
      if (!call) {
        call = { args: '', ended: false }
        calls.set(index, call)
        if (id !== undefined) indexById.set(id, index)
        out.push({ type: 'toolCallStart', index, id: id ?? synthId(), name: str(fn.name) ?? '' })
      }
      const piece =
        typeof fn.arguments === 'string' ? fn.arguments : fn.arguments ? JSON.stringify(fn.arguments) : ''
      if (piece !== '' && !call.ended) {
        call.args += piece
        out.push({ type: 'toolCallDelta', index, argumentsDelta: piece })
      }
    }
  }

  return createStreamFolder({
    name: 'chat',
    incompleteMessage: 'The chat stream closed before [DONE] and without a finish_reason',
    sentinel(data, out, control) {
      if (data !== '[DONE]') return false
      endCalls(out)
      // Every completed stream yields exactly one finish, even when no chunk named a finish_reason.
      control.complete({ close: true })
      return true
    },
    error: (chunk, json) => (chunk.error !== undefined && chunk.error !== null ? readError(json) : undefined),
    chunk(chunk, _frame, out, control) {
      if (!metaSent && (chunk.id !== undefined || chunk.model !== undefined)) {
        metaSent = true
        out.push(
          compact({
            type: 'meta' as const,
            id: str(chunk.id),
            model: str(chunk.model),
            systemFingerprint: str(chunk.system_fingerprint) || undefined,
          }),
        )
      }
      const choice = choiceZero(chunk)
      const delta = obj(choice?.delta) ?? {}
      // Citations may come on any chunk (delta annotations) or repeat on every chunk (a `citations` list).
      const citations = chatCitations(delta.annotations ?? obj(choice?.message)?.annotations, chunk.citations)
      const citationsKey = citations.length ? JSON.stringify(citations) : ''
      if (citationsKey !== '' && citationsKey !== lastCitations) {
        lastCitations = citationsKey
        out.push({ type: 'meta', citations })
      }
      const reasoning = str(delta.reasoning_content) ?? str(delta.reasoning)
      if (reasoning) out.push({ type: 'reasoning', delta: reasoning })
      const content = str(delta.content)
      if (content) out.push({ type: 'text', delta: content })
      // A refusal is its own field: the SDK keeps `content` empty and `refusal` filled.
      const refusalText = str(delta.refusal)
      if (refusalText) {
        refusal = true
        out.push({ type: 'refusal', delta: refusalText })
      }
      for (const image of imagesOf(delta.images)) out.push({ type: 'image', ...image })
      onToolFragments(arr(delta.tool_calls), out)
      const reason = str(choice?.finish_reason)
      const finishing = reason !== undefined && reason !== ''
      // Calls end before usage and finish, so a consumer sees complete calls when the turn ends.
      if (finishing) endCalls(out)
      const usage = obj(chunk.usage)
      if (usage) out.push({ type: 'usage', usage: chatUsage(usage) })
      if (finishing) {
        out.push({ type: 'finish', stopReason: reason, finish: refusal ? 'refusal' : chatFinish(reason) })
        // A usage chunk may still follow before [DONE].
        control.complete()
      }
    },
  })
}
