// The media domain for panels: a picked or dropped file goes to main's media store in chunks (importFile.ts),
// and the panel gets back a reference and a media URL. Components reach main through here, never the client.
import type { ImportedMedia } from '../../../shared/ipc/media'
import { client } from './client'
import { importFile, type ImportableFile } from './importFile'

export const mediaCalls = {
  importFile: (file: ImportableFile, onProgress?: (sent: number, size: number) => void): Promise<ImportedMedia> =>
    importFile(client, file, onProgress),
}
