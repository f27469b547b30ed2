// How an assertion reads in the Cases panel: what it expects, in one line.
import type { Assertion } from '../../../../shared/cases/caseModel'

const short = (text: string, n = 60) => (text.length > n ? `${text.slice(0, n)}…` : text)

export function describeAssertion(a: Assertion): string {
  switch (a.kind) {
    case 'contains':
      return `answer contains “${short(a.text)}”${a.ignoreCase ? ' (any case)' : ''}`
    case 'matches':
      return `answer matches /${short(a.pattern)}/${a.flags ?? ''}`
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
