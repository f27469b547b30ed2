// JSON syntax errors in the user's words: the first error of a JSON text as what was found (or missing) and its
// line and column (both from 1), e.g. "unexpected `}` at line 12, column 3". Parsing is jsonc-parser's strict
// mode (no comments, no trailing commas), so a text it accepts is one JSON.parse accepts. Nesting is bounded
// first (jsonDepth.ts): jsonc-parser recurses once per level; deeper than MAX_JSON_DEPTH is an error in words.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser'
import { MAX_JSON_DEPTH, tooDeepAt } from './jsonDepth'

export interface JsonSyntaxError {
  line: number
  column: number
  /** What is wrong, without the position ("unexpected `}`"). */
  problem: string
  /** "unexpected `}` at line 12, column 3". */
  message: string
}

/** The first syntax error of `text`, or null when it is valid JSON. */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  const deep = tooDeepAt(text)
  if (deep >= 0) {
    const { line, column } = position(text, deep)
    const problem = `nested deeper than ${MAX_JSON_DEPTH} levels`
    return { line, column, problem, message: `${problem} at line ${line}, column ${column}` }
  }
  const errors: ParseError[] = []
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false })
  const first = errors[0]
  if (!first) return null
  const { line, column } = position(text, first.offset)
  const problem = describe(first, text)
  return { line, column, problem, message: `${problem} at line ${line}, column ${column}` }
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: offset - lineStart + 1 }
}

function describe(error: ParseError, text: string): string {
  const found = text.slice(error.offset, error.offset + Math.max(1, Math.min(error.length, 20)))
  const token = found ? `\`${found}\`` : 'the end of the text'
  switch (printParseErrorCode(error.error)) {
    case 'InvalidSymbol':
    case 'ValueExpected':
      if (!text.trim()) return 'the JSON is empty'
      return found ? `unexpected ${token}` : 'a value is missing at the end'
    case 'InvalidNumberFormat':
      return `${token} is not a valid number`
    case 'PropertyNameExpected':
      if (found === '}') return 'unexpected `}` (a comma before it?)'
      return found
        ? `expected a property name in double quotes, found ${token}`
        : 'a property name is missing'
    case 'ColonExpected':
      return `expected \`:\` after the property name, found ${token}`
    case 'CommaExpected':
      return found ? `expected \`,\` or a closing bracket, found ${token}` : 'a closing bracket is missing'
    case 'CloseBraceExpected':
      return found ? `expected \`}\`, found ${token}` : 'a closing `}` is missing at the end'
    case 'CloseBracketExpected':
      return found ? `expected \`]\`, found ${token}` : 'a closing `]` is missing at the end'
    case 'EndOfFileExpected':
      return `unexpected ${token} after the end of the JSON value`
    case 'UnexpectedEndOfString':
      return 'a string is not closed'
    case 'UnexpectedEndOfComment':
    case 'InvalidCommentToken':
      return 'comments are not allowed in JSON'
    case 'InvalidUnicode':
    case 'InvalidEscapeCharacter':
      return `invalid escape ${token} in a string`
    case 'InvalidCharacter':
      return `invalid character ${token} in a string (control characters must be escaped)`
    default:
      return `unexpected ${token}`
  }
}
