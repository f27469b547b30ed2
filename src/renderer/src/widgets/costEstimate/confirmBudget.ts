// Before batch work starts: its estimate per profile from main, and, when it would pass a profile's monthly
// budget, the app's confirmation dialog. Resolves true when the work may start.
import type { PlannedWork, PlanSource, WorkEstimate } from '../../../../shared/cost/estimate'
import { pricesCalls } from '../../ipc/pricesCalls'
import { askUser } from '../../stores/app'
import { budgetQuestion } from './estimateWords'

/** Each profile's estimate; a profile main cannot estimate (gone, no items) is left out. */
export async function estimateAll(planned: PlannedWork): Promise<WorkEstimate[]> {
  const answers = await Promise.all(
    planned.work
      .filter((w) => w.items.length > 0)
      .map((w) => pricesCalls.estimateWork(w.profileId, w.items.slice(0, 200))),
  )
  return answers.flatMap((r) => (r.ok ? [r.value] : []))
}

/**
 * Asks before `what` ("This load test") when it would pass a budget; true to go on. A plan main cannot make
 * (the suite is gone) asks nothing: the start itself then says what is wrong.
 */
export async function confirmBudget(
  planned: PlannedWork | PlanSource | null,
  what: string,
): Promise<boolean> {
  if (!planned) return true
  let work: PlannedWork
  try {
    work = 'load' in planned ? await planned.load() : planned
  } catch {
    return true
  }
  const question = budgetQuestion(await estimateAll(work), what)
  return question ? askUser(question) : true
}
