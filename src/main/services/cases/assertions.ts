// Checks a finished run against a case's assertions. Every regular expression a suite brings runs through the
// shared pattern planner: RE2 inline when its cost (program steps × answer length) is small, else in the pattern
// worker under a time limit, as does every JSON Schema validation (see schemaCheck.ts), so no suite can hold main's
// event loop. Each result says in words what was expected and what came back; nothing here throws.
import type { Assertion, AssertionResult } from '../../../shared/cases/caseModel'
import {
  linearPattern,
  patternSteps,
  planPattern,
  PATTERN_TIME_LIMIT_MS,
  schemaPatterns,
  SUITE_MAX_PATTERN_STEPS,
} from '../../../shared/cases/safePattern'
import { parseAnswerJson as parseJson } from '../../../shared/cases/answerJson'
import { patternWorker, runnable } from './patternWorker'
import { checkSchema, schemaProblem } from './schemaCheck'

/** What a run produced, as the assertions see it. */
export interface RunOutcome {
  status: string
  text: string
  toolCalls: { name: string; arguments: string }[]
  stopReason: string | null
  finish: string | null
  ttftMs: number | null
  totalMs: number | null
  outputTokens: number | null
  error: string | null
}

/** RE2 runs inline up to this many program steps × characters (a few milliseconds); beyond, in the worker. */
export const INLINE_PATTERN_WORK = 4_000_000

/** A check's time limit: the base limit, plus a little per megabyte of answer for linear work on long answers. */
export function timeLimitFor(chars: number): number {
  return PATTERN_TIME_LIMIT_MS + Math.min(9000, Math.floor(chars / 1_000_000) * 200)
}

const short = (text: string, n = 80) => (text.length > n ? `${text.slice(0, n)}…` : text)

/** Whether the answer matches the assertion's pattern, or why that could not be told. */
async function matchPattern(
  pattern: string,
  flags: string,
  text: string,
  signal?: AbortSignal,
): Promise<{ ok: true; matched: boolean } | { ok: false; message: string }> {
  const plan = planPattern(pattern, flags)
  if (!plan.ok) return { ok: false, message: `matches ${plan.field}: ${plan.message}` }
  if (plan.engine === 're2' && plan.steps * Math.max(text.length, 1) <= INLINE_PATTERN_WORK)
    return { ok: true, matched: linearPattern(pattern, flags)!.test(text) }
  const limit = timeLimitFor(text.length)
  const out = await patternWorker.run(
    { op: 'match', plan: runnable(plan, pattern, flags)!, text },
    limit,
    signal,
  )
  if (out.ok) return { ok: true, matched: 'matched' in out && out.matched }
  return {
    ok: false,
    message:
      out.reason === 'timeout'
        ? `pattern took too long: /${short(pattern)}/${flags} ran over ${limit} ms on an answer of ${text.length.toLocaleString('en')} characters and was stopped`
        : `matches: the pattern could not be checked: ${out.message}`,
  }
}

/** One assertion against one run; `signal` stops a check waiting for (or running in) the pattern worker. */
export async function checkAssertion(
  assertion: Assertion,
  run: RunOutcome,
  signal?: AbortSignal,
): Promise<AssertionResult> {
  const result = (pass: boolean, message: string): AssertionResult => ({ assertion, pass, message })
  switch (assertion.kind) {
    case 'contains': {
      const hay = assertion.ignoreCase ? run.text.toLowerCase() : run.text
      const needle = assertion.ignoreCase ? assertion.text.toLowerCase() : assertion.text
      return hay.includes(needle)
        ? result(true, `the answer contains "${short(assertion.text)}"`)
        : result(false, `the answer does not contain "${short(assertion.text)}"`)
    }
    case 'matches': {
      const flags = assertion.flags ?? ''
      const out = await matchPattern(assertion.pattern, flags, run.text, signal)
      if (!out.ok) return result(false, out.message)
      return out.matched
        ? result(true, `the answer matches /${short(assertion.pattern)}/${flags}`)
        : result(false, `the answer does not match /${short(assertion.pattern)}/${flags}`)
    }
    case 'json': {
      const parsed = parseJson(run.text)
      if (!parsed.ok) return result(false, `the answer is not JSON: ${parsed.reason}`)
      const problem = assertion.schema
        ? await checkSchema(
            assertion.schema,
            parsed.value,
            'the answer',
            timeLimitFor(run.text.length),
            signal,
          )
        : null
      return problem
        ? result(false, problem)
        : result(true, assertion.schema ? 'the answer is JSON that fits the schema' : 'the answer is JSON')
    }
    case 'toolCall': {
      const calls = run.toolCalls.filter((c) => c.name === assertion.name)
      if (calls.length === 0) {
        const names = run.toolCalls.map((c) => c.name)
        return result(
          false,
          `no call to ${assertion.name}${names.length ? ` (called: ${names.join(', ')})` : ' (no tool was called)'}`,
        )
      }
      let last = ''
      for (const call of calls) {
        const args = parseJson(call.arguments || '{}')
        if (!args.ok) {
          last = `the arguments of ${assertion.name} are not JSON: ${args.reason}`
          continue
        }
        const problem = assertion.arguments
          ? await checkSchema(
              assertion.arguments,
              args.value,
              `the arguments of ${assertion.name}`,
              timeLimitFor(call.arguments.length),
              signal,
            )
          : null
        if (!problem) return result(true, `${assertion.name} was called with fitting arguments`)
        last = problem
      }
      return result(false, last)
    }
    case 'stopReason': {
      const want = assertion.value.toLowerCase()
      const got = [run.finish, run.stopReason].filter((v): v is string => !!v)
      return got.some((v) => v.toLowerCase() === want)
        ? result(true, `the stop reason is ${assertion.value}`)
        : result(false, `the stop reason is ${got.join(' / ') || 'missing'}, not ${assertion.value}`)
    }
    case 'ttftUnder':
      return run.ttftMs !== null && run.ttftMs < assertion.ms
        ? result(true, `TTFT ${run.ttftMs} ms is under ${assertion.ms} ms`)
        : result(false, `TTFT ${run.ttftMs ?? 'unknown'} ms is not under ${assertion.ms} ms`)
    case 'totalUnder':
      return run.totalMs !== null && run.totalMs < assertion.ms
        ? result(true, `total ${run.totalMs} ms is under ${assertion.ms} ms`)
        : result(false, `total ${run.totalMs ?? 'unknown'} ms is not under ${assertion.ms} ms`)
    case 'outputTokensUnder':
      return run.outputTokens !== null && run.outputTokens < assertion.tokens
        ? result(true, `${run.outputTokens} output tokens is under ${assertion.tokens}`)
        : result(false, `${run.outputTokens ?? 'unknown'} output tokens is not under ${assertion.tokens}`)
  }
}

/** Every assertion of a case against one run, one at a time; a run that did not finish fails the case. */
export async function checkRun(
  assertions: readonly Assertion[],
  run: RunOutcome,
  /** Aborted when the matrix stops: the checks still to come are skipped and one in the worker is ended. */
  signal?: AbortSignal,
): Promise<{ pass: boolean; results: AssertionResult[]; cut: boolean }> {
  const results: AssertionResult[] = []
  for (const a of assertions) {
    if (signal?.aborted) break
    const result = await checkAssertion(a, run, signal)
    // A check ended by the stop has no verdict to show.
    if (!signal?.aborted) results.push(result)
  }
  if (signal?.aborted) return { pass: false, results, cut: true }
  return { pass: run.status === 'done' && results.every((r) => r.pass), results, cut: false }
}

/** A rule a suite breaks that its schema cannot see: a pattern that is not a regex, a schema Ajv refuses. */
export interface SuiteProblem {
  /** Where, as a dotted path from the suite file (`suite.cases.0.assertions.1.pattern`). */
  path: string
  message: string
}

/** Plans every pattern and compiles every JSON Schema of a suite's cases, so a bad one is named before anything runs. */
export function suiteProblems(
  cases: readonly { assertions: readonly Assertion[] }[],
  prefix = 'suite.cases',
): SuiteProblem[] {
  // Compiling is the costly part and runs on main: the patterns' estimated size in all is checked first, each
  // distinct pattern once (a shared suite could hold thousands of patterns just under RE2's per-pattern bound).
  const distinct = new Map<string, number>()
  for (const c of cases)
    for (const a of c.assertions) {
      if (a.kind === 'matches')
        distinct.set(`${a.flags ?? ''}/${a.pattern}`, patternSteps(a.pattern, a.flags ?? ''))
      const schema = a.kind === 'json' ? a.schema : a.kind === 'toolCall' ? a.arguments : undefined
      for (const pattern of schema ? schemaPatterns(schema) : [])
        distinct.set(`u/${pattern}`, patternSteps(pattern, 'u'))
    }
  const steps = [...distinct.values()].reduce((sum, n) => sum + n, 0)
  if (steps > SUITE_MAX_PATTERN_STEPS)
    return [
      {
        path: prefix,
        message: `the patterns expand to about ${steps.toLocaleString('en')} RE2 steps in all, more than the ${SUITE_MAX_PATTERN_STEPS.toLocaleString('en')} a suite may hold: split it, or shorten the counted repetitions ({n})`,
      },
    ]
  const problems: SuiteProblem[] = []
  cases.forEach((c, i) =>
    c.assertions.forEach((a, j) => {
      const at = `${prefix}.${i}.assertions.${j}`
      if (a.kind === 'matches') {
        // A pattern only JavaScript runs is accepted: it runs off main's thread under a time limit.
        const plan = planPattern(a.pattern, a.flags ?? '')
        if (!plan.ok) problems.push({ path: `${at}.${plan.field}`, message: plan.message })
      }
      const schema = a.kind === 'json' ? a.schema : a.kind === 'toolCall' ? a.arguments : undefined
      let problem: string | null = null
      try {
        problem = schema ? schemaProblem(schema) : null
      } catch (error) {
        // A schema nested deeper than the call stack (a shared file can be written so) is refused, not thrown.
        problem = `the schema cannot be read: ${(error as Error).message}`
      }
      if (problem)
        problems.push({ path: `${at}.${a.kind === 'json' ? 'schema' : 'arguments'}`, message: problem })
    }),
  )
  return problems
}
