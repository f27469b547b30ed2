// Handlers of the media domain: the chunked import of picked or dropped files. An import belongs to the window
// (or socket) that began it; no other sender can add to it or finish it.
import type { mediaCommands } from '../../../shared/ipc/media'
import type { Events } from '../../../shared/ipc/contract'
import type { Handlers } from '../router'
import type { HandlerDeps } from './deps'

export function mediaHandlers({ mediaImports }: HandlerDeps): Handlers<typeof mediaCommands, Events> {
  return {
    'media.beginImport': (file, ctx) => mediaImports.begin(ctx.senderId, file),
    'media.importChunk': ({ importId, offset, data }, ctx) =>
      mediaImports.chunk(ctx.senderId, importId, offset, data),
    'media.finishImport': ({ importId }, ctx) => mediaImports.finish(ctx.senderId, importId),
    'media.cancelImport': async ({ importId }, ctx) => ({
      cancelled: await mediaImports.cancel(ctx.senderId, importId),
    }),
  }
}
