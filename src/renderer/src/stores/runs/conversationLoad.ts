// Turns for a conversation main owns, sent so that no message nears 256 KB (M1): a whole conversation loads in
// the one edit message when its JSON fits in INLINE_TURNS_CHARS, otherwise it is cleared and its turns follow in
// pieces of TURNS_PIECE_CHARS (text.putTurns) against the revision the clear answered. Main makes the change;
// these only carry it. Turns too large for a view are read back the same way, in pieces (text.readTurns).
import type { ConversationView } from '../../../../shared/ipc/text'
import { INLINE_TURNS_CHARS, TURNS_PIECE_CHARS } from '../../../../shared/ipc/textConstants'
import type { DraftMessage } from '../../../../shared/wire'
import { client } from '../../ipc/client'

/** Replaces every turn of `conversationId` with `turns` and answers main's view. */
export async function loadConversation(
  conversationId: string,
  turns: DraftMessage[],
): Promise<ConversationView> {
  const edit = { type: 'load' as const, turns }
  if (JSON.stringify(edit).length <= INLINE_TURNS_CHARS)
    return client.invoke('text.editConversation', { conversationId, edit })
  const cleared = await client.invoke('text.editConversation', { conversationId, edit: { type: 'clear' } })
  return putTurns(conversationId, cleared.revision, 0, turns)
}

/** Keeps the first `keep` turns of revision `baseRevision` and appends `turns`, in pieces. */
export async function putTurns(
  conversationId: string,
  baseRevision: number,
  keep: number,
  turns: DraftMessage[],
): Promise<ConversationView> {
  const json = JSON.stringify(turns)
  for (let at = 0; ; at += TURNS_PIECE_CHARS) {
    const done = at + TURNS_PIECE_CHARS >= json.length
    const view = await client.invoke('text.putTurns', {
      conversationId,
      baseRevision,
      keep,
      piece: json.slice(at, at + TURNS_PIECE_CHARS),
      done,
    })
    if (done) return view
  }
}

/** The turns of `conversationId` at `revision` from turn `from` on, read in pieces (a view's tail too large). */
export async function readTurns(
  conversationId: string,
  revision: number,
  from: number,
): Promise<DraftMessage[]> {
  let json = ''
  for (let offset = 0; ; offset += TURNS_PIECE_CHARS) {
    const { piece, done } = await client.invoke('text.readTurns', { conversationId, revision, from, offset })
    json += piece
    if (done) return JSON.parse(json) as DraftMessage[]
  }
}
