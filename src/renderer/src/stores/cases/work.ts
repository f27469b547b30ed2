// What a run of the suite against the target rows would bill, as a plan main makes (it holds the cases' whole
// requests and the local tokenizer): named by the suite, its cases and the targets, so the estimate is read
// again whenever one of them changes. Null while a target row has an error or there is nothing to run.
import type { PlanSource } from '../../../../shared/cost/estimate'
import type { SuiteSummary } from '../../../../shared/ipc/cases'
import { casesCalls } from '../../ipc/casesCalls'
import { targetErrors, type TargetRow } from './casesStore'

export function matrixPlan(
  suite: SuiteSummary,
  rows: readonly TargetRow[],
  profileIds: readonly string[],
): PlanSource | null {
  if (!suite.cases.length || !rows.length) return null
  // The rows' own errors (the concurrency does not change what is billed).
  if (Object.keys(targetErrors(rows, '1', profileIds)).length) return null
  const targets = rows.map(({ format, model, profileId }) => ({ format, model: model.trim(), profileId }))
  return {
    key: JSON.stringify([suite.id, suite.cases.map((c) => c.id), targets]),
    load: () => casesCalls.plannedWork(suite.id, targets),
  }
}
