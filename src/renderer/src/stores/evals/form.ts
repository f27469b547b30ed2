// The Evals form as the user edits it (text fields as typed) and what it becomes when Run is pressed: variants,
// graders checked by the graders' own schema, the prompt's variables against the dataset's columns. Errors are
// keyed by field (`<row key>.<field>`, `prompt`, `concurrency`) so each shows beside its control.
import { evalGraderSchema, type EvalGrader } from '../../../../shared/evals/graders'
import { templateNames } from '../../../../shared/evals/template'
import { EVAL_CONCURRENCY_MAX } from '../../../../shared/ipc/evals'
import type { WireFormat } from '../../../../shared/format'
import type { EvalDefaults } from '../../../../shared/ipc/app'

export interface VariantRow {
  key: string
  format: WireFormat
  model: string
  profileId: string
  temperature: string
  maxTokens: string
}

export const FORM_GRADER_KINDS = [
  'contains',
  'equals',
  'containsAny',
  'containsAll',
  'startsWith',
  'matches',
  'jsonPathEquals',
  'costUnder',
  'judge',
  'similarity',
] as const
export type FormGraderKind = (typeof FORM_GRADER_KINDS)[number]

export interface GraderRow {
  key: string
  kind: FormGraderKind
  /** The text, pattern, expected value, rubric or amount; values one per line for contains any / all. */
  value: string
  path: string
  model: string
  format: WireFormat
  profileId: string
  threshold: string
  not: boolean
}

let next = 0
export const rowKey = (prefix: string) => `${prefix}${(next += 1)}`

/**
 * A new grader row on `profileId` (the eval's). A judge or similarity grader starts with the default judge or
 * embedding model from Settings, on the default's own profile when it names one that still exists.
 */
export function newGrader(
  kind: FormGraderKind,
  profileId: string,
  defaults?: EvalDefaults,
  profileIds: readonly string[] = [],
): GraderRow {
  const target = kind === 'judge' ? defaults?.judge : kind === 'similarity' ? defaults?.embedding : undefined
  const ownProfile = target?.profileId && profileIds.includes(target.profileId) ? target.profileId : null
  return {
    key: rowKey('g'),
    kind,
    value: kind === 'similarity' ? '{{expected}}' : '',
    path: '$.answer',
    model: target?.model ?? '',
    format: defaults && kind === 'judge' ? defaults.judge.format : 'chat',
    profileId: ownProfile ?? profileId,
    threshold: kind === 'judge' ? '0.5' : '0.8',
    not: false,
  }
}

const num = (text: string) => (text.trim() === '' ? NaN : Number(text))

/** A grader row as the grader main runs, or the first problem with it in words. */
export function graderOf(
  row: GraderRow,
): { ok: true; grader: EvalGrader } | { ok: false; field: string; message: string } {
  const not = row.not ? { not: true } : {}
  const lines = row.value
    .split('\n')
    .map((v) => v.trim())
    .filter(Boolean)
  const candidate =
    row.kind === 'contains'
      ? { kind: row.kind, text: row.value, ...not }
      : row.kind === 'matches'
        ? { kind: row.kind, pattern: row.value, ...not }
        : row.kind === 'equals' || row.kind === 'startsWith'
          ? { kind: row.kind, value: row.value, trim: row.kind === 'equals' ? true : undefined, ...not }
          : row.kind === 'containsAny' || row.kind === 'containsAll'
            ? { kind: row.kind, values: lines, ...not }
            : row.kind === 'jsonPathEquals'
              ? { kind: row.kind, path: row.path, value: row.value, ...not }
              : row.kind === 'costUnder'
                ? { kind: row.kind, amount: num(row.value), ...not }
                : row.kind === 'judge'
                  ? {
                      kind: row.kind,
                      rubric: row.value,
                      judge: { profileId: row.profileId, format: row.format, model: row.model.trim() },
                      threshold: num(row.threshold),
                      ...not,
                    }
                  : {
                      kind: row.kind,
                      expected: row.value,
                      model: row.model.trim(),
                      profileId: row.profileId,
                      threshold: num(row.threshold),
                      ...not,
                    }
  if (row.kind === 'judge' && !row.value.trim())
    return { ok: false, field: 'value', message: 'rubric: say what a good answer does' }
  const parsed = evalGraderSchema.safeParse(JSON.parse(JSON.stringify(candidate)))
  if (parsed.success) return { ok: true, grader: parsed.data }
  const issue = parsed.error.issues[0]!
  const field = issue.path.includes('model')
    ? 'model'
    : issue.path.includes('threshold')
      ? 'threshold'
      : issue.path.includes('path')
        ? 'path'
        : 'value'
  return { ok: false, field, message: issue.message }
}

export interface EvalForm {
  system: string
  user: string
  variants: VariantRow[]
  graders: GraderRow[]
  concurrency: string
}

/** Every problem of the form, keyed by field; empty when Run may go. */
export function evalFormErrors(
  form: EvalForm,
  columns: readonly string[] | null,
  profileIds: readonly string[],
): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!columns) errors.dataset = 'Dataset: import a CSV, JSONL or JSON file first'
  if (!form.user.trim()) errors.prompt = 'Prompt: write the user message'
  else if (columns) {
    const missing = [...new Set([...templateNames(form.system), ...templateNames(form.user)])].filter(
      (n) => !columns.includes(n),
    )
    if (missing.length)
      errors.prompt = `Prompt: the dataset has no column for ${missing.map((m) => `{{${m}}}`).join(', ')}`
  }
  if (form.variants.length === 0) errors.variants = 'Variants: add at least one'
  for (const v of form.variants) {
    if (!v.model.trim()) errors[`${v.key}.model`] = 'Model: write a model id'
    if (!profileIds.includes(v.profileId)) errors[`${v.key}.profile`] = 'Profile: choose a profile'
    const t = v.temperature.trim()
    if (t && !(Number(t) >= 0 && Number(t) <= 2)) errors[`${v.key}.temperature`] = 'Temperature: from 0 to 2'
    const m = v.maxTokens.trim()
    if (m && !(Number.isInteger(Number(m)) && Number(m) >= 1))
      errors[`${v.key}.maxTokens`] = 'Max tokens: a whole number, at least 1'
    if (!m && v.format === 'messages') errors[`${v.key}.maxTokens`] = 'Max tokens: Messages needs one'
  }
  for (const g of form.graders) {
    const r = graderOf(g)
    if (!r.ok) errors[`${g.key}.${r.field}`] = r.message.charAt(0).toUpperCase() + r.message.slice(1)
    if ((g.kind === 'judge' || g.kind === 'similarity') && !profileIds.includes(g.profileId))
      errors[`${g.key}.profile`] = 'Profile: choose a profile'
  }
  const n = Number(form.concurrency)
  if (!Number.isInteger(n) || n < 1 || n > EVAL_CONCURRENCY_MAX)
    errors.concurrency = `Concurrency: a whole number from 1 to ${EVAL_CONCURRENCY_MAX}`
  return errors
}

/**
 * A run's grader back as a form row (reopening a kept run); null for what the form cannot show as it ran (a
 * case check other than contains or matches, a judge with its own prompt or scale, a case-blind check).
 */
export function graderRowOf(g: EvalGrader, fallbackProfile: string): GraderRow | null {
  const row = { ...newGrader('contains', fallbackProfile), not: g.not === true }
  if ('ignoreCase' in g && g.ignoreCase) return null
  switch (g.kind) {
    case 'contains':
      return { ...row, kind: g.kind, value: g.text }
    case 'matches':
      return g.flags ? null : { ...row, kind: g.kind, value: g.pattern }
    case 'equals':
    case 'startsWith':
      return { ...row, kind: g.kind, value: g.value }
    case 'containsAny':
    case 'containsAll':
      return { ...row, kind: g.kind, value: g.values.join('\n') }
    case 'jsonPathEquals':
      return { ...row, kind: g.kind, path: g.path, value: g.value }
    case 'costUnder':
      return { ...row, kind: g.kind, value: String(g.amount) }
    case 'judge':
      if (g.prompt || g.range) return null
      return {
        ...row,
        kind: g.kind,
        value: g.rubric,
        model: g.judge.model,
        format: g.judge.format,
        profileId: g.judge.profileId ?? fallbackProfile,
        threshold: String(g.threshold),
      }
    case 'similarity':
      return {
        ...row,
        kind: g.kind,
        value: g.expected,
        model: g.model,
        profileId: g.profileId ?? fallbackProfile,
        threshold: String(g.threshold),
      }
    default:
      return null
  }
}
