// Brings a picked or dropped file into main's media store in chunks (M1): each `media.importChunk` carries at most
// 144 KiB as base64 (about 192 KB), so no IPC message nears 256 KB whatever the file's size. The caller gets an
// `attachment:<id>` reference for the form and a media URL for the thumbnail; the bytes never return.
import type { ImportedMedia } from '../../../shared/ipc/media'
import type { Client } from '../../../shared/ipc/client'

/** Standard base64 of bytes, in slices so no argument list grows with the input. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

export interface ImportableFile {
  name: string
  type: string
  size: number
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> }
}

export async function importFile(
  client: Pick<Client, 'invoke' | 'call'>,
  file: ImportableFile,
  onProgress?: (sent: number, size: number) => void,
): Promise<ImportedMedia> {
  const { importId, chunkBytes } = await client.invoke('media.beginImport', {
    name: file.name || 'image',
    mimeType: file.type.slice(0, 100),
    size: file.size,
  })
  try {
    for (let offset = 0; offset < file.size; offset += chunkBytes) {
      const bytes = new Uint8Array(
        await file.slice(offset, Math.min(offset + chunkBytes, file.size)).arrayBuffer(),
      )
      await client.invoke('media.importChunk', { importId, offset, data: toBase64(bytes) })
      onProgress?.(offset + bytes.length, file.size)
    }
    return await client.invoke('media.finishImport', { importId })
  } catch (error) {
    void client.call('media.cancelImport', { importId })
    throw error
  }
}
