// The judge grader: a model asked to grade an answer against a rubric, through the text service, so the judge's
// own exchange is a recorded run (its id rides in the grade, one click away) and its cost is counted. The built-in
// prompt asks for `{pass, score, reason}` as JSON, and the request carries that shape as a response format; a
// custom prompt (promptfoo's rubricPrompt, OpenAI's score_model messages) gets `{{output}}`, `{{rubric}}` and the
// row's variables. The reply is read as data only; a judge that answers something else fails the grade, in words.
import { parseAnswerJson } from '../../../shared/cases/answerJson'
import type { GradeResult, JudgeGrader } from '../../../shared/evals/graders'
import { fillTemplate, type Variables } from '../../../shared/evals/template'
import type { Draft, DraftMessage } from '../../../shared/wire/draft'
import type { WireFormat } from '../../../shared/format'
import type { RunRequest } from '../../../shared/ipc/text'

const SYSTEM = `You grade an answer against a rubric. If the rubric's statement is true of the answer, it passes.
Reply with a JSON object only: {"reason": "<one or two sentences>", "score": <a number from 0.0 to 1.0>, "pass": <true or false>}.`

export const GRADE_FORMAT = {
  name: 'grade',
  schema: {
    type: 'object',
    properties: { reason: { type: 'string' }, score: { type: 'number' }, pass: { type: 'boolean' } },
    required: ['reason', 'score', 'pass'],
    additionalProperties: false,
  },
}

const text = (role: DraftMessage['role'], t: string): DraftMessage => ({
  role,
  parts: [{ type: 'text', text: t }],
})

/** The judge's request: its prompt filled with the answer, the rubric and the row's variables. */
export function judgeRequest(g: JudgeGrader, answer: string, vars: Variables, profileId: string): RunRequest {
  const all = { ...vars, output: answer, rubric: g.rubric }
  const fill = (t: string) => fillTemplate(t, all).text
  let system: string | undefined
  let messages: DraftMessage[]
  if (g.prompt) {
    system =
      g.prompt
        .filter((m) => m.role === 'system')
        .map((m) => fill(m.content))
        .join('\n\n') || undefined
    messages = g.prompt
      .filter((m) => m.role !== 'system')
      .map((m) => text(m.role === 'assistant' ? 'assistant' : 'user', fill(m.content)))
  } else {
    system = SYSTEM
    messages = [text('user', `<Output>\n${answer}\n</Output>\n<Rubric>\n${g.rubric}\n</Rubric>`)]
  }
  if (g.range) {
    const [lo, hi] = g.range
    system = `${system ? `${system}\n\n` : ''}Give "score" on the scale from ${lo} to ${hi}.`
  } else if (g.prompt)
    system = `${system ? `${system}\n\n` : ''}Reply with JSON: {"reason": string, "score": number from 0 to 1, "pass": boolean}.`
  const draft: Draft = {
    model: g.judge.model,
    stream: false,
    ...(system ? { system } : {}),
    messages: messages.length ? messages : [text('user', answer)],
    temperature: 0,
    responseFormat: GRADE_FORMAT,
  }
  return { profileId: g.judge.profileId ?? profileId, format: g.judge.format as WireFormat, draft }
}

/** A JSON object in the judge's reply: the whole reply, else its outermost braces (models wrap JSON in prose). */
function replyObject(reply: string): Record<string, unknown> | null {
  const whole = parseAnswerJson(reply)
  const value = whole.ok
    ? whole.value
    : (() => {
        const a = reply.indexOf('{')
        const b = reply.lastIndexOf('}')
        if (a < 0 || b <= a) return null
        const inner = parseAnswerJson(reply.slice(a, b + 1))
        return inner.ok ? inner.value : null
      })()
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

/** The judge's reply as a grade (before `not`). */
export function readVerdict(g: JudgeGrader, reply: string): Pick<GradeResult, 'pass' | 'score' | 'message'> {
  const o = replyObject(reply)
  if (!o)
    return { pass: false, score: 0, message: `the judge did not answer with JSON: "${reply.slice(0, 120)}"` }
  const reason = typeof o.reason === 'string' ? o.reason.slice(0, 2000) : ''
  const rawScore =
    typeof o.score === 'number' && Number.isFinite(o.score)
      ? o.score
      : typeof o.result === 'number'
        ? o.result
        : null
  const said = typeof o.pass === 'boolean' ? o.pass : null
  const [lo, hi] = g.range ?? [0, 1]
  let score: number
  if (rawScore === null) score = said === null ? 0 : said ? 1 : 0
  else score = hi > lo ? (rawScore - lo) / (hi - lo) : 0
  const outside = rawScore !== null && (rawScore < Math.min(lo, hi) || rawScore > Math.max(lo, hi))
  score = Math.min(1, Math.max(0, score))
  // On a scale, the threshold decides; otherwise the judge's own verdict, and the threshold too when one is set.
  const pass = g.range ? score >= g.threshold : (said ?? score >= 0.5) && score >= g.threshold
  const round = (n: number) => Math.round(n * 1000) / 1000
  const parts: string[] = []
  if (rawScore !== null) {
    parts.push(
      outside
        ? `score ${round(rawScore)} is outside ${lo} to ${hi}, read as ${round(score)}`
        : `score ${round(score)}`,
    )
    if (g.threshold) parts.push(`needs ${g.threshold}`)
    // Its own "pass" overrules a score over the threshold: say so, or FAIL beside 1.00 reads as a fault.
    if (!g.range && said === false && score >= g.threshold) parts.push('its "pass" is false, which decides')
  }
  const shown = parts.length ? ` (${parts.join(', ')})` : ''
  return {
    pass,
    score,
    message: `the judge says ${pass ? 'pass' : 'fail'}${shown}${reason ? `: ${reason}` : ''}`,
  }
}
