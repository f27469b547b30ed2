// The graders that read only the answer (and its cost): equals, contains any / all, starts with, JSON path
// equals, cost under. Pure and linear in the answer's length; each result says in words what was expected and
// what came back. The values are already filled from the row (see fillGrader); `not` is applied by the caller.
import { parseAnswerJson } from '../cases/answerJson'
import type { EvalGrader } from './graders'
import { jsonEqual, parseJsonPath, readJsonPath } from './jsonPath'
import { fillTemplate, type Variables } from './template'

export type TextGrader = Extract<
  EvalGrader,
  { kind: 'equals' | 'containsAny' | 'containsAll' | 'startsWith' | 'jsonPathEquals' | 'costUnder' }
>

export const TEXT_GRADER_KINDS: ReadonlySet<string> = new Set([
  'equals',
  'containsAny',
  'containsAll',
  'startsWith',
  'jsonPathEquals',
  'costUnder',
])

export const isTextGrader = (g: EvalGrader): g is TextGrader => TEXT_GRADER_KINDS.has(g.kind)

export interface Verdict {
  pass: boolean
  score: number
  message: string
}

const q = (s: string, n = 80) => `"${s.length > n ? `${s.slice(0, n - 1)}…` : s}"`

/** The answer's cost as the cost grader reads it: an amount in the currency's unit, or unknown. */
export interface AnswerCost {
  amount: number
  currency: string
}

export function gradeText(g: TextGrader, answer: string, cost: AnswerCost | null): Verdict {
  const verdict = (pass: boolean, message: string): Verdict => ({ pass, score: pass ? 1 : 0, message })
  const fold = (s: string) => ('ignoreCase' in g && g.ignoreCase ? s.toLowerCase() : s)
  switch (g.kind) {
    case 'equals': {
      const a = g.trim ? answer.trim() : answer
      const b = g.trim ? g.value.trim() : g.value
      return fold(a) === fold(b)
        ? verdict(true, `the answer equals ${q(g.value)}`)
        : verdict(false, `the answer ${q(answer)} is not ${q(g.value)}`)
    }
    case 'containsAny': {
      const hay = fold(answer)
      const hit = g.values.find((v) => hay.includes(fold(v)))
      return hit !== undefined
        ? verdict(true, `the answer contains ${q(hit)}`)
        : verdict(false, `the answer contains none of ${g.values.map((v) => q(v, 30)).join(', ')}`)
    }
    case 'containsAll': {
      const hay = fold(answer)
      const missing = g.values.filter((v) => !hay.includes(fold(v)))
      return missing.length === 0
        ? verdict(true, `the answer contains all ${g.values.length}`)
        : verdict(false, `the answer lacks ${missing.map((v) => q(v, 30)).join(', ')}`)
    }
    case 'startsWith':
      return fold(answer).startsWith(fold(g.value))
        ? verdict(true, `the answer starts with ${q(g.value)}`)
        : verdict(
            false,
            `the answer starts with ${q(answer.slice(0, g.value.length + 10))}, not ${q(g.value)}`,
          )
    case 'jsonPathEquals': {
      const path = parseJsonPath(g.path)
      if (!path.ok) return verdict(false, path.message)
      const parsed = parseAnswerJson(answer)
      if (!parsed.ok) return verdict(false, `the answer is not JSON: ${parsed.reason}`)
      const found = readJsonPath(parsed.value, path.steps)
      if (!found.found) return verdict(false, `the answer has nothing at ${found.at}`)
      // The expected value is JSON when it reads as JSON, else the text itself (`Paris` means "Paris").
      let want: unknown = g.value
      try {
        want = JSON.parse(g.value)
      } catch {
        // Plain text.
      }
      const got = JSON.stringify(found.value) ?? 'undefined'
      return jsonEqual(found.value, want)
        ? verdict(true, `${g.path} is ${q(got)}`)
        : verdict(false, `${g.path} is ${q(got)}, not ${q(g.value)}`)
    }
    case 'costUnder':
      if (!cost) return verdict(false, 'the cost is not known (no usage reported and no price for the model)')
      return cost.amount < g.amount
        ? verdict(true, `cost ${cost.amount} ${cost.currency} is under ${g.amount}`)
        : verdict(false, `cost ${cost.amount} ${cost.currency} is not under ${g.amount}`)
  }
}

/** A grader with its text values filled from the row's variables; names the variables the row lacks. */
export function fillGrader<G extends EvalGrader>(g: G, vars: Variables): { grader: G; missing: string[] } {
  const missing = new Set<string>()
  const fill = (s: string) => {
    const out = fillTemplate(s, vars)
    for (const m of out.missing) missing.add(m)
    return out.text
  }
  const filled = { ...g } as Record<string, unknown>
  // Patterns are not filled: a value spliced into a regex would change what it means.
  for (const key of ['text', 'value', 'expected'] as const)
    if (typeof filled[key] === 'string') filled[key] = fill(filled[key] as string)
  if (Array.isArray(filled.values)) filled.values = (filled.values as string[]).map(fill)
  // A judge's rubric takes the row's variables too; its prompt is filled when it is asked (it needs the answer).
  if (g.kind === 'judge') filled.rubric = fill(g.rubric)
  return { grader: filled as G, missing: [...missing] }
}
