// The `file://` references of a promptfoo config, read through the caller (relative to the config's folder):
// prompt files (text split on `---` as promptfoo splits them, chat JSON, JSONL, YAML lists), structured files
// (YAML or JSON: tests, defaultTest, schemas) and variables whose value is a text file. A reference to code
// (`.js`, `.py`, a `:function`) is refused by name: nothing from a suite file runs.
import { CORE_SCHEMA, load, YAMLException } from 'js-yaml'

/** Reads a file named relative to the config; null when it is not there (or not allowed). */
export type ReadFile = (relativePath: string) => string | null

const CODE_FILE = /\.(js|cjs|mjs|ts|py|rb|sh)(:[\w.]+)?$/i
/** Rows a `vars` entry with list values may expand to (promptfoo makes every combination). */
const MAX_EXPANDED = 10_000

/**
 * Values a YAML file may come to once its aliases are followed (each alias counts what it names again): a million,
 * or one a character for a larger file (without aliases a value takes at least a character or two).
 */
const MIN_YAML_VALUES = 1_000_000

/**
 * A YAML text read as data (YAML 1.2's core schema, as before: a date stays text, no tags run). The loader keeps
 * an alias as a second reference to what its anchor names, so a file of anchors each naming the one before
 * ("billion laughs") is small in memory but explodes for whoever walks it: the values it comes to with every
 * alias followed are counted, and a file over the bound is refused. A problem is thrown as "line N: why".
 */
export function readYaml(text: string): unknown {
  let value: unknown
  try {
    value = load(text, { schema: CORE_SCHEMA })
  } catch (error) {
    if (error instanceof YAMLException && error.mark)
      throw new Error(`line ${error.mark.line + 1}: ${error.reason}`)
    throw error
  }
  const bound = Math.max(MIN_YAML_VALUES, text.length)
  const stack: unknown[] = [value]
  let seen = 0
  while (stack.length) {
    const v = stack.pop()
    if (++seen > bound)
      throw new Error(
        `the YAML comes to more than ${bound.toLocaleString('en')} values once its aliases are followed (refused)`,
      )
    if (Array.isArray(v)) for (const item of v) stack.push(item)
    else if (v !== null && typeof v === 'object') for (const item of Object.values(v)) stack.push(item)
  }
  return value
}

export function fileRef(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('file://') ? value.slice('file://'.length) : null
}

export function readStructured(
  ref: string,
  read: ReadFile,
): { ok: true; value: unknown } | { ok: false; message: string } {
  if (CODE_FILE.test(ref)) return { ok: false, message: `${ref} is code (not run)` }
  const text = read(ref)
  if (text === null) return { ok: false, message: `${ref}: file not found` }
  try {
    if (/\.json$/i.test(ref)) return { ok: true, value: JSON.parse(text) }
    if (/\.jsonl$/i.test(ref))
      return {
        ok: true,
        value: text
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as unknown),
      }
    return { ok: true, value: readYaml(text) }
  } catch (error) {
    return { ok: false, message: `${ref}: ${(error as Error).message.split('\n')[0]}` }
  }
}

const labelOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat
}

/** The prompt texts one `prompts` entry stands for, or why it cannot be read. */
export function promptTexts(
  entry: unknown,
  read: ReadFile,
): { ok: true; prompts: { text: string; label: string }[] } | { ok: false; message: string } {
  let label: string | undefined
  let value = entry
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>
    label = typeof o.label === 'string' ? o.label : undefined
    value = typeof o.raw === 'string' ? o.raw : o.id
  }
  if (typeof value !== 'string') return { ok: false, message: 'a prompt of an unknown shape' }
  const ref = fileRef(value)
  if (ref === null) return { ok: true, prompts: [{ text: value, label: label ?? labelOf(value) }] }
  if (CODE_FILE.test(ref)) return { ok: false, message: `prompt ${value} (a prompt function runs code)` }
  if (/[*?]/.test(ref)) return { ok: false, message: `prompt ${value} (globs are not read: name each file)` }
  const text = read(ref)
  if (text === null) return { ok: false, message: `prompt ${value} (file not found)` }
  const name = label ?? ref
  if (/\.jsonl$/i.test(ref))
    return {
      ok: true,
      prompts: text
        .split('\n')
        .filter((l) => l.trim())
        .map((l, i) => ({ text: l, label: `${name} #${i + 1}` })),
    }
  if (/\.json$/i.test(ref)) return { ok: true, prompts: [{ text, label: name }] }
  if (/\.ya?ml$/i.test(ref)) {
    const parsed = readStructured(ref, read)
    if (!parsed.ok) return parsed
    const list = Array.isArray(parsed.value) ? parsed.value : [parsed.value]
    const prompts: { text: string; label: string }[] = []
    for (const [i, p] of list.entries()) {
      if (typeof p === 'string') prompts.push({ text: p, label: `${name} #${i + 1}` })
      else if (Array.isArray(p)) prompts.push({ text: JSON.stringify(p), label: `${name} #${i + 1}` })
      else return { ok: false, message: `prompt ${value} item ${i + 1} (not a prompt text or chat)` }
    }
    return { ok: true, prompts }
  }
  // A text file holds one prompt, or several separated by `---`.
  const parts = text
    .split('---')
    .map((p) => p.trim())
    .filter(Boolean)
  return {
    ok: true,
    prompts: parts.map((p, i) => ({ text: p, label: parts.length > 1 ? `${name} #${i + 1}` : name })),
  }
}

/**
 * A test's vars as rows: a `file://` text value is read, a list value makes one row per item (every
 * combination, as promptfoo does, bounded), an object is kept as JSON text.
 */
export function expandVars(
  vars: Record<string, unknown>,
  read: ReadFile,
  unmapped: Set<string>,
  where: string,
): Record<string, string>[] {
  let rows: Record<string, string>[] = [{}]
  for (const [name, raw] of Object.entries(vars)) {
    const values: unknown[] = Array.isArray(raw) ? raw : [raw]
    const texts = values.map((v) => {
      const ref = fileRef(v)
      if (ref === null)
        return typeof v === 'string'
          ? v
          : v === null || v === undefined
            ? ''
            : typeof v === 'object'
              ? JSON.stringify(v)
              : String(v)
      if (CODE_FILE.test(ref)) {
        unmapped.add(`${where} var ${name} from ${ref} (runs code)`)
        return ''
      }
      const text = read(ref)
      if (text === null) unmapped.add(`${where} var ${name}: ${ref} not found`)
      return text ?? ''
    })
    if (rows.length * texts.length > MAX_EXPANDED) {
      unmapped.add(
        `${where} var ${name}: more than ${MAX_EXPANDED.toLocaleString('en')} combinations (the first value kept)`,
      )
      texts.length = 1
    }
    const next: Record<string, string>[] = []
    for (const row of rows) for (const t of texts) next.push({ ...row, [name]: t })
    rows = next
  }
  return rows
}
