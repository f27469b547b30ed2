// Reads a JSON field of the parameters form (Tools, Structured output) and describes what is wrong in the
// user's words: the field, the line and column of a syntax error, or the shape rule it breaks. Empty is valid.
// Syntax errors come from the shared JSON syntax reader, so every JSON field of the app words them alike.
import { jsonSyntaxError } from '../../../../shared/jsonSyntax'

export interface JsonFieldProblem {
  readonly message: string
  readonly line?: number
  readonly column?: number
}

/**
 * The problem with a JSON field's text, or null when it is empty or valid. `check` states the shape rule on
 * the parsed value (null when it holds).
 */
export function jsonFieldProblem(
  label: string,
  text: string,
  check: (value: unknown) => string | null,
): JsonFieldProblem | null {
  if (!text.trim()) return null
  const syntax = jsonSyntaxError(text)
  if (syntax) {
    const { line, column, problem } = syntax
    return { message: `${label}: not valid JSON at line ${line}, column ${column}: ${problem}`, line, column }
  }
  const value = JSON.parse(text) as unknown
  const problem = check(value)
  return problem ? { message: `${label}: ${problem}` } : null
}

/** Tools: an array of function definitions, each with a string name. */
export function toolsProblem(text: string): JsonFieldProblem | null {
  return jsonFieldProblem('Tools', text, (v) =>
    !Array.isArray(v)
      ? 'must be an array of function definitions'
      : v.some((t) => !t || typeof t !== 'object' || typeof (t as { name?: unknown }).name !== 'string')
        ? 'every tool needs a string name'
        : null,
  )
}

/** Structured output: a JSON schema object. */
export function responseFormatProblem(text: string): JsonFieldProblem | null {
  return jsonFieldProblem('Structured output', text, (v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? null : 'must be a JSON schema object',
  )
}
