// The spec's rules on an edited request JSON (the Text and Compare raw body): the text must be a JSON object, then
// it is read back into a draft by its format's own reader and judged by the same validateDraft the form runs, so
// temperature 5, messages max_tokens 0 or a thinking budget of 500 are named before they go out. Issues name the
// field as `Request JSON.<draft field>` and say "Request JSON: …"; only a text that is not a JSON object cannot be
// sent anyway. The reader and the rules are passed in, so the renderer can fetch them on demand.
import { jsonSyntaxError } from '../jsonSyntax'
import type { FormatAdapter, ParseRequestContext } from './adapter'
import type { Draft } from './draft'
import type { WireFormat } from './format'
import type { DraftIssue, validateDraft } from './validate'

/** The field of every issue about the edited JSON as a whole (its syntax). */
export const RAW_BODY_FIELD = 'Request JSON'

export interface RawBodyCheck {
  issues: DraftIssue[]
  /** The draft the body reads back as; null when it is not a JSON object. */
  draft: Draft | null
}

/** The rule of an issue that Send anyway cannot override: the text is not a JSON object. */
export const RAW_JSON_RULE = 'json'

export function checkRawBody(
  format: WireFormat,
  text: string,
  context: ParseRequestContext,
  rules: { reader: Pick<FormatAdapter, 'parseRequest'>; validate: typeof validateDraft },
): RawBodyCheck {
  const syntax = jsonSyntaxError(text)
  const value: unknown = syntax ? undefined : JSON.parse(text)
  const problem = syntax
    ? syntax.message
    : typeof value !== 'object' || value === null || Array.isArray(value)
      ? 'the request body must be a JSON object'
      : null
  if (problem) {
    const message = `${RAW_BODY_FIELD}: ${problem}`
    return {
      issues: [{ field: RAW_BODY_FIELD, rule: RAW_JSON_RULE, message, severity: 'error' }],
      draft: null,
    }
  }
  const { draft } = rules.reader.parseRequest(value, context)
  const issues = rules.validate(format, draft).map((i) => ({
    ...i,
    field: `${RAW_BODY_FIELD}.${i.field}`,
    message: `${RAW_BODY_FIELD}: ${i.message}`,
  }))
  return { issues, draft }
}

/** Whether the issues refuse a send even with Send anyway (the text is not a JSON object). */
export const rawBodyUnsendable = (issues: readonly DraftIssue[]): boolean =>
  issues.some((i) => i.field === RAW_BODY_FIELD && i.rule === RAW_JSON_RULE)
