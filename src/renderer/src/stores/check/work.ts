// What a check of the form's profile and models would bill, as a plan main makes (the battery, the probes'
// drafts and the local tokenizer are there), paid probes included when ticked; named by the form's choice, so
// the estimate is read again whenever it changes. Null while the form has errors.
import type { PlanSource } from '../../../../shared/cost/estimate'
import { checkCalls } from '../../ipc/checkCalls'
import { checkFormErrors, modelList, paidGroups, type CheckForm } from './checkStore'

export function checkPlan(form: CheckForm, profileIds: readonly string[]): PlanSource | null {
  if (Object.keys(checkFormErrors(form, profileIds)).length) return null
  const input = { profileId: form.profileId, models: modelList(form.models), include: paidGroups(form) }
  return { key: JSON.stringify(input), load: () => checkCalls.plannedWork(input) }
}
