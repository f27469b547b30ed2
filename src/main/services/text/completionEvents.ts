// A whole (non-streamed) completion replayed as the events a stream would have produced, so a whole answer and
// a streamed one reach the renderer through the same coalescer and fold the same way. Text is cut into moderate
// pieces so no single IPC message grows with the answer (M1).
import { pickExtras, type Completion, type StreamEvent } from '../../../shared/wire'

const TEXT_CHUNK = 32 * 1024

export function completionEvents(c: Completion): StreamEvent[] {
  const events: StreamEvent[] = [
    {
      type: 'meta',
      ...(c.id ? { id: c.id } : {}),
      ...(c.model ? { model: c.model } : {}),
      ...pickExtras(c),
    },
  ]
  for (let i = 0; i < c.reasoning.length; i += TEXT_CHUNK)
    events.push({ type: 'reasoning', delta: c.reasoning.slice(i, i + TEXT_CHUNK) })
  for (const block of c.reasoningBlocks)
    if (block.signature) events.push({ type: 'reasoningSignature', signature: block.signature })
  for (let i = 0; i < c.text.length; i += TEXT_CHUNK)
    events.push({ type: 'text', delta: c.text.slice(i, i + TEXT_CHUNK) })
  c.toolCalls.forEach((call, index) => {
    events.push({
      type: 'toolCallStart',
      index,
      id: call.id,
      name: call.name,
      ...(call.signature ? { signature: call.signature } : {}),
    })
    events.push({
      type: 'toolCallEnd',
      index,
      arguments: call.arguments,
      ...(call.parsedArguments !== undefined ? { parsedArguments: call.parsedArguments } : {}),
    })
  })
  for (const image of c.images) events.push({ type: 'image', mimeType: image.mimeType, data: image.data })
  if (c.usage) events.push({ type: 'usage', usage: c.usage })
  if (c.finish) events.push({ type: 'finish', stopReason: c.stopReason, finish: c.finish })
  return events
}
