// The jobs domain: thin calls into the jobs board, which routes each to the job service that holds the job (or,
// for a lookup, to the panel the registry names). `jobs.watchJobs` registers the calling window's sink, so jobs
// that resume after a restart reach every window that shows a list; the services start in their own domains.
import { jobsCommands } from '../../../shared/ipc/jobs'
import { defineDomain } from '../domain'

export const jobsDomain = defineDomain({
  name: 'jobs',
  commands: jobsCommands,
  services: (ctx) => ctx.jobs,
  handlers: (jobs) => ({
    'jobs.listJobs': ({ panel, offset, limit }) => jobs.list(panel, offset, limit),
    'jobs.watchJobs': ({ pages }, ctx) => jobs.watch(ctx.senderId, ctx.events, pages),
    'jobs.getJob': ({ jobId }) => ({ job: jobs.get(jobId) }),
    'jobs.cancelJob': ({ jobId }) => ({ job: jobs.cancel(jobId) }),
    'jobs.retryJob': ({ jobId }) => jobs.retry(jobId),
    'jobs.deleteJob': async ({ jobId }) => ({ deleted: await jobs.remove(jobId) }),
    'jobs.getJobDetails': ({ jobId }) => jobs.details(jobId),
    'jobs.listExchanges': ({ jobId }) => jobs.exchanges(jobId),
    'jobs.getExchange': async ({ jobId, which, index }) => ({
      exchange:
        index === undefined ? jobs.exchange(jobId, which) : await jobs.exchangeAt(jobId, which, index),
    }),
    'jobs.lookupTask': (request) => jobs.lookup(request),
    'jobs.adoptTask': async (request) => ({ job: await jobs.adopt(request) }),
    'jobs.keepWaiting': ({ jobId }) => ({ job: jobs.keepWaiting(jobId) }),
    'jobs.getWaitLimit': ({ panel }) => jobs.getWaitLimit(panel),
    'jobs.setWaitLimit': ({ panel, minutes }) => jobs.setWaitLimit(panel, minutes),
  }),
})
