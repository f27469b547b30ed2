// JSON Schema checks for case assertions. Main compiles a schema once (to name a bad one before anything runs),
// with Ajv's regExp option pointed at the shared pattern planner so every `pattern` and `patternProperties` key is
// planned (RE2, or JavaScript's engine for what RE2 cannot run) and a pattern neither runs is named. Validation
// itself runs in the pattern worker under a time limit: a schema's patterns, `uniqueItems` over a long array or a
// deep value never hold main's event loop.
import Ajv from 'ajv'
import { planPattern } from '../../../shared/cases/safePattern'
import { patternWorker, runnable, type RunnablePlan } from './patternWorker'

interface Compiled {
  /** Why the schema cannot be used, in words; null when it compiles. */
  problem: string | null
  /** Every pattern the schema holds, planned for the worker (key `flags/pattern`, as Ajv asks for it). */
  patterns: Record<string, RunnablePlan>
}

const compiled = new Map<string, Compiled>()
const short = (text: string, n = 60) => (text.length > n ? `${text.slice(0, n)}…` : text)

// The patterns of the schema being compiled: Ajv asks for each one through `regExp`.
let collecting: Record<string, RunnablePlan> = {}
const regExp = (pattern: string, flags: string) => {
  const plan = planPattern(pattern, flags)
  if (!plan.ok) throw new Error(`pattern "${short(pattern)}": ${plan.message}`)
  const key = `${flags}/${pattern}`
  collecting[key] = runnable(plan, pattern, flags)!
  // Main never validates with a schema: this object only stands for the pattern in Ajv's compiled code, and its
  // key keeps two patterns apart in Ajv's scope.
  return {
    test: () => {
      throw new Error('schema patterns run in the pattern worker')
    },
    toString: () => key,
  }
}
regExp.code = 'safePattern'

// One Ajv, renewed now and then: a new one compiles the meta-schema again (about 100 ms of main's time).
let ajv: Ajv | null = null
let compiles = 0

function compile(schema: Record<string, unknown>): Compiled {
  if (!ajv || compiles >= 500) {
    ajv = new Ajv({ allErrors: true, strict: false, code: { regExp } })
    compiles = 0
  }
  compiles += 1
  const patterns: Record<string, RunnablePlan> = {}
  collecting = patterns
  try {
    ajv.compile(schema)
    return { problem: null, patterns }
  } catch (error) {
    return { problem: `the schema does not compile: ${(error as Error).message}`, patterns }
  } finally {
    collecting = {}
    // Ajv would keep every schema it compiled; this module's own cache is the bounded one.
    try {
      ajv.removeSchema(schema)
    } catch {
      // A schema that did not compile was not added.
    }
  }
}

function entry(schema: Record<string, unknown>): Compiled {
  const key = JSON.stringify(schema)
  let found = compiled.get(key)
  if (!found) {
    found = compile(schema)
    if (compiled.size > 500) compiled.clear()
    compiled.set(key, found)
  }
  return found
}

/** Why a schema cannot be used (it does not compile, or a pattern in it is refused), or null. */
export function schemaProblem(schema: Record<string, unknown>): string | null {
  return entry(schema).problem
}

/**
 * Checks `value` against `schema` in the pattern worker; resolves with why it does not fit (`what` names the
 * value, "the answer"), or null when it fits. A check over `limitMs` fails with "pattern took too long".
 */
export async function checkSchema(
  schema: Record<string, unknown>,
  value: unknown,
  what: string,
  limitMs: number,
  signal?: AbortSignal,
): Promise<string | null> {
  const { problem, patterns } = entry(schema)
  if (problem) return problem
  const result = await patternWorker.run({ op: 'schema', schema, patterns, value }, limitMs, signal)
  if (!result.ok) {
    if (result.reason === 'failed')
      return `${what} could not be checked against the schema: ${result.message}`
    const cause = Object.keys(patterns).length ? 'pattern took too long' : 'the schema check took too long'
    return `${cause}: checking ${what} against the schema ran over ${limitMs} ms and was stopped`
  }
  if (!('valid' in result) || result.valid) return null
  return `${what} does not fit the schema: ${result.errors.join('; ')}`
}
