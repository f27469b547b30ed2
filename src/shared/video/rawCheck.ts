// The checks of an edited request JSON for endpoints 11 and 14: the JSON's syntax, then the same body rules the
// form's validator runs on the body it builds (rules/ for 11, the console check for 14), each issue under its
// JSON path. A model outside the app's catalog is a warning, not an error: the gateway decides.
import { checkConsoleVideo } from '../catalog/consoleTasks'
import { NOT_IN_CATALOG } from '../catalog/notInCatalog'
import { findVideoModel } from '../catalog/videoModels'
import type { RawIssue } from '../ipc/rawRequest'
import { jsonSyntaxError } from '../jsonSyntax'
import { analyzeVideoBody } from './rules'

export { NOT_IN_CATALOG }

/** The parsed body, or the syntax error as an issue. */
export function parseRawBody(text: string): { body: unknown } | { issue: RawIssue } {
  const syntax = jsonSyntaxError(text)
  if (syntax)
    return {
      issue: { path: 'body', rule: 'json', message: `Request JSON: ${syntax.message}`, severity: 'error' },
    }
  return { body: JSON.parse(text) as unknown }
}

/** Family D's flags live in its text item: the JSON path of that item. */
function familyDTextPath(body: unknown): string {
  const content = (body as { metadata?: { content?: unknown } }).metadata?.content
  const index = Array.isArray(content)
    ? content.findIndex((c) => (c as { type?: unknown } | null)?.type === 'text')
    : -1
  return `metadata.content[${Math.max(index, 0)}].text`
}

export function checkRawVideoBody(kind: 'model' | 'console', text: string): RawIssue[] {
  const parsed = parseRawBody(text)
  if ('issue' in parsed) return [parsed.issue]
  const body = parsed.body
  if (kind === 'console') {
    const checked = checkConsoleVideo(body)
    return checked.ok
      ? []
      : checked.issues.map((i) => ({ path: i.field, rule: i.rule, message: i.message, severity: 'error' }))
  }
  const model =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).model : undefined
  const outside = typeof model === 'string' ? notInCatalogIssue(model) : null
  if (outside)
    return [{ path: outside.field, rule: outside.rule, message: outside.message, severity: 'warning' }]
  const row = typeof model === 'string' ? findVideoModel(model) : undefined
  return analyzeVideoBody(body).issues.map((i): RawIssue => {
    const assumed = row ? assumedLimit(row.assumed, i.field, i.rule) : null
    return {
      path: i.field.startsWith('--') ? `${familyDTextPath(body)} ${i.field}` : i.field,
      rule: i.rule,
      message: assumed
        ? `${i.message}: the spec does not state this limit for ${row!.id}; the app assumed it`
        : i.message,
      severity: assumed ? 'warning' : 'error',
    }
  })
}

/**
 * The one rule for a video model id outside the app's catalog (the form, main's job service and the raw JSON
 * checks all ask here): a warning with the one wording, never a refusal; null for a catalog model or no id.
 */
export function notInCatalogIssue(
  model: string,
): { field: 'model'; rule: 'catalog'; message: string; severity: 'warning' } | null {
  if (model.trim() === '' || findVideoModel(model)) return null
  return {
    field: 'model',
    rule: 'catalog',
    message: `model ${model}: ${NOT_IN_CATALOG}`,
    severity: 'warning',
  }
}

/** Which of the catalog row's assumed values (where the spec is silent) an issue is about, if any. */
export function assumedLimit(assumed: readonly string[], field: string, rule: string): string | null {
  const key =
    field === '--dur' || field === 'duration'
      ? 'durations'
      : field === '--rs' || field === 'resolution'
        ? 'resolutions'
        : field === '--ratio' || field === 'aspect_ratio'
          ? 'aspect_ratio'
          : field === 'metadata.content' && rule === 'count'
            ? 'maxReferenceImages'
            : null
  return key && assumed.includes(key) ? key : null
}
