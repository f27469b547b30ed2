// The "Save as case" form's assertions as the user types them (every field a string) and their reading into
// the case model's assertions. Each field's rule is checked here so its error sits under that field: a pattern
// that is not a regular expression, a schema that is not a JSON object, a limit that is not a positive number.
// Patterns are planned by the same module as main's checks, so a note says which engine will run each one.
import { assertionSchema, type Assertion, type AssertionKind } from '../../../../shared/cases/caseModel'
import { describePlan, planPattern, schemaPatterns } from '../../../../shared/cases/safePattern'
import { jsonSyntaxError } from '../../../../shared/jsonSyntax'
import type { Draft } from '../../../../shared/wire'

/** A case's draft rides in one message to main, which stays under the 256 KB IPC bound (M1). */
export const CASE_DRAFT_BYTES = 200 * 1024

/** Why a draft is too large to save as a case, or null. */
export function draftTooLarge(draft: Draft): string | null {
  const bytes = new TextEncoder().encode(JSON.stringify(draft)).length
  return bytes > CASE_DRAFT_BYTES
    ? `This conversation is ${Math.round(bytes / 1024)} KB as JSON; a case holds at most ${CASE_DRAFT_BYTES / 1024} KB. Shorten it in Text, then save.`
    : null
}

export interface AssertionDraft {
  key: string
  kind: AssertionKind
  /** contains: the text; matches: the pattern; toolCall: the tool name; stopReason: the value; limits: N. */
  value: string
  /** matches: flags; json: the schema; toolCall: the arguments schema. */
  extra: string
  ignoreCase: boolean
}

export type FieldErrors = Record<string, string>
/** What a field's value will do (which engine runs a pattern), keyed like errors; shown when there is no error. */
export type FieldNotes = Record<string, string>

export const LIMIT_KINDS: readonly AssertionKind[] = ['ttftUnder', 'totalUnder', 'outputTokensUnder']

let counter = 0
export function newAssertionDraft(kind: AssertionKind, value = ''): AssertionDraft {
  counter += 1
  return { key: `a${counter}`, kind, value, extra: '', ignoreCase: false }
}

/** The field names a draft of this kind shows, for labels and error keys. */
export function fieldsOf(kind: AssertionKind): { value: string | null; extra: string | null } {
  switch (kind) {
    case 'contains':
      return { value: 'Text', extra: null }
    case 'matches':
      return { value: 'Pattern', extra: 'Flags' }
    case 'json':
      return { value: null, extra: 'JSON Schema' }
    case 'toolCall':
      return { value: 'Tool name', extra: 'Arguments schema' }
    case 'stopReason':
      return { value: 'Stop reason', extra: null }
    case 'ttftUnder':
    case 'totalUnder':
      return { value: 'Milliseconds', extra: null }
    case 'outputTokensUnder':
      return { value: 'Tokens', extra: null }
  }
}

function schemaOf(text: string, label: string): { schema?: Record<string, unknown>; error?: string } {
  if (!text.trim()) return {}
  const syntax = jsonSyntaxError(text)
  if (syntax) return { error: `${label}: not JSON (${syntax.message})` }
  const value: unknown = JSON.parse(text)
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: `${label}: must be a JSON object, such as {"type": "object"}` }
  return { schema: value as Record<string, unknown> }
}

/** A schema's patterns read as main will read them: the first refused one is an error, else notes on the rest. */
function schemaPatternCheck(
  schema: Record<string, unknown>,
  label: string,
): { error?: string; note?: string } {
  const notes: string[] = []
  for (const pattern of new Set(schemaPatterns(schema))) {
    const shown = pattern.length > 40 ? `${pattern.slice(0, 40)}…` : pattern
    // JSON Schema patterns are ECMAScript patterns with the u flag (Ajv's default).
    const plan = planPattern(pattern, 'u')
    if (!plan.ok) return { error: `${label}: pattern "${shown}": ${plan.message}` }
    if (plan.engine === 'js') notes.push(`Pattern "${shown}": ${describePlan(plan)}`)
  }
  return notes.length ? { note: notes.join(' ') } : {}
}

/** One draft read as an assertion, or the errors of its fields keyed `<key>.value` / `<key>.extra`. */
export function readAssertion(d: AssertionDraft): {
  assertion: Assertion | null
  errors: FieldErrors
  notes: FieldNotes
} {
  const errors: FieldErrors = {}
  const notes: FieldNotes = {}
  const fields = fieldsOf(d.kind)
  let candidate: unknown
  switch (d.kind) {
    case 'contains':
      candidate = { kind: d.kind, text: d.value, ...(d.ignoreCase ? { ignoreCase: true } : {}) }
      break
    case 'matches': {
      // Main plans the pattern the same way before it runs it: the same engine, the same refusals.
      const plan = d.value ? planPattern(d.value, d.extra) : null
      if (plan && !plan.ok) {
        const field = plan.field === 'flags' ? 'extra' : 'value'
        errors[`${d.key}.${field}`] =
          `${plan.field === 'flags' ? fields.extra : fields.value}: ${plan.message}`
      } else if (plan) notes[`${d.key}.value`] = describePlan(plan)
      candidate = { kind: d.kind, pattern: d.value, ...(d.extra ? { flags: d.extra } : {}) }
      break
    }
    case 'json':
    case 'toolCall': {
      const read = schemaOf(d.extra, fields.extra!)
      if (read.error) errors[`${d.key}.extra`] = read.error
      const patterns = read.schema ? schemaPatternCheck(read.schema, fields.extra!) : {}
      if (patterns.error) errors[`${d.key}.extra`] = patterns.error
      if (patterns.note) notes[`${d.key}.extra`] = patterns.note
      candidate =
        d.kind === 'json'
          ? { kind: d.kind, ...(read.schema ? { schema: read.schema } : {}) }
          : { kind: d.kind, name: d.value.trim(), ...(read.schema ? { arguments: read.schema } : {}) }
      break
    }
    case 'stopReason':
      candidate = { kind: d.kind, value: d.value.trim() }
      break
    case 'ttftUnder':
    case 'totalUnder':
    case 'outputTokensUnder': {
      const n = Number(d.value)
      if (!d.value.trim() || !Number.isInteger(n) || n < 1) {
        errors[`${d.key}.value`] = `${fields.value}: must be a positive whole number`
        return { assertion: null, errors, notes }
      }
      candidate = d.kind === 'outputTokensUnder' ? { kind: d.kind, tokens: n } : { kind: d.kind, ms: n }
      break
    }
  }
  const parsed = assertionSchema.safeParse(candidate)
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = ['flags', 'schema', 'arguments'].includes(String(issue.path[0])) ? 'extra' : 'value'
      errors[`${d.key}.${field}`] ??= issue.message
    }
  return { assertion: Object.keys(errors).length ? null : (parsed.data ?? null), errors, notes }
}

/** Every draft read; `assertions` is complete only when `errors` is empty. */
export function readAssertions(drafts: readonly AssertionDraft[]): {
  assertions: Assertion[]
  errors: FieldErrors
  notes: FieldNotes
} {
  const assertions: Assertion[] = []
  const errors: FieldErrors = {}
  const notes: FieldNotes = {}
  for (const d of drafts) {
    const read = readAssertion(d)
    Object.assign(errors, read.errors)
    Object.assign(notes, read.notes)
    if (read.assertion) assertions.push(read.assertion)
  }
  return { assertions, errors, notes }
}
