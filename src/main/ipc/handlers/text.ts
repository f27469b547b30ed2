// The text domain: each route calls the text service (runs are started for the calling window, whose sink
// receives their events); frame paging and captures live in the service, not here.
import { textCommands } from '../../../shared/ipc/text'
import { TextService } from '../../services/text/textService'
import type { MediaStore } from '../../services/mediaStore'
import type { Events } from '../../../shared/ipc/contract'
import type { Handlers } from '../router'
import { defineDomain } from '../domain'

interface TextServices {
  text: TextService
  /** The media store the text service writes captures to (composed beside it). */
  media: MediaStore
}

export function textHandlers({ text }: TextServices): Handlers<typeof textCommands, Events> {
  return {
    'text.editConversation': ({ conversationId, edit }) => text.editConversation(conversationId, edit),
    'text.putTurns': (input) => text.putTurns(input),
    'text.readTurns': (input) => text.conversations.read(input),
    'text.startRun': (request, ctx) => text.start(request, ctx.events),
    'text.stopRun': ({ runId }) => text.stop(runId),
    'text.previewRequest': (request) => text.preview(request),
    'text.countTokens': (request) => text.countTokens(request),
    'text.watchFrames': ({ runId, watch }) => text.watchFrames(runId, watch),
    'text.getFrames': ({ exchangeId, offset, limit }) => text.exchanges.frames(exchangeId, offset, limit),
    'text.saveCapture': ({ exchangeId }) => text.saveCapture(exchangeId),
  }
}

export const textDomain = defineDomain({
  name: 'text',
  commands: textCommands,
  services: ({ profiles, gateway, media, history, log }) => ({
    text: new TextService({ profiles, gateway, media, recorder: history.recorder, log }),
    media,
  }),
  handlers: textHandlers,
  close: ({ text }) => text.stopAll(),
})
