// Reads an imported file as a list of texts for the Embeddings panel: .txt (one text a line), .csv (one chosen
// column, a `label` column if there is one) or .jsonl (a string, or an object's chosen field, per line).
// Invariant: a file that is not UTF-8 text, or a column that does not exist, is refused with the rule named.
import { parse } from 'csv-parse/sync'
import { AppError } from '../../../shared/ipc/result'
import { MAX_DRAFT_TEXT_CHARS, type TextItem } from '../../../shared/embed/requests'

export interface ReadTexts {
  items: TextItem[]
  columns: string[] | null
  column: string | null
}

/** Signatures of common binary documents that can be all-ASCII at their start (a PDF often is). */
const BINARY_KINDS: { kind: string; magic: number[] }[] = [
  { kind: 'a PDF document', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { kind: 'a ZIP archive (or a .docx, .xlsx, .pptx)', magic: [0x50, 0x4b, 0x03, 0x04] },
  { kind: 'a PNG image', magic: [0x89, 0x50, 0x4e, 0x47] },
  { kind: 'a JPEG image', magic: [0xff, 0xd8, 0xff] },
  { kind: 'a GIF image', magic: [0x47, 0x49, 0x46, 0x38] },
  { kind: 'a gzip archive', magic: [0x1f, 0x8b] },
  { kind: 'an RTF document', magic: [0x7b, 0x5c, 0x72, 0x74, 0x66] },
]

function decodeText(bytes: Uint8Array, name: string): string {
  const binary = BINARY_KINDS.find(({ magic }) => magic.every((b, i) => bytes[i] === b))
  if (binary)
    throw new AppError(
      'EMBED_FILE_NOT_TEXT',
      `file: "${name}" is ${binary.kind}, not text. Import UTF-8 .txt, .csv or .jsonl; your inputs are unchanged.`,
    )
  if (bytes.includes(0))
    throw new AppError(
      'EMBED_FILE_NOT_TEXT',
      `file: "${name}" is not a text file (it holds NUL bytes). Import UTF-8 .txt, .csv or .jsonl.`,
    )
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    throw new AppError(
      'EMBED_FILE_NOT_TEXT',
      `file: "${name}" is not UTF-8 text. Import UTF-8 .txt, .csv or .jsonl.`,
    )
  }
}

const PREFERRED_FIELDS = ['text', 'input', 'document', 'content']

function pickColumn(columns: string[], wanted: string | undefined, name: string): string {
  if (wanted !== undefined && wanted !== '') {
    if (!columns.includes(wanted))
      throw new AppError(
        'EMBED_FILE_NO_COLUMN',
        `column: "${name}" has no column "${wanted}" (its columns: ${columns.join(', ') || 'none'}).`,
      )
    return wanted
  }
  const found = PREFERRED_FIELDS.find((f) => columns.includes(f)) ?? columns[0]
  if (found === undefined) throw new AppError('EMBED_FILE_NO_COLUMN', `column: "${name}" has no header row.`)
  return found
}

export function readTexts(bytes: Uint8Array, name: string, column?: string): ReadTexts {
  const text = decodeText(bytes, name)
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? 'txt'
  let out: ReadTexts
  if (ext === 'csv') {
    let records: Record<string, string>[]
    try {
      records = parse(text, { columns: true, skip_empty_lines: true, relax_column_count: true, trim: false })
    } catch (error) {
      throw new AppError(
        'EMBED_FILE_INVALID',
        `file: "${name}" is not valid CSV: ${(error as Error).message}`,
      )
    }
    const columns = records[0] ? Object.keys(records[0]) : []
    const chosen = pickColumn(columns, column, name)
    out = {
      columns,
      column: chosen,
      items: records
        .map((r, i) => ({
          label: columns.includes('label') && chosen !== 'label' ? (r.label ?? '') : `row ${i + 1}`,
          text: r[chosen] ?? '',
        }))
        .filter((item) => item.text.trim() !== ''),
    }
  } else if (ext === 'jsonl' || ext === 'ndjson') {
    const lines = text.split(/\r?\n/)
    const items: TextItem[] = []
    let field: string | null = null
    lines.forEach((line, i) => {
      if (line.trim() === '') return
      let value: unknown
      try {
        value = JSON.parse(line)
      } catch {
        throw new AppError('EMBED_FILE_INVALID', `file: line ${i + 1} of "${name}" is not JSON.`)
      }
      if (typeof value === 'string') return items.push({ label: `line ${i + 1}`, text: value })
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new AppError(
          'EMBED_FILE_INVALID',
          `file: line ${i + 1} of "${name}" is neither a string nor an object.`,
        )
      const o = value as Record<string, unknown>
      field ??= pickColumn(Object.keys(o), column, name)
      if (typeof o[field] !== 'string')
        throw new AppError(
          'EMBED_FILE_NO_COLUMN',
          `column: line ${i + 1} of "${name}" has no string field "${field}".`,
        )
      items.push({ label: typeof o.label === 'string' ? o.label : `line ${i + 1}`, text: o[field] as string })
    })
    out = { items, columns: null, column: field }
  } else {
    out = {
      columns: null,
      column: null,
      items: text
        .split(/\r?\n/)
        .map((line, i) => ({ label: `line ${i + 1}`, text: line }))
        .filter((item) => item.text.trim() !== ''),
    }
  }
  if (out.items.length === 0)
    throw new AppError('EMBED_FILE_EMPTY', `file: "${name}" holds no text to embed.`)
  const chars = out.items.reduce((s, item) => s + item.text.length + item.label.length, 0)
  if (chars > MAX_DRAFT_TEXT_CHARS)
    throw new AppError(
      'EMBED_FILE_TOO_LARGE',
      `file: "${name}" holds ${chars.toLocaleString('en-US')} characters; one request carries at most ${MAX_DRAFT_TEXT_CHARS.toLocaleString('en-US')}.`,
    )
  return out
}
