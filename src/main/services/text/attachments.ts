// Resolves `attachment:<mediaId>` references in a draft to the bytes in the media store, just before a request
// is built, so large images and files never travel over IPC inside a draft (M1).
import { promises as fs } from 'node:fs'
import { MEDIA_REF_PREFIX, mediaIdOfRef } from '../../../shared/ipc/media'
import { AppError } from '../../../shared/ipc/result'
import type { Draft, DraftPart } from '../../../shared/wire'
import type { MediaStore } from '../mediaStore'

export async function resolveAttachments(draft: Draft, media: MediaStore): Promise<Draft> {
  const load = async (ref: string) => {
    const id = mediaIdOfRef(ref) ?? ''
    const info = await media.info(id)
    const path = info && (await media.path(id))
    if (!info || !path)
      throw new AppError(
        'TEXT_ATTACHMENT_MISSING',
        `An attachment (${id.slice(0, 8)}…) is no longer stored; attach the file again.`,
      )
    return { info, base64: (await fs.readFile(path)).toString('base64') }
  }
  let changed = false
  const messages = await Promise.all(
    draft.messages.map(async (message) => {
      const parts = await Promise.all(
        message.parts.map(async (part): Promise<DraftPart> => {
          if (part.type === 'image' && part.url?.startsWith(MEDIA_REF_PREFIX)) {
            changed = true
            const { info, base64 } = await load(part.url)
            const { url: _url, ...rest } = part
            return { ...rest, mimeType: info.mimeType, data: base64 }
          }
          if (part.type === 'file' && part.dataUrl?.startsWith(MEDIA_REF_PREFIX)) {
            changed = true
            const { info, base64 } = await load(part.dataUrl)
            return {
              ...part,
              filename: part.filename ?? info.name,
              mimeType: info.mimeType,
              dataUrl: `data:${info.mimeType};base64,${base64}`,
            }
          }
          return part
        }),
      )
      return { ...message, parts }
    }),
  )
  return changed ? { ...draft, messages } : draft
}
