// How an assertion reads in the Cases panel: what it expects, in one line. A pattern only JavaScript's engine runs
// says so (the planner main uses decides), since such a cell can fail with "pattern took too long".
import type { Assertion } from '../../../../shared/cases/caseModel'
import { PATTERN_TIME_LIMIT_MS, planPattern } from '../../../../shared/cases/safePattern'

const short = (text: string, n = 60) => (text.length > n ? `${text.slice(0, n)}…` : text)

export function describeAssertion(a: Assertion): string {
  switch (a.kind) {
    case 'contains':
      return `answer contains “${short(a.text)}”${a.ignoreCase ? ' (any case)' : ''}`
    case 'matches': {
      const plan = planPattern(a.pattern, a.flags ?? '')
      const engine =
        plan.ok && plan.engine === 'js'
          ? ` (JavaScript's engine, stopped after ${PATTERN_TIME_LIMIT_MS / 1000} s: it uses ${plan.construct})`
          : ''
      return `answer matches /${short(a.pattern)}/${a.flags ?? ''}${engine}`
    }
    case 'json':
      return a.schema ? `answer is JSON fitting ${short(JSON.stringify(a.schema))}` : 'answer is JSON'
    case 'toolCall':
      return `${a.name} is called${a.arguments ? ` with arguments fitting ${short(JSON.stringify(a.arguments))}` : ''}`
    case 'stopReason':
      return `stop reason is ${a.value}`
    case 'ttftUnder':
      return `TTFT under ${a.ms} ms`
    case 'totalUnder':
      return `total time under ${a.ms} ms`
    case 'outputTokensUnder':
      return `output tokens under ${a.tokens}`
  }
}
