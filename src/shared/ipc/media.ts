// The media domain: files the renderer picks or drops are imported into main's media store in chunks, and are
// referred to afterwards as `attachment:<mediaId>` (video forms and text drafts alike); main turns a reference
// into bytes only when it builds a request. Invariant (M1): only an import chunk carries media bytes, and no
// message nears 256 KB.
import { z } from 'zod'
import { defineCommand } from './define'

const id = z.string().min(1).max(100)

/** How the renderer refers to a file it imported into main's media store (the text domain uses the same). */
export const MEDIA_REF_PREFIX = 'attachment:'
export const mediaRef = (mediaId: string): string => `${MEDIA_REF_PREFIX}${mediaId}`
export const mediaIdOfRef = (ref: string): string | null => {
  const m = /^attachment:([a-f0-9]{32})$/.exec(ref.trim())
  return m ? m[1]! : null
}

/** The largest IPC message (M1). */
export const IPC_MESSAGE_LIMIT = 256 * 1024
/** Raw bytes per import chunk: base64 makes it 192 KiB, well under the message limit with its envelope. */
export const MEDIA_IMPORT_CHUNK_BYTES = 144 * 1024
const CHUNK_BASE64_MAX = Math.ceil(MEDIA_IMPORT_CHUNK_BYTES / 3) * 4
/** Largest file the app imports (the spec's per-file limit of 50 MB). */
export const MEDIA_IMPORT_MAX_BYTES = 50 * 1024 * 1024
export const importedMediaSchema = z.object({
  mediaId: z.string(),
  ref: z.string(),
  url: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  /** Read from the file's header: PNG and JPEG only. */
  image: z.object({ format: z.string(), width: z.number(), height: z.number() }).nullable(),
})
export type ImportedMedia = z.infer<typeof importedMediaSchema>

export const mediaCommands = {
  /** Starts importing a file picked or dropped in the renderer (then importChunk in order, then finishImport). */
  'media.beginImport': defineCommand(
    z.object({
      name: z.string().trim().min(1).max(255),
      mimeType: z.string().max(100),
      size: z
        .number()
        .int()
        .min(1, 'the file is empty')
        .max(MEDIA_IMPORT_MAX_BYTES, `files are at most ${MEDIA_IMPORT_MAX_BYTES / 1024 / 1024} MB`),
    }),
    z.object({ importId: z.string(), chunkBytes: z.number() }),
  ),
  'media.importChunk': defineCommand(
    z.object({
      importId: id,
      offset: z.number().int().min(0),
      /** Base64 of at most MEDIA_IMPORT_CHUNK_BYTES bytes. */
      data: z.string().min(1).max(CHUNK_BASE64_MAX),
    }),
    z.object({ received: z.number() }),
  ),
  'media.finishImport': defineCommand(z.object({ importId: id }), importedMediaSchema),
  'media.cancelImport': defineCommand(z.object({ importId: id }), z.object({ cancelled: z.boolean() })),
}
