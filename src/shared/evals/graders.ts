// The graders of an eval: today's case checks (contains, matches, JSON, tool call, stop reason, time and token
// bounds) and those an eval adds: equals, contains any / all, starts with, JSON path equals, cost under, a judge
// model with a rubric, and similarity to an expected answer through the gateway's embeddings. Any grader may be
// negated (`not`). Text values may hold `{{variables}}` filled from the dataset row (`{{expected}}`). Graders are
// data: none runs code from the file it came in (suites are untrusted; patterns go through safePattern).
import { z } from 'zod'
import { WIRE_FORMATS } from '../format'
import { assertionSchema, type Assertion } from '../cases/caseModel'

const not = { not: z.boolean().optional() }
const ignoreCase = { ignoreCase: z.boolean().optional() }
const values = (what: string) =>
  z
    .array(z.string().max(100_000))
    .min(1, `${what}: give at least one value`)
    .max(1000, `${what}: at most 1,000 values`)
const threshold = (what: string) =>
  z
    .number(`${what}: must be a number`)
    .min(0, `${what}: must be from 0 to 1`)
    .max(1, `${what}: must be from 0 to 1`)

/** Where a judge (or an embedding) is asked: a profile by id in the app; the CLI fills its own. */
export const graderTargetSchema = z.object({
  profileId: z.string().max(100).optional(),
  format: z.enum(WIRE_FORMATS),
  model: z.string().min(1, 'judge model: write a model id').max(200),
})
export type GraderTarget = z.infer<typeof graderTargetSchema>

/** A judge's prompt: chat turns with `{{output}}`, `{{rubric}}` and the row's variables. */
export const judgePromptSchema = z
  .array(
    z.object({
      role: z.enum(['system', 'user', 'assistant']),
      content: z.string().max(200_000),
    }),
  )
  .min(1, 'rubric prompt: give at least one message')
  .max(50)
export type JudgePrompt = z.infer<typeof judgePromptSchema>

const evalOnly = [
  z.object({
    kind: z.literal('equals'),
    value: z.string().max(1_000_000),
    ...ignoreCase,
    /** Spaces at both ends are ignored (OpenAI's string checks and most users expect it of a short answer). */
    trim: z.boolean().optional(),
    ...not,
  }),
  z.object({ kind: z.literal('containsAny'), values: values('contains any'), ...ignoreCase, ...not }),
  z.object({ kind: z.literal('containsAll'), values: values('contains all'), ...ignoreCase, ...not }),
  z.object({
    kind: z.literal('startsWith'),
    value: z.string().min(1, 'starts with: write the text').max(100_000),
    ...ignoreCase,
    ...not,
  }),
  z.object({
    kind: z.literal('jsonPathEquals'),
    path: z.string().min(1, 'JSON path: write a path such as $.answer').max(1000),
    /** The expected value, as JSON text (`"Paris"`, `42`, `{"a":1}`) or a `{{variable}}`. */
    value: z.string().max(1_000_000),
    ...not,
  }),
  z.object({
    kind: z.literal('costUnder'),
    /** In the currency's unit (dollars for USD). */
    amount: z.number('cost under: must be a number').positive('cost under: must be more than 0'),
    ...not,
  }),
  z.object({
    kind: z.literal('judge'),
    rubric: z.string().max(200_000),
    judge: graderTargetSchema,
    /** The score (0 to 1, after `range`) at or above which the answer passes. */
    threshold: threshold('judge threshold'),
    /** The judge's own prompt; the built-in one asks for `{pass, score, reason}` as JSON. */
    prompt: judgePromptSchema.optional(),
    /** The scale the judge scores on (OpenAI's score_model: `[0, 10]` say); scores are mapped to 0–1. */
    range: z.tuple([z.number(), z.number()]).optional(),
    ...not,
  }),
  z.object({
    kind: z.literal('similarity'),
    /** The expected answer (usually `{{expected}}`). */
    expected: z.string().max(1_000_000),
    /** The embeddings model; the request goes to `/v1/embeddings` of the profile. */
    model: z.string().min(1, 'embedding model: write a model id').max(200),
    profileId: z.string().max(100).optional(),
    threshold: threshold('similarity threshold'),
    ...not,
  }),
] as const

const caseChecks = assertionSchema.options
export const evalGraderSchema = z.discriminatedUnion('kind', [
  caseChecks[0].extend(not),
  caseChecks[1].extend(not),
  caseChecks[2].extend(not),
  caseChecks[3].extend(not),
  caseChecks[4].extend(not),
  caseChecks[5].extend(not),
  caseChecks[6].extend(not),
  caseChecks[7].extend(not),
  ...evalOnly,
])
export type EvalGrader = z.infer<typeof evalGraderSchema>
export type EvalGraderKind = EvalGrader['kind']
export type JudgeGrader = Extract<EvalGrader, { kind: 'judge' }>
export type SimilarityGrader = Extract<EvalGrader, { kind: 'similarity' }>

/** A case check is a grader as it is. */
export const isCaseAssertion = (g: EvalGrader): g is Assertion & { not?: boolean } =>
  assertionSchema.options.some((o) => o.shape.kind.value === g.kind)

export const GRADER_LABELS: Record<EvalGraderKind, string> = {
  contains: 'Contains',
  matches: 'Matches (regex)',
  json: 'Is JSON (and fits a schema)',
  toolCall: 'Tool called',
  stopReason: 'Stop reason is',
  ttftUnder: 'TTFT under (ms)',
  totalUnder: 'Total time under (ms)',
  outputTokensUnder: 'Output tokens under',
  equals: 'Equals',
  containsAny: 'Contains any',
  containsAll: 'Contains all',
  startsWith: 'Starts with',
  jsonPathEquals: 'JSON path equals',
  costUnder: 'Cost under',
  judge: 'Judge (model with a rubric)',
  similarity: 'Similar to (embeddings)',
}

/** How one grader fared on one answer. */
export interface GradeResult {
  kind: EvalGraderKind
  pass: boolean
  /** 0 to 1 (1 or 0 for a yes/no check). */
  score: number
  /** What was checked and what came back, in words. */
  message: string
  /** The judge's own run (its exchange is in History under this id), when a judge graded. */
  runId?: string
  /** What grading itself cost (a judge's tokens, an embedding), in millionths of `currency`. */
  costMicros?: number
  currency?: string
}
