// What a suite run as a matrix would bill, as work for the cost estimate before it starts: each case's request as
// its target would send it (the case's draft with the target's model) counted by the local tokenizer, its
// answer at the case's max tokens (a case without one at a stated assumption), a case with a tool round counted
// as two requests. Summed per target, so a suite of many cases stays one item per column.
import type { PlannedWork, ProfileWork } from '../../../shared/cost/estimate'
import type { Suite } from '../../../shared/cases/caseModel'
import { FORMAT_LABELS } from '../../../shared/format'
import type { LocalTokenizer } from '../cost/tokenizer'
import { estimateTokens } from '../text/tokenCount'
import type { MatrixTarget } from './matrixRunner'

/** Output tokens assumed for the answer of a case that sets no max tokens. */
export const ASSUMED_OUTPUT_TOKENS = 1024

export function matrixWork(
  suite: Suite,
  targets: readonly MatrixTarget[],
  tokenizer: LocalTokenizer,
): PlannedWork {
  const byProfile = new Map<string, ProfileWork>()
  const unbounded = suite.cases.filter((c) => c.draft.maxTokens === undefined).length
  const tooled = suite.cases.filter((c) => c.toolRound).length
  targets.forEach((target, i) => {
    let input = 0
    let output = 0
    for (const saved of suite.cases) {
      const times = saved.toolRound ? 2 : 1
      input += estimateTokens({ ...saved.draft, model: target.model }, tokenizer) * times
      output += (saved.draft.maxTokens ?? ASSUMED_OUTPUT_TOKENS) * times
    }
    const work = byProfile.get(target.profileId) ?? { profileId: target.profileId, items: [] }
    const n = suite.cases.length
    work.items.push({
      label: `${i + 1}. ${FORMAT_LABELS[target.format]} · ${target.model} · ${n} case${n === 1 ? '' : 's'}`,
      format: target.format,
      model: target.model,
      runs: 1,
      inputTokens: input,
      outputTokens: output,
    })
    byProfile.set(target.profileId, work)
  })
  const assumed: string[] = []
  if (unbounded)
    assumed.push(
      `the answer of ${unbounded === 1 ? 'the case' : `${unbounded} cases`} with no max tokens at ${ASSUMED_OUTPUT_TOKENS.toLocaleString('en-US')} tokens`,
    )
  if (tooled)
    assumed.push(
      `${tooled === 1 ? 'the case' : `${tooled} cases`} with a tool round as two requests of the case's size`,
    )
  return {
    work: [...byProfile.values()],
    leftOut: tooled ? ['the tool results a tool round sends back'] : [],
    assumed,
  }
}
