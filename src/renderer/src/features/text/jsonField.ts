// Reads a JSON field of the parameters form (Tools, Structured output) and describes what is wrong in the
// user's words: the field, the line and column of a syntax error, or the shape rule it breaks. Empty is valid.

export interface JsonFieldProblem {
  readonly message: string
  readonly line?: number
  readonly column?: number
}

/** Line and column (1-based) of a character offset in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)))
  const lines = before.split('\n')
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 }
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
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const raw = (error as Error).message
    const position = /position (\d+)/.exec(raw)
    const offset = position ? Number(position[1]) : text.length
    const { line, column } = lineAndColumn(text, offset)
    const reason = raw
      .replace(/\s*\(line \d+ column \d+\)/, '')
      .replace(/\s*in JSON at position \d+/, '')
      .replace(/^Unexpected end of JSON input$/, 'the JSON ends too early')
    return { message: `${label}: not valid JSON at line ${line}, column ${column}: ${reason}`, line, column }
  }
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
