// The media domain: the chunked import of picked or dropped files. An import belongs to the window (or
// socket) that began it; no other sender can add to it or finish it.
import { mediaCommands } from '../../../shared/ipc/media'
import { MediaImports } from '../../services/mediaImport'
import { defineDomain } from '../domain'

export const mediaDomain = defineDomain({
  name: 'media',
  commands: mediaCommands,
  services: ({ media }) => new MediaImports(media),
  handlers: (mediaImports) => ({
    'media.beginImport': (file, ctx) => mediaImports.begin(ctx.senderId, file),
    'media.importChunk': ({ importId, offset, data }, ctx) =>
      mediaImports.chunk(ctx.senderId, importId, offset, data),
    'media.finishImport': ({ importId }, ctx) => mediaImports.finish(ctx.senderId, importId),
    'media.cancelImport': async ({ importId }, ctx) => ({
      cancelled: await mediaImports.cancel(ctx.senderId, importId),
    }),
  }),
  close: (mediaImports) => mediaImports.close(),
})
