// The Compare panel as data: one shared draft (the Text form's fields, built by the Text panel's pure draft
// builder) and 2–8 columns, each a (format, model, profile) with its own format fields. A column's request is the
// shared draft built for its format with its overrides, so the shared draft is never changed by a column.
import {
  chatExtrasSchema,
  messagesExtrasSchema,
  nativeExtrasSchema,
  responsesExtrasSchema,
  validateDraft,
  WIRE_FORMATS,
  FORMAT_LABELS,
  type Draft,
  type WireFormat,
} from '../../../../shared/wire'
import { translationLoss, type LossWarning } from '../../../../shared/wire/lossiness'
import { buildDraft, DEFAULT_FORM, type Issue, type TextForm } from '../form'

export const MIN_COLUMNS = 2
export const MAX_COLUMNS = 8

export const EXTRAS_SCHEMA = {
  chat: chatExtrasSchema,
  responses: responsesExtrasSchema,
  messages: messagesExtrasSchema,
  native: nativeExtrasSchema,
}

export interface CompareColumn {
  id: string
  format: WireFormat
  model: string
  /** null: the app's active profile. */
  profileId: string | null
  /** This column's own fields of its format (thinking controls, tool_choice shape, generationConfig…). */
  extras: Record<string, unknown>
}

/** The shared draft: the Text form's fields less the ones each column sets (format, model, extras). */
export type SharedDraft = Omit<TextForm, 'format' | 'model' | 'extras'>

const { format: _format, model: _model, extras: _extras, ...sharedDefaults } = DEFAULT_FORM
/** The shared draft a new comparison starts with: the Text panel's defaults (textForm's DEFAULT_FORM). */
export const EMPTY_SHARED: SharedDraft = sharedDefaults

let nextColumn = 0
export const columnId = () => `col-${Date.now().toString(36)}-${(nextColumn++).toString(36)}`

export function newColumn(format: WireFormat, model: string, profileId: string | null = null): CompareColumn {
  return { id: columnId(), format, model, profileId, extras: {} }
}

/** Preset: one model through the four wire formats. */
export function oneModelAllFormats(model: string, profileId: string | null = null): CompareColumn[] {
  return WIRE_FORMATS.map((f) => newColumn(f, model, profileId))
}

/** Preset: one wire format, several models (2–8; blanks and repeats are dropped). */
export function oneFormatSeveralModels(format: WireFormat, models: readonly string[]): CompareColumn[] {
  const unique = [...new Set(models.map((m) => m.trim()).filter(Boolean))].slice(0, MAX_COLUMNS)
  return unique.map((m) => newColumn(format, m))
}

export const columnLabel = (c: Pick<CompareColumn, 'format' | 'model'>, index: number): string =>
  `${index + 1}. ${FORMAT_LABELS[c.format]} · ${c.model || '(no model)'}`

/** The draft a column sends: the shared draft built for its format, with its model and its own fields. */
export function columnDraft(shared: SharedDraft, column: CompareColumn): { draft: Draft; issues: Issue[] } {
  const extras = { chat: {}, responses: {}, messages: {}, native: {} } as TextForm['extras']
  ;(extras as Record<WireFormat, unknown>)[column.format] = column.extras
  return buildDraft({ ...shared, format: column.format, model: column.model, extras }, true)
}

/**
 * What a column's format cannot express, or expresses differently, of the shared draft; the first column is the
 * reference the others' places are compared with.
 */
export function columnLoss(
  shared: SharedDraft,
  columns: readonly CompareColumn[],
  index: number,
): LossWarning[] {
  const column = columns[index]
  if (!column) return []
  const reference = index === 0 ? undefined : columns[0]?.format
  return translationLoss(columnDraft(shared, column).draft, column.format, reference)
}

/** Problems that stop Run all, each naming the column and the field; empty when every column can run. */
export function runIssues(shared: SharedDraft, columns: readonly CompareColumn[]): Issue[] {
  const issues: Issue[] = []
  if (columns.length < MIN_COLUMNS || columns.length > MAX_COLUMNS)
    issues.push({ field: 'columns', message: `columns: compare ${MIN_COLUMNS} to ${MAX_COLUMNS} columns` })
  const hasPrompt =
    shared.composer.trim() !== '' || shared.attachments.length > 0 || shared.messages.length > 0
  if (!hasPrompt)
    issues.push({
      field: 'messages',
      message: 'Prompt: write the prompt every column sends (or attach a file)',
    })
  columns.forEach((column, i) => {
    const label = columnLabel(column, i)
    const extras = EXTRAS_SCHEMA[column.format].safeParse(column.extras)
    if (!extras.success)
      for (const e of extras.error.issues)
        issues.push({ field: 'extras', message: `${label}: extras.${e.path.join('.')}: ${e.message}` })
    const { draft, issues: form } = columnDraft(shared, column)
    // The variables are the shared prompt's: named once, not per column.
    for (const f of form)
      issues.push(f.field === 'variables' ? f : { ...f, message: `${label}: ${f.message}` })
    for (const v of validateDraft(column.format, draft))
      if (v.severity === 'error' && !(v.field === 'messages' && !hasPrompt) && v.field !== 'model')
        issues.push({ field: v.field, message: `${label}: ${v.field}: ${v.message}` })
  })
  return dedupe(issues)
}

function dedupe(issues: Issue[]): Issue[] {
  const seen = new Set<string>()
  return issues.filter((i) => (seen.has(i.message) ? false : (seen.add(i.message), true)))
}
