// Native, answers: GenerateContentResponse chunks fold into common events on the shared skeleton, and a
// whole answer is one such chunk folded the same way. The chunk with a finishReason completes a stream; a
// function call whose arguments stream as `partialArgs` over several parts (`willContinue`) is one call.
import { synthId, WireParseError } from '../adapter'
import { toolCallEnd } from '../events'
import { accumulate } from '../runFold'
import type { Completion, StreamEvent, StreamFolder } from '../events'
import { createStreamFolder } from '../streamFold'
import { nativeExtras } from '../answerExtras'
import { arr, compact, obj, readError, str } from '../read'
import type { JsonObject } from '../read'
import { candidateZero, nativeFinish, nativeUsage } from './parse'

interface OpenCall {
  index: number
  id: string | undefined
  name: string
  args: JsonObject
  /** JSON paths whose last string piece said more follows. */
  continuing: Set<string>
}

export function createFolder(): StreamFolder {
  let metaSent = false
  let nextTool = 0
  let lastUsage = ''
  let lastExtras = ''
  let open: OpenCall | undefined

  const endCall = (out: StreamEvent[]): void => {
    if (!open) return
    const args = JSON.stringify(open.args)
    out.push(
      { type: 'toolCallDelta', index: open.index, argumentsDelta: args },
      toolCallEnd(open.index, args),
    )
    open = undefined
  }

  // A call arrives whole in one part, or (streamed arguments) as a part with `willContinue: true` followed by
  // parts that carry `partialArgs` and no name, the last without `willContinue`: one call either way.
  const onFunctionCall = (call: JsonObject, signature: string | undefined, out: StreamEvent[]): void => {
    const name = str(call.name)
    const id = str(call.id)
    const continues =
      open !== undefined && (name === undefined || name === open.name) && (id === undefined || id === open.id)
    if (!continues) {
      endCall(out)
      open = { index: nextTool++, id, name: name ?? '', args: {}, continuing: new Set() }
      out.push(
        compact({
          type: 'toolCallStart' as const,
          index: open.index,
          id: id ?? synthId(),
          name: name ?? '',
          signature,
        }),
      )
    }
    const target = open!
    const args = obj(call.args)
    if (args) Object.assign(target.args, args)
    for (const raw of arr(call.partialArgs)) {
      const partial = obj(raw)
      if (partial) applyPartialArg(target, partial)
    }
    if (call.willContinue !== true) endCall(out)
  }

  return createStreamFolder({
    name: 'native',
    incompleteMessage: 'The native stream closed before a chunk with a finishReason',
    unwrap: (json) => obj(Array.isArray(json) ? json[0] : json),
    error: (chunk, json) => (chunk.error !== undefined && chunk.error !== null ? readError(json) : undefined),
    chunk(chunk, _frame, out, control) {
      const candidate = candidateZero(chunk)
      // Version, grounding and safety: sent again only when they change (modelVersion is on every chunk).
      const extras = nativeExtras(chunk, candidate)
      const extrasKey = JSON.stringify(extras)
      const changed = extrasKey !== '{}' && extrasKey !== lastExtras
      if (changed) lastExtras = extrasKey
      if (!metaSent && (chunk.responseId !== undefined || chunk.modelVersion !== undefined)) {
        metaSent = true
        out.push(
          compact({
            type: 'meta' as const,
            id: str(chunk.responseId),
            model: str(chunk.modelVersion),
            ...extras,
          }),
        )
      } else if (changed) out.push({ type: 'meta', ...extras })
      for (const raw of arr(obj(candidate?.content)?.parts)) {
        const part = obj(raw)
        if (!part) continue
        const signature = str(part.thoughtSignature)
        const call = obj(part.functionCall)
        const inline = obj(part.inlineData)
        if (call) {
          onFunctionCall(call, signature, out)
          continue
        }
        // Any other part ends a call still waiting for more arguments.
        endCall(out)
        if (inline) {
          out.push({
            type: 'image',
            mimeType: str(inline.mimeType) ?? 'application/octet-stream',
            data: str(inline.data) ?? '',
          })
        } else if (typeof part.text === 'string') {
          if (part.text !== '')
            out.push({ type: part.thought === true ? 'reasoning' : 'text', delta: part.text })
          if (signature) out.push({ type: 'reasoningSignature', signature })
        }
      }
      const usage = obj(chunk.usageMetadata)
      if (usage) {
        const key = JSON.stringify(nativeUsage(usage))
        if (key !== lastUsage) {
          lastUsage = key
          out.push({ type: 'usage', usage: nativeUsage(usage) })
        }
      }
      const reason = str(candidate?.finishReason)
      const blocked = str(obj(chunk.promptFeedback)?.blockReason)
      if (reason) {
        endCall(out)
        out.push({ type: 'finish', stopReason: reason, finish: nativeFinish(reason, nextTool > 0) })
        control.complete()
      } else if (blocked && !candidate) {
        out.push({ type: 'finish', stopReason: blocked, finish: 'content_filter' })
        control.complete()
      }
    },
    flush: endCall,
  })
}

/**
 * Sets one streamed argument value at its JSON path (`$.city`, `$.stops[1].name`); string pieces of the same
 * path concatenate while the previous piece said `willContinue`.
 */
function applyPartialArg(call: OpenCall, partial: JsonObject): void {
  const path = str(partial.jsonPath)
  const keys = path === undefined ? undefined : jsonPathKeys(path)
  if (!keys || keys.length === 0) return
  let value: unknown
  if (typeof partial.stringValue === 'string') {
    const previous = call.continuing.has(path!) ? getAt(call.args, keys) : undefined
    value = (typeof previous === 'string' ? previous : '') + partial.stringValue
  } else if (typeof partial.numberValue === 'number') value = partial.numberValue
  else if (typeof partial.boolValue === 'boolean') value = partial.boolValue
  else if (partial.nullValue !== undefined) value = null
  else return
  if (partial.willContinue === true) call.continuing.add(path!)
  else call.continuing.delete(path!)
  setAt(call.args, keys, value)
}

/** `$.a.b[0]['c d']` → `['a', 'b', 0, 'c d']`; `undefined` for paths outside that simple form. */
function jsonPathKeys(path: string): (string | number)[] | undefined {
  if (!path.startsWith('$')) return undefined
  const keys: (string | number)[] = []
  const re = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[(['"])(.*?)\3\]/y
  re.lastIndex = 1
  while (re.lastIndex < path.length) {
    const m = re.exec(path)
    if (!m) return undefined
    keys.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : m[4]!))
  }
  return keys
}

function getAt(root: JsonObject, keys: (string | number)[]): unknown {
  let node: unknown = root
  for (const key of keys) node = (node as Record<string | number, unknown> | undefined)?.[key]
  return node
}

function setAt(root: JsonObject, keys: (string | number)[], value: unknown): void {
  let node = root as Record<string | number, unknown>
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      node[key] = value
      return
    }
    const next = node[key]
    if (typeof next !== 'object' || next === null) node[key] = typeof keys[i + 1] === 'number' ? [] : {}
    node = node[key] as Record<string | number, unknown>
  })
}

/**
 * A whole answer is one GenerateContentResponse, the same shape as a stream chunk: it folds through the
 * stream folder so both read parts, calls, usage and finish by the same rules.
 */
export function parseResponse(json: unknown): Completion {
  const body = obj(Array.isArray(json) ? json[0] : json)
  if (!body) throw new WireParseError('A native generation body must be a JSON object')
  const folder = createFolder()
  // No end(): a whole body without a finishReason is an answer, not a cut stream.
  const c = accumulate(folder.push({ data: JSON.stringify(body) }))
  return c
}
