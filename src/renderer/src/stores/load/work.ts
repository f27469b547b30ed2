// What a load test of this form would bill, as work per profile for main's estimate: each text target's
// requests (warm-up included) at the synthetic prompt's input tokens and the form's max tokens (an upper bound).
// What cannot be counted before the run is named instead: timed levels, the prompts of a case or file, and
// embedding targets.
import type { PlannedWork, ProfileWork } from '../../../../shared/cost/estimate'
import { isTextFormat, plannedRequests } from '../../../../shared/load/plan'
import { loadFormErrors, planOf, type LoadForm } from './form'

/** The work of a valid form; null while the form has errors. */
export function loadWork(form: LoadForm): PlannedWork | null {
  if (Object.keys(loadFormErrors(form, form.targets.map((t) => t.profileId))).length) return null
  const plan = planOf(form)
  const total = plannedRequests(plan)
  if (total === null)
    return { work: [], leftOut: ["the requests of timed levels (their count depends on the gateway's speed)"] }
  const perTarget = total / plan.targets.length
  const leftOut: string[] = []
  if (plan.prompts.kind !== 'synthetic') leftOut.push("the prompts' input tokens (counted at the run)")
  if (plan.targets.some((t) => !isTextFormat(t.format))) leftOut.push('the embedding targets')
  const inputTokens = plan.prompts.kind === 'synthetic' ? plan.prompts.inputTokens : 0
  const byProfile = new Map<string, ProfileWork>()
  for (const t of plan.targets) {
    if (!isTextFormat(t.format)) continue
    const work = byProfile.get(t.profileId) ?? { profileId: t.profileId, items: [] }
    work.items.push({
      format: t.format,
      model: t.model,
      runs: perTarget,
      inputTokens,
      outputTokens: plan.maxTokens,
    })
    byProfile.set(t.profileId, work)
  }
  return { work: [...byProfile.values()], leftOut }
}
