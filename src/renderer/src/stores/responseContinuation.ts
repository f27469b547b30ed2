// "Continue from this response" (responses format): the next turn sends `previous_response_id` and only the
// turns after that response, instead of the whole conversation; the conversation on screen stays whole. It
// holds for one send, and only while the conversation still starts with the turns that response answered.
import { create } from 'zustand'
import type { Draft, DraftMessage, WireFormat } from '../../../shared/wire'

export interface Continuation {
  responseId: string
  /** How many turns of the conversation the response already holds (up to and including its answer). */
  turns: number
  /** The id of the last of those turns, to notice an edited conversation. */
  lastTurnId: string | undefined
}

export const useContinuation = create<{ next: Continuation | null }>(() => ({ next: null }))

export function continueFrom(responseId: string, messages: readonly DraftMessage[]): void {
  const current = useContinuation.getState().next
  // A second click on the same response turns it off again.
  if (current?.responseId === responseId) return useContinuation.setState({ next: null })
  useContinuation.setState({
    next: { responseId, turns: messages.length, lastTurnId: messages[messages.length - 1]?.id },
  })
}

export function clearContinuation(): void {
  useContinuation.setState({ next: null })
}

/**
 * The draft to send: with a continuation that still fits, only the turns after the response and its id as
 * `previous_response_id`; otherwise the draft as it is. The continuation is used up either way.
 */
export function continued(format: WireFormat, draft: Draft): Draft {
  const next = withContinuation(format, draft)
  clearContinuation()
  return next
}

/** The same draft without using the continuation up (the request preview shows what Send will send). */
export function withContinuation(format: WireFormat, draft: Draft): Draft {
  const c = useContinuation.getState().next
  if (!c) return draft
  const fits =
    format === 'responses' &&
    draft.messages.length > c.turns &&
    draft.messages[c.turns - 1]?.id === c.lastTurnId &&
    draft.messages[c.turns - 1]?.role === 'assistant'
  if (!fits) return draft
  return {
    ...draft,
    messages: draft.messages.slice(c.turns),
    extras: {
      ...draft.extras,
      responses: { ...draft.extras?.responses, previous_response_id: c.responseId },
    },
  }
}
