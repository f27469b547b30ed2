// Reads a price file into price rows: LiteLLM's `model_prices_and_context_window.json` (per-token costs in USD and
// context-window fields, keyed by model), the app's own JSON, or CSV with the documented header (PRICE_CSV_COLUMNS).
// A file is hostile until checked: every row is validated on its own, a bad row is named by line, field and rule
// and left out, and the rest is imported. Bounded: the file's size, the rows kept and the problems listed.
import { parse as parseCsv } from 'csv-parse/sync'
import { parseTree, type Node } from 'jsonc-parser'
import { z } from 'zod'
import {
  modelPriceSchema,
  PRICE_FIELDS,
  PRICE_ROWS_MAX,
  pricesSomething,
  today,
  type ModelPrice,
} from '../../../shared/cost/prices'
import { jsonSyntaxError } from '../../../shared/jsonSyntax'
import type { PriceFileKind, PriceProblem } from '../../../shared/ipc/prices'

/** The largest price file read (LiteLLM's whole file is about 1.5 MB). */
export const PRICE_FILE_MAX_BYTES = 20 * 1024 * 1024
/** Problems listed at most; the count says how many there were. */
export const PRICE_PROBLEMS_MAX = 500
/** The app's own JSON names itself so it is never mistaken for another shape. */
export const APP_PRICE_FILE = 'gateway-playground-prices'

/** The CSV's columns: `model` and `currency` are required, every other may be empty (not priced). */
export const PRICE_CSV_COLUMNS = [
  'model',
  'currency',
  ...PRICE_FIELDS.map((f) => f.csv),
  'video_per_second_by_resolution',
  'context_window',
  'max_output',
  'set_on',
] as const

export interface PriceFileRead {
  kind: PriceFileKind
  rows: ModelPrice[]
  problems: PriceProblem[]
  /** How many problems there were (only the first PRICE_PROBLEMS_MAX are listed). */
  problemCount: number
  /** Entries that name a model but price nothing (LiteLLM lists some for their context window only). */
  withoutPrice: number
}

class Problems {
  readonly list: PriceProblem[] = []
  count = 0
  add(p: PriceProblem): void {
    this.count++
    if (this.list.length < PRICE_PROBLEMS_MAX) this.list.push(p)
  }
}

/** Line numbers (from 1) of offsets in a text. */
function lineIndex(text: string): (offset: number) => number {
  const starts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return (offset) => {
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
}

/** Tells the three shapes apart: by the name a CSV file carries, else by the JSON's own marks. */
export function detectKind(name: string, text: string): PriceFileKind {
  if (/\.csv$/i.test(name)) return 'csv'
  const start = text.trimStart()
  if (!start.startsWith('{') && !start.startsWith('[')) return 'csv'
  return text.slice(0, 4096).includes(`"${APP_PRICE_FILE}"`) ? 'app' : 'litellm'
}

export function readPriceFile(
  name: string,
  text: string,
  kind = detectKind(name, text),
  now = Date.now(),
): PriceFileRead {
  const problems = new Problems()
  const read = { rows: [] as ModelPrice[], withoutPrice: 0 }
  if (kind === 'csv') readCsv(text, now, problems, read)
  else readJson(kind, text, now, problems, read)
  if (read.rows.length > PRICE_ROWS_MAX) {
    problems.add({
      line: null,
      model: null,
      field: 'file',
      rule: `at most ${PRICE_ROWS_MAX.toLocaleString('en-US')} models; the first ${PRICE_ROWS_MAX.toLocaleString('en-US')} were read`,
    })
    read.rows.length = PRICE_ROWS_MAX
  }
  return { kind, ...read, problems: problems.list, problemCount: problems.count }
}

/** A validated row, or its problems named (the row is then left out). */
function accept(
  candidate: Record<string, unknown>,
  line: number | null,
  fieldName: (path: string) => string,
  problems: Problems,
  read: { rows: ModelPrice[]; withoutPrice: number },
): void {
  const parsed = modelPriceSchema.safeParse(candidate)
  if (!parsed.success) {
    const model = typeof candidate.model === 'string' ? candidate.model : null
    // One rule per field: the first it broke.
    const seen = new Set<string>()
    for (const issue of parsed.error.issues) {
      const field = fieldName(issue.path.join('.') || 'row')
      if (seen.has(field)) continue
      seen.add(field)
      problems.add({ line, model, field, rule: ruleOf(issue.message) })
    }
    return
  }
  if (!pricesSomething(parsed.data)) read.withoutPrice++
  else read.rows.push(parsed.data)
}

/** "input: not below 0" → "not below 0" (the field is named beside it). */
const ruleOf = (message: string) => message.replace(/^[\w ()-]+: /, '')

// ---- LiteLLM and the app's JSON ----

/** LiteLLM's per-token fields, in USD per token, and where each goes (per 1M tokens, or per unit). */
const LITELLM_TOKEN_FIELDS: Record<string, keyof ModelPrice> = {
  input_cost_per_token: 'input',
  output_cost_per_token: 'output',
  cache_read_input_token_cost: 'cachedRead',
  cache_creation_input_token_cost: 'cacheWrite',
  cache_creation_input_token_cost_above_1hr: 'cacheWrite1h',
  output_cost_per_reasoning_token: 'reasoning',
}
const LITELLM_UNIT_FIELDS: Record<string, keyof ModelPrice> = {
  output_cost_per_image: 'image',
  output_cost_per_video_per_second: 'videoSecond',
  output_cost_per_second: 'videoSecond',
  input_cost_per_query: 'rerankSearch',
}
const LITELLM_FIELD_OF: Partial<Record<keyof ModelPrice, string>> = Object.fromEntries(
  [...Object.entries(LITELLM_TOKEN_FIELDS), ...Object.entries(LITELLM_UNIT_FIELDS)].map(([k, v]) => [v, k]),
)

/** Per token → per 1M tokens, without the float's noise (2.5e-6 × 1e6 is 2.4999999999999996). */
const perMillion = (perToken: number) => Number((perToken * 1_000_000).toPrecision(12))

function readJson(
  kind: PriceFileKind,
  text: string,
  now: number,
  problems: Problems,
  read: { rows: ModelPrice[]; withoutPrice: number },
): void {
  const syntax = jsonSyntaxError(text)
  if (syntax) {
    problems.add({ line: syntax.line, model: null, field: 'file', rule: `not JSON: ${syntax.problem}` })
    return
  }
  const tree = parseTree(text)
  const lineOf = lineIndex(text)
  if (!tree || tree.type !== 'object') {
    problems.add({ line: 1, model: null, field: 'file', rule: 'a JSON object of models was expected' })
    return
  }
  if (kind === 'app') return readApp(tree, lineOf, now, problems, read)
  for (const prop of tree.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? []
    if (!keyNode || !valueNode) continue
    const model = String(keyNode.value)
    const line = lineOf(keyNode.offset)
    if (model === 'sample_spec') continue
    if (valueNode.type !== 'object') {
      problems.add({ line, model, field: model, rule: 'each model is an object of its prices' })
      continue
    }
    const entry = nodeObject(valueNode)
    const candidate: Record<string, unknown> = { model, currency: 'USD', setAt: today(now), source: 'import' }
    let bad = false
    const set = (field: string, target: keyof ModelPrice, value: unknown, scale: (n: number) => number) => {
      if (value === undefined || value === null) return
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        const at = lineOf(entry.offsets[field] ?? valueNode.offset)
        problems.add({ line: at, model, field, rule: 'a number not below 0' })
        bad = true
        return
      }
      candidate[target] ??= scale(value)
    }
    const mode = typeof entry.values.mode === 'string' ? entry.values.mode : 'chat'
    for (const [field, target] of Object.entries(LITELLM_TOKEN_FIELDS))
      set(field, target, entry.values[field], perMillion)
    for (const [field, target] of Object.entries(LITELLM_UNIT_FIELDS))
      set(field, target, entry.values[field], (n) => n)
    if (mode === 'embedding' && candidate.input !== undefined) {
      candidate.embedding = candidate.input
      delete candidate.input
    }
    if (mode === 'image_generation')
      set('input_cost_per_image', 'image', entry.values.input_cost_per_image, (n) => n)
    const context = entry.values.max_input_tokens ?? entry.values.max_tokens
    if (typeof context === 'number' && Number.isInteger(context) && context > 0)
      candidate.contextWindow = context
    const maxOut = entry.values.max_output_tokens
    if (typeof maxOut === 'number' && Number.isInteger(maxOut) && maxOut > 0) candidate.maxOutput = maxOut
    if (bad) continue
    accept(candidate, line, (path) => LITELLM_FIELD_OF[path as keyof ModelPrice] ?? path, problems, read)
  }
}

function readApp(
  tree: Node,
  lineOf: (offset: number) => number,
  now: number,
  problems: Problems,
  read: { rows: ModelPrice[]; withoutPrice: number },
): void {
  const prices = tree.children?.find((p) => p.children?.[0]?.value === 'prices')?.children?.[1]
  if (!prices || prices.type !== 'array') {
    problems.add({ line: 1, model: null, field: 'prices', rule: 'a list of price rows was expected' })
    return
  }
  for (const item of prices.children ?? []) {
    const line = lineOf(item.offset)
    if (item.type !== 'object') {
      problems.add({ line, model: null, field: 'row', rule: 'each price row is an object' })
      continue
    }
    const { values } = nodeObject(item)
    accept({ setAt: today(now), ...values, source: 'import' }, line, (path) => path, problems, read)
  }
}

/** An object node's plain values (nested objects kept as values) and each key's offset. */
function nodeObject(node: Node): { values: Record<string, unknown>; offsets: Record<string, number> } {
  const values: Record<string, unknown> = {}
  const offsets: Record<string, number> = {}
  for (const prop of node.children ?? []) {
    const [k, v] = prop.children ?? []
    if (!k || !v) continue
    const key = String(k.value)
    offsets[key] = k.offset
    values[key] = nodeValue(v)
  }
  return { values, offsets }
}

function nodeValue(node: Node, depth = 0): unknown {
  if (node.type === 'object') {
    if (depth > 4) return {}
    const out: Record<string, unknown> = {}
    for (const prop of node.children ?? []) {
      const [k, v] = prop.children ?? []
      if (k && v) out[String(k.value)] = nodeValue(v, depth + 1)
    }
    return out
  }
  if (node.type === 'array') return depth > 4 ? [] : (node.children ?? []).map((c) => nodeValue(c, depth + 1))
  return node.value
}

// ---- CSV ----

const CSV_FIELD: Record<string, keyof ModelPrice> = Object.fromEntries(
  PRICE_FIELDS.map((f) => [f.csv, f.key]),
)
const number = z.coerce.number().finite()

function readCsv(
  text: string,
  now: number,
  problems: Problems,
  read: { rows: ModelPrice[]; withoutPrice: number },
): void {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parseCsv(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 64 * 1024,
    }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? null
    problems.add({
      line,
      model: null,
      field: 'file',
      rule: `not readable as CSV: ${(error as Error).message}`,
    })
    return
  }
  const header = records.shift()
  const columns = (header?.record ?? []).map((c) => c.toLowerCase())
  for (const required of ['model', 'currency'])
    if (!columns.includes(required)) {
      problems.add({
        line: 1,
        model: null,
        field: required,
        rule: 'a column the price CSV needs (see the README)',
      })
      return
    }
  columns.forEach((c) => {
    if (!(PRICE_CSV_COLUMNS as readonly string[]).includes(c))
      problems.add({ line: 1, model: null, field: c, rule: 'not a column of the price CSV; it was ignored' })
  })
  for (const { record, info } of records) {
    const line = info.lines
    const cell = (name: string) => record[columns.indexOf(name)] ?? ''
    const model = cell('model')
    const candidate: Record<string, unknown> = {
      model,
      currency: cell('currency'),
      setAt: cell('set_on') || today(now),
      source: 'import',
    }
    let bad = false
    const numeric = (column: string, target: string, integer = false) => {
      const raw = cell(column)
      if (raw === '') return
      const parsed = number.safeParse(raw.replace(/^[$€£]/, ''))
      if (!parsed.success || (integer && !Number.isInteger(parsed.data))) {
        problems.add({
          line,
          model: model || null,
          field: column,
          rule: integer ? 'a whole number' : 'a number',
        })
        bad = true
      } else candidate[target] = parsed.data
    }
    for (const [column, target] of Object.entries(CSV_FIELD)) numeric(column, target)
    numeric('context_window', 'contextWindow', true)
    numeric('max_output', 'maxOutput', true)
    const byRes = cell('video_per_second_by_resolution')
    if (byRes) {
      const pairs = byRes.split(/[;|]/).map((p) => p.split('=').map((s) => s.trim()))
      if (pairs.some((p) => p.length !== 2 || !Number.isFinite(Number(p[1])) || p[1] === '')) {
        problems.add({
          line,
          model: model || null,
          field: 'video_per_second_by_resolution',
          rule: 'pairs such as 720p=0.10;1080p=0.15',
        })
        bad = true
      } else candidate.videoByResolution = Object.fromEntries(pairs.map(([r, v]) => [r, Number(v)]))
    }
    if (bad) continue
    accept(candidate, line, (path) => csvColumnOf(path), problems, read)
  }
}

function csvColumnOf(path: string): string {
  const root = path.split('.')[0] ?? path
  if (root === 'setAt') return 'set_on'
  if (root === 'videoByResolution') return 'video_per_second_by_resolution'
  if (root === 'contextWindow') return 'context_window'
  if (root === 'maxOutput') return 'max_output'
  return PRICE_FIELDS.find((f) => f.key === root)?.csv ?? root
}
