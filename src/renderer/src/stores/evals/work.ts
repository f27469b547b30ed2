// What an eval of this form would bill, as work per profile for main's estimate: each variant's answers (one
// per dataset row) at the prompt's input tokens (its text before the rows fill it, at about four characters a
// token) and the variant's max tokens (an upper bound). What cannot be counted before the run is named instead:
// the values the rows fill in, answers with no max tokens, and the judge and embedding calls.
import type { PlannedWork, ProfileWork } from '../../../../shared/cost/estimate'
import type { DatasetInfo } from '../../../../shared/ipc/evals'
import { evalFormErrors, type EvalForm } from './form'

/** The work of a valid form over `dataset`; null while the form has errors. */
export function evalWork(
  form: EvalForm,
  dataset: DatasetInfo | null,
  profileIds: readonly string[],
): PlannedWork | null {
  if (!dataset || Object.keys(evalFormErrors(form, dataset.columns, profileIds)).length) return null
  const inputTokens = Math.ceil((form.system.length + form.user.length) / 4)
  const leftOut = ['the values the rows fill into the prompt']
  if (form.variants.some((v) => !v.maxTokens.trim())) leftOut.push('answers of variants with no max tokens')
  if (form.graders.some((g) => g.kind === 'judge' || g.kind === 'similarity'))
    leftOut.push('the judge and embedding calls')
  const byProfile = new Map<string, ProfileWork>()
  for (const v of form.variants) {
    const work = byProfile.get(v.profileId) ?? { profileId: v.profileId, items: [] }
    work.items.push({
      format: v.format,
      model: v.model.trim(),
      runs: dataset.rowCount,
      inputTokens,
      outputTokens: v.maxTokens.trim() ? Number(v.maxTokens) : 0,
    })
    byProfile.set(v.profileId, work)
  }
  return { work: [...byProfile.values()], leftOut }
}
