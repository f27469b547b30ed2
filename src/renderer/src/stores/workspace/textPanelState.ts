// What the Text panel keeps across a reload, a crash or a restart: the half-typed message and its attachments
// (by media reference: no file is uploaded again), edited request JSON and every form field. The conversation
// is main's, saved by main: the panel opens it from there. Runs are not kept (a finished answer is already a
// turn; a run cut by a restart is History's "interrupted"). Its schema is in shared/workspace/panelStates.ts:
// main checks the state, so none is loaded here at start.
import type { TextPanelState } from '../../../../shared/workspace/panelStates'
import { useTextStore } from '../textStore'
import { markTextSettled } from '../textWork'
import { adoptOlderTurns, openShown } from '../textConversation'
import type { PanelPersistence } from './persistPanel'

export type { TextPanelState }

function snapshot(): TextPanelState {
  const s = useTextStore.getState()
  return {
    format: s.format,
    model: s.model,
    stream: s.stream,
    system: s.system,
    cacheSystem: s.cacheSystem,
    conversationTurns: s.messages.length,
    composer: s.composer,
    attachments: s.attachments,
    attachmentUrls: s.attachmentUrls,
    params: s.params,
    toolsText: s.toolsText,
    responseFormatText: s.responseFormatText,
    extras: s.extras,
    rawBody: s.rawBody,
  }
}

/** Shows the conversation main kept; turns brought back are not new work (replacing them does not ask). */
export function openTextConversation(): Promise<void> {
  return openShown().then(markTextSettled, () => undefined)
}

export const textPanelPersistence: PanelPersistence<TextPanelState> = {
  panel: 'text',
  snapshot,
  restore(saved) {
    const { messages, conversationTurns: _turns, ...form } = saved
    useTextStore.setState({ ...form, issues: [], touched: {}, attempted: false })
    // Main owns and saves the conversation (opened at start); an older state's turns are loaded into it once.
    // Turns brought back were the user's before: replacing them still asks when the draft holds new work.
    if (messages?.length) void adoptOlderTurns(messages).then(markTextSettled, () => undefined)
  },
  subscribe: (onChange) =>
    useTextStore.subscribe((next, prev) => {
      const a = next as unknown as Record<string, unknown>
      const b = prev as unknown as Record<string, unknown>
      if (KEPT.some((k) => a[k] !== b[k])) onChange()
    }),
  // Only a conversation or a draft makes the saved format and model win over Settings' starting defaults.
  holdsWork: (saved) =>
    (saved.messages?.length ?? 0) > 0 ||
    saved.conversationTurns > 0 ||
    saved.composer.trim() !== '' ||
    saved.system.trim() !== '' ||
    saved.attachments.length > 0 ||
    saved.rawBody !== null ||
    saved.toolsText.trim() !== '' ||
    saved.responseFormatText.trim() !== '',
}

/** The state's fields (the type keeps the list whole); a change of any of them is saved. */
const KEPT_FIELDS: Record<keyof TextPanelState, true> = {
  format: true,
  model: true,
  stream: true,
  system: true,
  cacheSystem: true,
  messages: true,
  conversationTurns: true,
  composer: true,
  attachments: true,
  attachmentUrls: true,
  params: true,
  toolsText: true,
  responseFormatText: true,
  extras: true,
  rawBody: true,
}
// `messages` is not saved, but a change of it changes `conversationTurns`.
const KEPT = Object.keys(KEPT_FIELDS)
