// The text domain: runs are started for the calling window, whose sink receives their events.
import { textCommands } from '../../../shared/ipc/text'
import { AppError } from '../../../shared/ipc/result'
import type { SseFrame } from '../../../shared/ipc/exchange'
import { elideLongStrings } from '../../services/exchangeRecorder'
import { TextService } from '../../services/text/textService'
import type { MediaStore } from '../../services/mediaStore'
import type { Events } from '../../../shared/ipc/contract'
import type { Handlers } from '../router'
import { defineDomain } from '../domain'

/** Bytes of frame data one page may carry, well under the 256 KB IPC bound (M1). */
const PAGE_BUDGET = 200 * 1024
const FRAME_CAP = 16 * 1024

/**
 * Frames [offset, offset + limit), trimmed from the front when they exceed the page budget, so the page always
 * ends where it was asked to and stays contiguous with the frames the Inspector already holds.
 */
export function framePage(all: readonly SseFrame[], offset: number, limit: number): SseFrame[] {
  const page: SseFrame[] = []
  let bytes = 0
  for (let i = Math.min(all.length, offset + limit) - 1; i >= offset; i--) {
    const f = all[i]!
    let data = elideLongStrings(f.data)
    if (data.length > FRAME_CAP)
      data = `${data.slice(0, FRAME_CAP)}… (${data.length - FRAME_CAP} more characters)`
    bytes += data.length + 64
    if (bytes > PAGE_BUDGET && page.length > 0) break
    page.push({ ...f, data })
  }
  return page.reverse()
}

interface TextServices {
  text: TextService
  media: MediaStore
}

export function textHandlers({ text, media }: TextServices): Handlers<typeof textCommands, Events> {
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
    'text.putTurns': (input) => text.putTurns(input),
    'text.startRun': (request, ctx) => text.start(request, ctx.events),
    'text.stopRun': ({ runId }) => text.stop(runId),
    'text.previewRequest': (request) => text.preview(request),
    'text.countTokens': (request) => text.countTokens(request),
    'text.watchFrames': ({ runId, watch }) => text.watchFrames(runId, watch),
    'text.getFrames': ({ exchangeId, offset, limit }) => {
      const all = recorder(exchangeId).allFrames()
      return { total: all.length, frames: framePage(all, offset, limit) }
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

export const textDomain = defineDomain({
  name: 'text',
  commands: textCommands,
  services: ({ profiles, gateway, media, history, log }) => ({
    text: new TextService({ profiles, gateway, media, recorder: history.store ?? undefined, log }),
    media,
  }),
  handlers: textHandlers,
  close: ({ text }) => text.stopAll(),
})
