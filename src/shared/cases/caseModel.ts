// Saved cases as data: a case is a draft plus the assertions its answer must meet; a suite is a named list of
// cases; a target is where a suite runs (format, model, profile). The suite file a user imports, exports and
// hands to `npm run cases` is `{ version: 1, suite }`. Every rule here names the field it is about.
import { z } from 'zod'
import { WIRE_FORMATS } from '../format'
import { draftSchema } from '../wire/draft'

const jsonObject = z.record(z.string(), z.unknown())

/**
 * A suite's or a case's name: shown, listed and written into files and the database, so no control characters
 * (a NUL would cut it short in the database and leave the suite out of reach).
 */
export const nameSchema = (what: 'suite' | 'case') =>
  z
    .string()
    .trim()
    .min(1, `name: give the ${what} a name`)
    .max(200, 'name: at most 200 characters')
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'name: no control characters (line breaks, tabs, NUL)')
const positive = (what: string) =>
  z.number().int(`${what}: must be a whole number`).min(1, `${what}: must be at least 1`)

export const assertionSchema = z.discriminatedUnion('kind', [
  /** The answer contains this text. */
  z.object({
    kind: z.literal('contains'),
    text: z.string().min(1, 'contains: write the text to look for'),
    ignoreCase: z.boolean().optional(),
  }),
  /** The answer matches this regular expression (JavaScript syntax). */
  z.object({
    kind: z.literal('matches'),
    pattern: z.string().min(1, 'matches: write a pattern'),
    flags: z
      .string()
      .regex(/^[imsu]*$/, 'matches flags: only i, m, s, u')
      .optional(),
  }),
  /** The answer parses as JSON and, when a schema is given, validates against it (JSON Schema). */
  z.object({ kind: z.literal('json'), schema: jsonObject.optional() }),
  /** A tool named `name` is called, with arguments that validate against `arguments` (JSON Schema) when given. */
  z.object({
    kind: z.literal('toolCall'),
    name: z.string().min(1, 'tool name: write the tool name'),
    arguments: jsonObject.optional(),
  }),
  /** The stop reason is this one: the common finish (stop, length, tool_calls, …) or the format's raw value. */
  z.object({
    kind: z.literal('stopReason'),
    value: z.string().min(1, 'stop reason: write the expected value'),
  }),
  z.object({ kind: z.literal('ttftUnder'), ms: positive('TTFT under') }),
  z.object({ kind: z.literal('totalUnder'), ms: positive('total under') }),
  z.object({ kind: z.literal('outputTokensUnder'), tokens: positive('output tokens under') }),
])
export type Assertion = z.infer<typeof assertionSchema>
export type AssertionKind = Assertion['kind']

export const ASSERTION_LABELS: Record<AssertionKind, string> = {
  contains: 'Answer contains',
  matches: 'Answer matches',
  json: 'Answer is JSON (and fits a schema)',
  toolCall: 'Tool called',
  stopReason: 'Stop reason is',
  ttftUnder: 'TTFT under (ms)',
  totalUnder: 'Total time under (ms)',
  outputTokensUnder: 'Output tokens under',
}

/** Rounds a case's tool loop may take before its answer (each round: the model's calls, then their results). */
export const CASE_TOOL_ROUNDS_MAX = 8

/**
 * A case that needs a tool round: the model's calls are answered by the tool server of this name (as set up in
 * Settings → Tool servers; the user connects it, a case never does) or its canned results, round after round,
 * until the model answers in text. Its "Tool called" assertions are checked against every round's calls, the
 * others against the final answer.
 */
export const caseToolRoundSchema = z.object({
  server: z
    .string()
    .trim()
    .min(1, 'tool server: name the tool server that answers the calls')
    .max(200, 'tool server: at most 200 characters'),
  maxRounds: z
    .number()
    .int('tool rounds: must be a whole number')
    .min(1, 'tool rounds: at least 1')
    .max(CASE_TOOL_ROUNDS_MAX, `tool rounds: at most ${CASE_TOOL_ROUNDS_MAX}`)
    .optional(),
})
export type CaseToolRound = z.infer<typeof caseToolRoundSchema>

export const caseSchema = z.object({
  id: z.string().min(1).max(100),
  name: nameSchema('case'),
  draft: draftSchema,
  assertions: z.array(assertionSchema).min(1, 'assertions: pick at least one').max(50),
  toolRound: caseToolRoundSchema.optional(),
})
export type SavedCase = z.infer<typeof caseSchema>

export const suiteSchema = z.object({
  id: z.string().min(1).max(100),
  name: nameSchema('suite'),
  cases: z.array(caseSchema).max(500),
})
export type Suite = z.infer<typeof suiteSchema>

export const suiteFileSchema = z.object({ version: z.literal(1), suite: suiteSchema })

export const targetSchema = z.object({
  format: z.enum(WIRE_FORMATS),
  model: z.string().min(1, 'model: write a model id').max(200),
  /** The profile by id (in the app) — the CLI passes its base URL and key instead. */
  profileId: z.string().min(1, 'profile: choose a profile').max(100),
})
export type Target = z.infer<typeof targetSchema>

/** How one run fared against one assertion. */
export interface AssertionResult {
  assertion: Assertion
  pass: boolean
  /** Why it failed (or what was checked), in words. */
  message: string
}

export type CellStatus = 'pass' | 'fail' | 'error' | 'stopped'

/** `messages:claude-x` → { format, model }; null when the format is not one of the four. */
export function parseTargetSpec(spec: string): { format: Target['format']; model: string } | null {
  const at = spec.indexOf(':')
  if (at <= 0) return null
  const format = spec.slice(0, at)
  const model = spec.slice(at + 1)
  if (!model || !(WIRE_FORMATS as readonly string[]).includes(format)) return null
  return { format: format as Target['format'], model }
}
