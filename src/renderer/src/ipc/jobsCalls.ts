// The Jobs view's calls outside the jobs store's list: looking up and adopting a task by its id, Keep waiting on
// a job past its polling limit, the polling limit per panel, one job's details and its recorded exchanges. All go to the one
// jobs domain, which routes by job id or lookup kind; components reach main through here, never the client.
import type { JobPanel } from '../../../shared/catalog/jobKinds'
import type { TaskLookupRequest } from '../../../shared/ipc/taskLookup'
import { client } from './client'

export type { JobPanel } from '../../../shared/catalog/jobKinds'

export const jobsCalls = {
  lookupTask: (request: TaskLookupRequest) => client.call('jobs.lookupTask', request),
  /** Answers the adopted job's id (its view arrives through the job events). */
  adoptTask: async (request: TaskLookupRequest) => {
    const r = await client.call('jobs.adoptTask', request)
    return r.ok ? { ok: true as const, jobId: r.value.job.id } : r
  },
  keepWaiting: (jobId: string) => client.call('jobs.keepWaiting', { jobId }),
  getWaitLimit: (panel: JobPanel) => client.call('jobs.getWaitLimit', { panel }),
  setWaitLimit: (panel: JobPanel, minutes: number) => client.call('jobs.setWaitLimit', { panel, minutes }),
  /** The latest exchange of `which`, or the entry at `index` of `listExchanges`. */
  getExchange: (jobId: string, which: 'submit' | 'poll' | 'result', index?: number) =>
    client.call('jobs.getExchange', { jobId, which, ...(index === undefined ? {} : { index }) }),
  listExchanges: (jobId: string) => client.call('jobs.listExchanges', { jobId }),
  getJobDetails: (jobId: string) => client.call('jobs.getJobDetails', { jobId }),
}
