// Every regular expression that comes from outside (a suite, a case, a user, a gateway) is planned here before
// anything runs it. RE2 (re2js: time linear in the text) runs it whenever RE2 can say the same thing, with
// JavaScript's meaning kept for `\s`, `\S`, `.`, letter escapes and classes; a pattern only a backtracking engine
// runs (a backreference, a lookahead, …) is named so the caller runs it off main's thread under a time limit, never
// inline. Pure TypeScript (re2js is pure JavaScript): main, the renderer's forms and the simulator share one answer.
import { RE2JS } from 're2js'

/** The flags an assertion may carry (JavaScript's meaning); `g`, `y`, `d`, `v` change nothing a test needs. */
export const PATTERN_FLAGS = 'imsu'
/** A pattern longer than this is refused: no answer check needs it, and compiling it is work main does. */
export const PATTERN_MAX_CHARS = 10_000
/** How long a check off main's thread may take before it fails with "pattern took too long". */
export const PATTERN_TIME_LIMIT_MS = 1000
/** RE2 runs a pattern whose program, repetitions expanded, has at most this many steps (about 10 ms to compile). */
export const RE2_MAX_STEPS = 5000

export type PatternPlan =
  /** RE2 runs it: `source` and `re2Flags` compile with RE2JS; matching costs about `steps` × the text's length. */
  | { ok: true; engine: 're2'; source: string; re2Flags: number; steps: number }
  /** Only JavaScript's (backtracking) engine runs it, because of `construct`: off main's thread, time-limited. */
  | { ok: true; engine: 'js'; construct: string }
  /** Neither runs it; `field` says whether the pattern or its flags are at fault. */
  | { ok: false; field: 'pattern' | 'flags'; message: string }

// JavaScript's \s: WhiteSpace (tab, VT, FF, ZWNBSP, every Zs) and LineTerminator (LF, CR, LS, PS). RE2's \s is
// ASCII only, so an answer with a no-break space would otherwise match differently here and in the browser.
const JS_SPACE = '\\t\\n\\x0B\\f\\r\\p{Zs}\\x{2028}\\x{2029}\\x{FEFF}'
const JS_LINE_END = '\\n\\r\\x{2028}\\x{2029}'
// Escapes that mean something in JavaScript; any other letter escape is the letter itself (outside `u` mode),
// while RE2 gives some of them a meaning (\A, \z, \C, \Q, \a, \e …).
const MEANINGFUL_ESCAPES = new Set('bBdDwWsSfnrtvcxuk0')

type Rewrite = { ok: true; source: string; size: number } | { ok: false; construct: string }

/**
 * The pattern in RE2's syntax with JavaScript's meaning, or the construct RE2 has no linear-time form of. It also
 * estimates the size of RE2's program with counted repetitions expanded (`x{1000}` is a thousand steps): RE2's
 * time is linear in the text times that size, and compiling costs about a microsecond a step.
 */
function rewrite(pattern: string, unicode: boolean, dotAll: boolean): Rewrite {
  let out = ''
  let inClass = false
  // Running sizes of the open groups (the pattern itself at the bottom) and of the atom a quantifier applies to.
  const groups = [0]
  let last = 0
  const atom = (size: number) => {
    groups[groups.length - 1]! += size
    last = size
  }
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i]!
    if (!inClass && c !== '\\') {
      const counted = c === '{' ? /^\{(\d+)(?:,(\d*))?\}/.exec(pattern.slice(i, i + 24)) : null
      if (counted) {
        const least = Number(counted[1])
        const count = counted[2] === undefined ? least : counted[2] === '' ? least + 1 : Number(counted[2])
        groups[groups.length - 1]! += last * Math.max(count - 1, 0) + count
        last *= count
      } else if (c === '(') groups.push(0)
      else if (c === ')' && groups.length > 1) atom(groups.pop()! + 2)
      else if (c === '*' || c === '+' || c === '?' || c === '|') groups[groups.length - 1]! += 1
      else if (c !== '[') atom(1)
    }
    if (c === '\\') {
      if (!inClass) atom(1)
      const n = pattern[i + 1] ?? ''
      i += 1
      if (!inClass && n >= '1' && n <= '9') return { ok: false, construct: `a backreference (\\${n})` }
      if (!inClass && n === 'k' && pattern[i + 1] === '<')
        return { ok: false, construct: 'a named backreference (\\k<…>)' }
      if (n === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`
      else if (n === 'S') {
        if (inClass) return { ok: false, construct: '\\S inside a character class' }
        out += `[^${JS_SPACE}]`
      } else if (inClass && n === 'b') out += '\\x08'
      else if (/^[A-Za-z]$/.test(n) && !MEANINGFUL_ESCAPES.has(n) && !(unicode && (n === 'p' || n === 'P')))
        out += n
      else out += c + n
      continue
    }
    if (inClass) {
      if (c === ']') {
        inClass = false
        atom(1)
      }
      // RE2 reads `[:alpha:]` inside a class as a POSIX class; in JavaScript `[` there is a plain character.
      out += c === '[' ? '\\[' : c
      continue
    }
    if (c === '[') {
      // `[]` matches nothing and `[^]` anything in JavaScript; re2js's translation knows both.
      if (pattern.startsWith('[]', i)) {
        out += '[]'
        i += 1
        atom(1)
      } else if (pattern.startsWith('[^]', i)) {
        out += '[^]'
        i += 2
        atom(1)
      } else {
        inClass = true
        out += c
        if (pattern[i + 1] === '^') {
          out += '^'
          i += 1
        }
      }
      continue
    }
    if (c === '(' && pattern.startsWith('(?=', i)) return { ok: false, construct: 'a lookahead (?=…)' }
    if (c === '(' && pattern.startsWith('(?!', i))
      return { ok: false, construct: 'a negative lookahead (?!…)' }
    // JavaScript's dot stops at any line terminator; RE2's only at \n.
    out += c === '.' && !dotAll ? `[^${JS_LINE_END}]` : c
  }
  return { ok: true, source: out, size: groups.reduce((a, b) => a + b, 0) }
}

function flagsProblem(flags: string): string | null {
  for (const [i, f] of [...flags].entries()) {
    if (!PATTERN_FLAGS.includes(f)) return `"${f}" is not supported: use only i, m, s, u`
    if (flags.indexOf(f) !== i) return `"${f}" is given twice`
  }
  return null
}

const plans = new Map<string, { plan: PatternPlan; regex: RE2JS | null }>()

function planned(pattern: string, flags: string): { plan: PatternPlan; regex: RE2JS | null } {
  const key = `${flags}/${pattern}`
  let found = plans.get(key)
  if (!found) {
    found = make(pattern, flags)
    if (plans.size >= 500) plans.clear()
    plans.set(key, found)
  }
  return found
}

function make(pattern: string, flags: string): { plan: PatternPlan; regex: RE2JS | null } {
  const refuse = (field: 'pattern' | 'flags', message: string) => ({
    plan: { ok: false as const, field, message },
    regex: null,
  })
  const badFlags = flagsProblem(flags)
  if (badFlags) return refuse('flags', badFlags)
  if (pattern.length > PATTERN_MAX_CHARS)
    return refuse(
      'pattern',
      `at most ${PATTERN_MAX_CHARS.toLocaleString('en')} characters (got ${pattern.length.toLocaleString('en')})`,
    )
  try {
    // Parsing is linear in the pattern; nothing is matched here, so the backtracking engine cannot run away.
    new RegExp(pattern, flags)
  } catch (error) {
    return refuse('pattern', `not a valid regular expression (${(error as Error).message})`)
  }
  const rewritten = rewrite(pattern, flags.includes('u'), flags.includes('s'))
  if (!rewritten.ok) return { plan: { ok: true, engine: 'js', construct: rewritten.construct }, regex: null }
  if (rewritten.size > RE2_MAX_STEPS) {
    const construct = `repetitions that expand to about ${rewritten.size.toLocaleString('en')} steps (RE2 takes at most ${RE2_MAX_STEPS.toLocaleString('en')})`
    return { plan: { ok: true, engine: 'js', construct }, regex: null }
  }
  let re2Flags = RE2JS.LOOKBEHINDS
  if (flags.includes('i')) re2Flags |= RE2JS.CASE_INSENSITIVE
  if (flags.includes('m')) re2Flags |= RE2JS.MULTILINE
  if (flags.includes('s')) re2Flags |= RE2JS.DOTALL
  try {
    const source = RE2JS.translateRegExp(rewritten.source)
    const regex = RE2JS.compile(source, re2Flags)
    return { plan: { ok: true, engine: 're2', source, re2Flags, steps: regex.programSize() }, regex }
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '')
    return { plan: { ok: true, engine: 'js', construct: `what RE2 refuses: ${reason}` }, regex: null }
  }
}

/** How a pattern will run (or why it cannot); the same answer in every layer. */
export function planPattern(pattern: string, flags = ''): PatternPlan {
  return planned(pattern, flags).plan
}

/** A suite's patterns may expand to at most this many RE2 steps in all (about half a second of compiling). */
export const SUITE_MAX_PATTERN_STEPS = 250_000

/**
 * What compiling a pattern for RE2 would cost, in program steps, estimated without compiling it (linear in the
 * pattern): 0 for a pattern RE2 will not run. A suite sums these before it compiles anything.
 */
export function patternSteps(pattern: string, flags = ''): number {
  if (pattern.length > PATTERN_MAX_CHARS || flagsProblem(flags)) return 0
  const rewritten = rewrite(pattern, flags.includes('u'), flags.includes('s'))
  return rewritten.ok && rewritten.size <= RE2_MAX_STEPS ? rewritten.size : 0
}

// Keywords whose values are data, not schemas: a "pattern" inside them is not a pattern.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples'])

/**
 * Every pattern a JSON Schema holds, as Ajv will ask for it: `pattern` values and `patternProperties` keys. Walked
 * with a stack of its own, so a schema nested thousands deep cannot overflow the call stack.
 */
export function schemaPatterns(schema: unknown): string[] {
  const found: string[] = []
  const pending: unknown[] = [schema]
  while (pending.length) {
    const node = pending.pop()
    if (Array.isArray(node)) pending.push(...node)
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (DATA_KEYWORDS.has(key)) continue
        if (key === 'pattern' && typeof value === 'string') found.push(value)
        if (key === 'patternProperties' && value && typeof value === 'object')
          found.push(...Object.keys(value))
        pending.push(value)
      }
  }
  return found
}

/** The pattern compiled for RE2, or null when its plan is not RE2. Matching with it is linear in the text. */
export function linearPattern(pattern: string, flags = ''): RE2JS | null {
  return planned(pattern, flags).regex
}

/** What the form says under a pattern: which engine runs it, or nothing when the pattern is refused. */
export function describePlan(plan: PatternPlan): string {
  if (!plan.ok) return ''
  return plan.engine === 're2'
    ? 'Runs with RE2, in time linear in the answer.'
    : `Uses ${plan.construct}: JavaScript's engine runs it off the main thread, stopped after ${PATTERN_TIME_LIMIT_MS / 1000} s ("pattern took too long").`
}
