// Checks a finished run against a case's assertions. JSON Schema validation uses Ajv (schemas compiled once per
// schema text and cached); a schema that does not compile fails its assertion with Ajv's reason rather than
// throwing. Each result says in words what was expected and what came back.
import Ajv, { type ValidateFunction } from 'ajv'
import type { Assertion, AssertionResult } from '../../../shared/cases/caseModel'

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

const ajv = new Ajv({ allErrors: true, strict: false })
const compiled = new Map<string, ValidateFunction | string>()

function validator(schema: Record<string, unknown>): ValidateFunction | string {
  const key = JSON.stringify(schema)
  let found = compiled.get(key)
  if (found === undefined) {
    try {
      found = ajv.compile(schema)
    } catch (error) {
      found = `the schema does not compile: ${(error as Error).message}`
    }
    if (compiled.size > 500) compiled.clear()
    compiled.set(key, found)
  }
  return found
}

function schemaCheck(
  schema: Record<string, unknown> | undefined,
  value: unknown,
  what: string,
): string | null {
  if (!schema) return null
  const validate = validator(schema)
  if (typeof validate === 'string') return validate
  if (validate(value)) return null
  const first = (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`)
  return `${what} does not fit the schema: ${first.join('; ')}`
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  // Models often fence JSON in a code block; the fence is not part of the value.
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text)
  try {
    return { ok: true, value: JSON.parse(fenced ? fenced[1]! : text) }
  } catch (error) {
    return { ok: false, reason: (error as Error).message }
  }
}

const short = (text: string, n = 80) => (text.length > n ? `${text.slice(0, n)}…` : text)

export function checkAssertion(assertion: Assertion, run: RunOutcome): AssertionResult {
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
      let pattern: RegExp
      try {
        pattern = new RegExp(assertion.pattern, assertion.flags)
      } catch (error) {
        return result(
          false,
          `matches: the pattern is not a valid regular expression: ${(error as Error).message}`,
        )
      }
      return pattern.test(run.text)
        ? result(true, `the answer matches /${short(assertion.pattern)}/`)
        : result(false, `the answer does not match /${short(assertion.pattern)}/`)
    }
    case 'json': {
      const parsed = parseJson(run.text)
      if (!parsed.ok) return result(false, `the answer is not JSON: ${parsed.reason}`)
      const problem = schemaCheck(assertion.schema, parsed.value, 'the answer')
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
        const problem = schemaCheck(assertion.arguments, args.value, `the arguments of ${assertion.name}`)
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

/** Every assertion of a case against one run; a run that did not finish fails before any assertion. */
export function checkRun(
  assertions: readonly Assertion[],
  run: RunOutcome,
): { pass: boolean; results: AssertionResult[] } {
  const results = assertions.map((a) => checkAssertion(a, run))
  return { pass: run.status === 'done' && results.every((r) => r.pass), results }
}

/** A rule a suite breaks that its schema cannot see: a pattern that is not a regex, a schema Ajv refuses. */
export interface SuiteProblem {
  /** Where, as a dotted path from the suite file (`suite.cases.0.assertions.1.pattern`). */
  path: string
  message: string
}

/** Compiles every pattern and JSON Schema of a suite's cases, so a bad one is named before anything runs. */
export function suiteProblems(
  cases: readonly { assertions: readonly Assertion[] }[],
  prefix = 'suite.cases',
): SuiteProblem[] {
  const problems: SuiteProblem[] = []
  cases.forEach((c, i) =>
    c.assertions.forEach((a, j) => {
      const at = `${prefix}.${i}.assertions.${j}`
      if (a.kind === 'matches') {
        try {
          new RegExp(a.pattern, a.flags)
        } catch (error) {
          problems.push({
            path: `${at}.pattern`,
            message: `not a valid regular expression: ${(error as Error).message}`,
          })
        }
      }
      const schema = a.kind === 'json' ? a.schema : a.kind === 'toolCall' ? a.arguments : undefined
      if (schema) {
        const validate = validator(schema)
        if (typeof validate === 'string')
          problems.push({ path: `${at}.${a.kind === 'json' ? 'schema' : 'arguments'}`, message: validate })
      }
    }),
  )
  return problems
}
