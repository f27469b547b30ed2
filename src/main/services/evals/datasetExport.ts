// A dataset as the table shows it (edits included) written out as a file the dataset import reads back to the same
// rows: CSV (RFC 4180: a header row of the column names, then a line per row, CRLF between lines; a value holding a
// comma, a quote, a line break or nothing at all in a one-column file is quoted, its quotes doubled) or JSONL (an
// object a line, column name → text). A row's name goes out as promptfoo's `__description`, which the import reads
// back as the name. Values are written as they are (no spreadsheet formula guard: that would change them), and a
// row's own graders (from a suite's asserts) are not written: the answer counts the rows that had some, for the
// panel to say so. The file is written into the media store a chunk of rows at a time with a turn of the event loop
// between, so a 100,000-row dataset never blocks main nor becomes one string; the panel gets a link or a save dialog.
import type { DatasetRow } from '../../../shared/evals/dataset'
import type { MediaStore } from '../mediaStore'
import type { SaveDialog } from '../video/ports'
import type { KeptDataset } from './datasetRows'

export type DatasetExportFormat = 'csv' | 'jsonl'

/** Rows written into one piece, between two turns of the event loop. */
const ROWS_A_PIECE = 1000

const csvValue = (s: string, alone: boolean): string =>
  /[",\r\n]/.test(s) || (alone && s === '') ? `"${s.replace(/"/g, '""')}"` : s

function csvLine(values: readonly string[]): string {
  return `${values.map((v) => csvValue(v, values.length === 1)).join(',')}\r\n`
}

function jsonLine(columns: readonly string[], row: DatasetRow, named: boolean): string {
  const record: Record<string, string> = {}
  columns.forEach((c, i) => (record[c] = row.cells[i] ?? ''))
  if (named) record.__description = row.description ?? ''
  return `${JSON.stringify(record)}\n`
}

/** The file's text, a piece (at most ROWS_A_PIECE rows) at a time, yielding to the event loop between pieces. */
export async function* datasetFilePieces(
  columns: readonly string[],
  rows: readonly DatasetRow[],
  format: DatasetExportFormat,
): AsyncGenerator<Buffer> {
  const named = rows.some((r) => r.description)
  if (format === 'csv') yield Buffer.from(csvLine(named ? [...columns, '__description'] : columns), 'utf8')
  for (let at = 0; at < rows.length; at += ROWS_A_PIECE) {
    let piece = ''
    for (let i = at; i < Math.min(at + ROWS_A_PIECE, rows.length); i++) {
      const row = rows[i]!
      const values = columns.map((_, c) => row.cells[c] ?? '')
      piece +=
        format === 'csv'
          ? csvLine(named ? [...values, row.description ?? ''] : values)
          : jsonLine(columns, row, named)
    }
    yield Buffer.from(piece, 'utf8')
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
}

export interface ExportedDataset {
  /** Saved through the desktop's dialog (`path`), or offered as a download (`url`); neither when cancelled. */
  saved: boolean
  path: string | null
  url: string | null
  name: string
  rows: number
  /** Rows whose own graders are not in the file. */
  gradersLeftOut: number
}

/** Writes the dataset as it stands now (later edits do not reach the file) and offers it. */
export async function exportDataset(
  media: MediaStore,
  saveDialog: SaveDialog | undefined,
  kept: KeptDataset,
  format: DatasetExportFormat,
): Promise<ExportedDataset> {
  const columns = [...kept.dataset.columns]
  // Rows are replaced, never changed in place: this list is the dataset as it is now.
  const rows = kept.dataset.rows.slice()
  const base = kept.name.replace(/\.[a-z]+$/i, '').replace(/[^\w.-]+/g, '-') || 'dataset'
  const name = `${base}.${format}`
  const info = await media.putStream(
    datasetFilePieces(columns, rows, format),
    format === 'csv' ? 'text/csv' : 'application/x-ndjson',
    name,
  )
  const gradersLeftOut = rows.reduce((n, r) => n + (r.graders?.length ? 1 : 0), 0)
  const out = { name, rows: rows.length, gradersLeftOut }
  if (saveDialog) {
    const source = await media.path(info.id)
    const path = source ? await saveDialog.saveCopy(source, name) : null
    void media.delete(info.id).catch(() => undefined)
    return { saved: path !== null, path, url: null, ...out }
  }
  return { saved: false, path: null, url: media.url(info.id), ...out }
}
