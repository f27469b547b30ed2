// A dataset: named columns of text and rows of cells. Every column is a variable the prompt's `{{name}}` takes
// (`expected` included, which graders read as `{{expected}}`); promptfoo's `__expected` columns become the row's
// own graders and `__description` its name. Imports read CSV, JSONL and JSON: a bad row is named by its line and
// field and left out, the rest is kept. Everything is bounded (rows, columns, characters).
import { parse } from 'csv-parse/sync'
import type { EvalGrader } from './graders'
import { mapExpectedCell, type AssertDefaults } from './promptfooAsserts'

export const DATASET_MAX_ROWS = 200_000
export const DATASET_MAX_COLUMNS = 200
/** Characters a dataset may hold in all its cells (about 128 MB as UTF-16). */
export const DATASET_MAX_CHARS = 64 * 1024 * 1024
export const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*$/

export interface DatasetRow {
  cells: string[]
  /** The row's own graders (from `__expected` columns or a promptfoo test's `assert`). */
  graders?: EvalGrader[]
  description?: string
}

export interface Dataset {
  columns: string[]
  rows: DatasetRow[]
}

/** A row left out, or a value changed, named by where it is in the file. */
export interface RowProblem {
  /** 1-based line in the file (the row's first line). */
  line: number
  field: string | null
  message: string
}

export interface DatasetRead {
  dataset: Dataset
  problems: RowProblem[]
  /** What was read but has no meaning here (promptfoo's `__prefix`, a grader that runs code), by name. */
  unmapped: string[]
}

export type DatasetFileKind = 'csv' | 'jsonl' | 'json'

export function datasetKindOf(fileName: string): DatasetFileKind | null {
  const ext = fileName.toLowerCase().split('.').pop()
  return ext === 'csv'
    ? 'csv'
    : ext === 'jsonl' || ext === 'ndjson'
      ? 'jsonl'
      : ext === 'json'
        ? 'json'
        : null
}

/** Turns records (field → value) into a dataset, one record at a time. */
export class DatasetBuilder {
  readonly columns: string[] = []
  private readonly index = new Map<string, number>()
  readonly rows: DatasetRow[] = []
  readonly problems: RowProblem[] = []
  readonly unmapped = new Set<string>()
  private chars = 0
  full = false

  constructor(private readonly defaults: AssertDefaults) {}

  private column(name: string): number | null {
    const at = this.index.get(name)
    if (at !== undefined) return at
    if (this.columns.length >= DATASET_MAX_COLUMNS) return null
    this.index.set(name, this.columns.length)
    this.columns.push(name)
    return this.columns.length - 1
  }

  /** Adds one record; a problem leaves the row out (or, for an unreadable grader, keeps it without that grader). */
  add(record: Record<string, unknown>, line: number, extraGraders: EvalGrader[] = []): void {
    if (this.rows.length >= DATASET_MAX_ROWS) {
      if (!this.full)
        this.problems.push({
          line,
          field: null,
          message: `more than ${DATASET_MAX_ROWS.toLocaleString('en')} rows: the rest were not read`,
        })
      this.full = true
      return
    }
    const cells: [number, string][] = []
    const graders = [...extraGraders]
    let description: string | undefined
    let size = 0
    for (const [name, raw] of Object.entries(record)) {
      const value =
        raw === null || raw === undefined ? '' : typeof raw === 'string' ? raw : JSON.stringify(raw)
      size += value.length
      if (name.startsWith('__expected')) {
        if (value.trim() === '') continue
        const mapped = mapExpectedCell(value, this.defaults)
        if (mapped.ok) graders.push(mapped.grader)
        else {
          this.unmapped.add(mapped.reason)
          this.problems.push({ line, field: name, message: `not graded: ${mapped.reason}` })
        }
        continue
      }
      if (name === '__description') {
        description = value.slice(0, 500)
        continue
      }
      if (name.startsWith('__')) {
        this.unmapped.add(`column ${name}`)
        continue
      }
      if (!COLUMN_NAME.test(name)) {
        this.problems.push({
          line,
          field: name,
          message: `"${name.slice(0, 60)}" is not a variable name (letters, digits and _, not starting with a digit): the row was left out`,
        })
        return
      }
      const at = this.column(name)
      if (at === null) {
        this.problems.push({
          line,
          field: name,
          message: `more than ${DATASET_MAX_COLUMNS} columns: the row was left out`,
        })
        return
      }
      cells.push([at, value])
    }
    if (this.chars + size > DATASET_MAX_CHARS) {
      this.problems.push({
        line,
        field: null,
        message: `the dataset would pass ${DATASET_MAX_CHARS / 1024 / 1024} M characters: the rest were not read`,
      })
      this.full = true
      return
    }
    this.chars += size
    const row: DatasetRow = { cells: [] }
    for (const [at, value] of cells) row.cells[at] = value
    if (graders.length) row.graders = graders
    if (description) row.description = description
    this.rows.push(row)
  }

  result(): DatasetRead {
    // Rows read before a column appeared have it empty.
    for (const row of this.rows) for (let i = 0; i < this.columns.length; i++) row.cells[i] ??= ''
    return {
      dataset: { columns: this.columns, rows: this.rows },
      problems: this.problems,
      unmapped: [...this.unmapped],
    }
  }
}

export function readCsv(text: string, defaults: AssertDefaults): DatasetRead {
  const b = new DatasetBuilder(defaults)
  let header: string[] | null = null
  const skipped: RowProblem[] = []
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(text, {
      info: true,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      max_record_size: 8 * 1024 * 1024,
      on_skip: (err) => {
        if (err)
          skipped.push({
            line: Number((err as { lines?: number }).lines ?? 0),
            field: null,
            message: `not read: ${err.message}`,
          })
        return undefined
      },
    }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (error) {
    return {
      dataset: { columns: [], rows: [] },
      problems: [{ line: 1, field: null, message: `not CSV: ${(error as Error).message}` }],
      unmapped: [],
    }
  }
  for (const { record, info } of records) {
    if (!header) {
      header = record.map((h) => h.trim())
      continue
    }
    if (b.full) break
    if (record.length !== header.length) {
      b.problems.push({
        line: info.lines,
        field: null,
        message: `${record.length} fields where the header has ${header.length}: the row was left out`,
      })
      continue
    }
    const rec: Record<string, string> = {}
    header.forEach((h, i) => (rec[h] = record[i]!))
    b.add(rec, info.lines)
  }
  const out = b.result()
  out.problems.push(...skipped)
  out.problems.sort((x, y) => x.line - y.line)
  return out
}

/** Each line a JSON object (an OpenAI Evals line `{"item": {...}}` gives its item's fields). */
export function readJsonl(text: string, defaults: AssertDefaults): DatasetRead {
  const b = new DatasetBuilder(defaults)
  let line = 0
  let start = 0
  while (start <= text.length && !b.full) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    line++
    const source = text.slice(start, end).trim()
    start = end + 1
    if (!source) continue
    let value: unknown
    try {
      value = JSON.parse(source)
    } catch (error) {
      b.problems.push({ line, field: null, message: `not JSON: ${(error as Error).message}` })
      continue
    }
    addRecord(b, value, line)
  }
  return b.result()
}

function addRecord(b: DatasetBuilder, value: unknown, line: number): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    b.problems.push({ line, field: null, message: 'a row must be an object of field: value' })
    return
  }
  const rec = value as Record<string, unknown>
  const item = rec.item
  if (
    item !== null &&
    typeof item === 'object' &&
    !Array.isArray(item) &&
    Object.keys(rec).every((k) => k === 'item' || k === 'sample')
  )
    return b.add(item as Record<string, unknown>, line)
  b.add(rec, line)
}

/** The start offset of each element of a top-level JSON array (a linear scan that skips strings). */
function elementOffsets(text: string): number[] {
  const offsets: number[] = []
  let depth = 0
  let inString = false
  let expect = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++
      else if (c === 34) inString = false
      continue
    }
    if (expect && c > 32) {
      expect = false
      if (c !== 93) offsets.push(i)
    }
    if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      depth++
      if (depth === 1 && c === 91) expect = true
    } else if (c === 93 || c === 125) depth--
    else if (c === 44 && depth === 1) expect = true
  }
  return offsets
}

/** A JSON array of objects (or `{ "rows": [...] }`), each element's line found for problems. */
export function readJson(text: string, defaults: AssertDefaults): DatasetRead {
  const b = new DatasetBuilder(defaults)
  let value: unknown
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    return {
      dataset: { columns: [], rows: [] },
      problems: [{ line: 1, field: null, message: `not JSON: ${(error as Error).message}` }],
      unmapped: [],
    }
  }
  const rows = Array.isArray(value) ? value : (value as { rows?: unknown } | null)?.rows
  if (!Array.isArray(rows))
    return {
      dataset: { columns: [], rows: [] },
      problems: [
        {
          line: 1,
          field: null,
          message: 'the file must hold an array of rows (objects), or { "rows": [...] }',
        },
      ],
      unmapped: [],
    }
  const offsets = Array.isArray(value) ? elementOffsets(text) : []
  let lineAt = 0
  let line = 1
  rows.forEach((row, i) => {
    const offset = offsets[i]
    if (offset !== undefined) for (; lineAt < offset; lineAt++) if (text.charCodeAt(lineAt) === 10) line++
    if (!b.full) addRecord(b, row, offset !== undefined ? line : i + 1)
  })
  return b.result()
}

/**
 * A dataset file's bytes read: text that is not UTF-8 is read with U+FFFD in place of the bytes that are not,
 * and that is named (by the first line it happens on), never thrown.
 */
export function readDatasetBytes(
  kind: DatasetFileKind,
  bytes: Uint8Array,
  defaults: AssertDefaults,
): DatasetRead {
  let text: string
  let notUtf8: RowProblem | null = null
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    text = new TextDecoder('utf-8').decode(bytes)
    const at = text.indexOf('\uFFFD')
    let line = 1
    for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++
    notUtf8 = {
      line,
      field: null,
      message: 'bytes that are not UTF-8 (from here on) were read as \uFFFD: save the file as UTF-8',
    }
  }
  const read = readDataset(kind, text, defaults)
  if (notUtf8) read.problems.unshift(notUtf8)
  return read
}

export function readDataset(kind: DatasetFileKind, text: string, defaults: AssertDefaults): DatasetRead {
  return kind === 'csv'
    ? readCsv(text, defaults)
    : kind === 'jsonl'
      ? readJsonl(text, defaults)
      : readJson(text, defaults)
}

/** A row's variables: each column's cell by name. */
export function rowVariables(columns: readonly string[], row: DatasetRow): Record<string, string> {
  const vars: Record<string, string> = {}
  columns.forEach((c, i) => (vars[c] = row.cells[i] ?? ''))
  return vars
}
