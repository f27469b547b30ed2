// Comparison exports as they arrive from the renderer in ordered pieces: held per export id (bounded in count and
// size), then written whole to the media store and offered through the save dialog or as a download URL. A piece
// out of order, a piece for an unknown export or one past the size bound drops that export with a clear error.
import { AppError } from '../../../shared/ipc/result'
import type { CompareExportFormat } from '../../../shared/ipc/compare'
import type { MediaStore } from '../mediaStore'
import type { SaveDialog } from '../video/ports'

/** The largest export kept (characters), and how many unfinished exports may wait at once. */
const MAX_CHARS = 64 * 1024 * 1024
const MAX_PENDING = 8

export interface ExportPiece {
  exportId: string
  format: CompareExportFormat
  index: number
  piece: string
  done: boolean
}

export interface ExportResult {
  done: boolean
  saved: boolean
  path: string | null
  url: string | null
  name: string
  bytes: number
}

const FILE: Record<CompareExportFormat, { ext: string; mime: string }> = {
  json: { ext: 'json', mime: 'application/json' },
  markdown: { ext: 'md', mime: 'text/markdown' },
}

export class CompareExports {
  private readonly pending = new Map<
    string,
    { format: CompareExportFormat; pieces: string[]; chars: number }
  >()

  constructor(
    private readonly deps: { media: MediaStore; saveDialog?: SaveDialog | undefined; now?: () => Date },
  ) {}

  async put(input: ExportPiece): Promise<ExportResult> {
    const name = this.fileName(input.format)
    let entry = this.pending.get(input.exportId)
    if (input.index === 0) {
      if (entry)
        throw this.drop(input.exportId, 'COMPARE_EXPORT_EXISTS', 'exportId: this export has already begun.')
      while (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!)
      entry = { format: input.format, pieces: [], chars: 0 }
      this.pending.set(input.exportId, entry)
    } else if (!entry) {
      throw new AppError(
        'COMPARE_EXPORT_UNKNOWN',
        'exportId: no such export is being received; export again.',
      )
    }
    if (input.index !== entry.pieces.length || input.format !== entry.format)
      throw this.drop(
        input.exportId,
        'COMPARE_EXPORT_ORDER',
        `index: expected piece ${entry.pieces.length} of this export, got ${input.index}; export again.`,
      )
    entry.chars += input.piece.length
    if (entry.chars > MAX_CHARS)
      throw this.drop(input.exportId, 'COMPARE_EXPORT_TOO_LARGE', 'piece: the export is larger than 64 MB.')
    entry.pieces.push(input.piece)
    if (!input.done) return { done: false, saved: false, path: null, url: null, name, bytes: 0 }

    this.pending.delete(input.exportId)
    const bytes = Buffer.from(entry.pieces.join(''), 'utf8')
    const info = await this.deps.media.putBytes(bytes, FILE[input.format].mime, name)
    if (this.deps.saveDialog) {
      const source = await this.deps.media.path(info.id)
      const path = source ? await this.deps.saveDialog.saveCopy(source, name) : null
      return { done: true, saved: path !== null, path, url: null, name, bytes: bytes.byteLength }
    }
    return {
      done: true,
      saved: false,
      path: null,
      url: this.deps.media.url(info.id),
      name,
      bytes: bytes.byteLength,
    }
  }

  private fileName(format: CompareExportFormat): string {
    const stamp = (this.deps.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-').slice(0, 19)
    return `comparison-${stamp}.${FILE[format].ext}`
  }

  private drop(exportId: string, code: string, message: string): AppError {
    this.pending.delete(exportId)
    return new AppError(code, message)
  }
}
