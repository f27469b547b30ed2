// Handlers of the text domain: runs are started for the calling window, whose sink receives their events.
import type { textCommands } from '../../../shared/ipc/text'
import type { Events } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/result'
import type { Handlers } from '../router'
import type { HandlerDeps } from './deps'

export function textHandlers({ text, media }: HandlerDeps): Handlers<typeof textCommands, Events> {
  const recorder = (id: string) => {
    const found = text.exchanges.get(id)
    if (!found)
      throw new AppError(
        'TEXT_EXCHANGE_GONE',
        'That exchange is no longer kept in memory; run the request again.',
      )
    return found
  }
  return {
    'text.startRun': (request, ctx) => text.start(request, ctx.events),
    'text.stopRun': ({ runId }) => text.stop(runId),
    'text.previewRequest': (request) => text.preview(request),
    'text.countTokens': (request) => text.countTokens(request),
    'text.getFrames': ({ exchangeId, offset, limit }) => {
      const frames = recorder(exchangeId).allFrames()
      return { total: frames.length, frames: frames.slice(offset, offset + limit) }
    },
    'text.saveCapture': async ({ exchangeId }) => {
      const raw = recorder(exchangeId).rawBody()
      if (!raw) throw new AppError('TEXT_NOTHING_CAPTURED', 'This exchange has no response body to save.')
      const name = `capture-${exchangeId.slice(0, 8)}.sse`
      const info = await media.putBytes(Buffer.from(raw, 'utf8'), 'text/event-stream', name)
      return { url: media.url(info.id), name, bytes: info.size }
    },
  }
}
