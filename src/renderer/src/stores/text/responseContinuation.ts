// "Continue from this response" (responses format): a request setting main applies. The next Send carries
// `continueFrom` (the response id, how many turns it holds, and the id of its answer turn); main then sends
// `previous_response_id` and only the turns after it, when the conversation still starts with those turns. It
// holds for one send; the conversation on screen stays whole.
import { create } from 'zustand'
import type { DraftMessage, WireFormat } from '../../../../shared/wire'
import type { ContinueFrom } from '../../../../shared/ipc/text'

export const useContinuation = create<{ next: ContinueFrom | null }>(() => ({ next: null }))

export function continueFrom(responseId: string, messages: readonly DraftMessage[]): void {
  const current = useContinuation.getState().next
  // A second click on the same response turns it off again.
  if (current?.responseId === responseId) return useContinuation.setState({ next: null })
  const lastTurnId = messages[messages.length - 1]?.id
  useContinuation.setState({
    next: { responseId, turns: messages.length, ...(lastTurnId !== undefined ? { lastTurnId } : {}) },
  })
}

export function clearContinuation(): void {
  useContinuation.setState({ next: null })
}

/** The setting a request carries (the request preview shows what Send will send), in the responses format only. */
export function continuation(format: WireFormat): ContinueFrom | undefined {
  const next = useContinuation.getState().next
  return format === 'responses' && next ? next : undefined
}

/** The setting the next Send carries; it is used up either way. */
export function takeContinuation(format: WireFormat): ContinueFrom | undefined {
  const next = continuation(format)
  clearContinuation()
  return next
}
