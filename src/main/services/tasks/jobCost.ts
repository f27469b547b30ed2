// What a job cost, settled once as it ends, whatever its kind: a task the gateway finished (also one whose result
// could not be fetched afterwards: the gateway made it) is priced by what it billed (seconds of video at its
// resolution, images made) at its profile's prices, and charged to the month's spend once, however often it ends
// again after a retry; any other failure billed nothing and says so ("failed before billing", never $0).
import { billedRun } from '../../../shared/cost/billed'
import type { CostService, JobBill } from '../cost/costService'
import type { TaskRecord } from './types'

/** What a finished job billed, and the model its price is looked up under. */
export interface JobCharge {
  model: string
  bill: JobBill
}

export function settleJobCost<R extends TaskRecord>(
  costs: CostService,
  job: R,
  billOf: (job: R) => JobCharge,
): void {
  if (job.cost?.kind === 'priced') return
  const finished = job.status === 'succeeded' || job.error?.stage === 'result'
  if (!finished) {
    job.cost = { kind: 'unbilled' }
    return
  }
  const { model, bill } = billOf(job)
  const cost = costs.jobCost(job.profileId, model, bill)
  job.cost = billedRun(cost)
  costs.charge(job.profileId, cost)
}
