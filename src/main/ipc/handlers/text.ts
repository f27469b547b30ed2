// The text domain: each route calls the text service (runs are started for the calling window, whose sink
// receives their events); frame paging and captures live in the service, not here. The Text panel's
// conversations and the Compare panel's carried turns are read back from the data folder at start and written
// once more at close.
import { textCommands } from '../../../shared/ipc/text'
import { textConversationCommands } from '../../../shared/ipc/textConversations'
import { TextService } from '../../services/text/textService'
import { SavedConversation } from '../../services/text/savedConversation'
import { AnswersInFlight } from '../../services/text/answersInFlight'
import type { MediaStore } from '../../services/mediaStore'
import type { Events } from '../../../shared/ipc/contract'
import type { Handlers } from '../router'
import { defineDomain } from '../domain'

interface TextServices {
  text: TextService
  /** The media store the text service writes captures to (composed beside it). */
  media: MediaStore
}

const commands = { ...textCommands, ...textConversationCommands }

export function textHandlers({ text }: TextServices): Handlers<typeof commands, Events> {
  return {
    'text.listConversations': ({ query }) => text.kept().list(query),
    'text.switchConversation': ({ id, leaving }) => text.kept().switchTo(id, leaving),
    'text.createConversation': ({ leaving, ...input }) => text.kept().create({ ...input, leaving }),
    'text.renameConversation': ({ id, title }) => text.kept().rename(id, title),
    'text.deleteConversation': ({ id, leaving }) => text.kept().remove(id, leaving),
    'text.restoreConversation': ({ undoToken }) => text.kept().restore(undoToken),
    'text.openConversation': ({ panel }) =>
      panel === 'compare' ? text.openComparePanel() : text.openPanelConversation(),
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
  commands,
  services: ({ profiles, gateway, media, history, costs, dataDir, log }) => ({
    text: new TextService({
      profiles,
      gateway,
      media,
      costs,
      recorder: history.recorder,
      log,
      saved: new SavedConversation(dataDir, { log }),
      savedCompare: new SavedConversation(dataDir, {
        log,
        file: 'compare-conversation.json',
        what: "the Compare panel's carried turns",
      }),
      inflight: new AnswersInFlight(dataDir, { log }),
    }),
    media,
  }),
  handlers: textHandlers,
  // The Text panel's conversation is back in main before any window asks for it.
  start: ({ text }) => text.restorePanelConversation(),
  close: async ({ text }) => {
    text.stopAll()
    await text.flushSaved()
  },
})
