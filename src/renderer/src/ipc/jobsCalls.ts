// The Jobs view's calls that span both job domains: looking up and adopting a task by its id, Keep waiting on a
// job past its polling limit, and the polling limit per kind. Each goes to the domain that owns the lookup kind
// (video: 12, 13, 15; images: 20); components reach main through here, never the client.
import type { TaskLookupKind } from '../../../shared/catalog/taskStatuses'
import type { TaskLookupRequest } from '../../../shared/ipc/taskLookup'
import { client } from './client'

export type JobDomain = 'video' | 'images'

export const domainOf = (kind: TaskLookupKind): JobDomain =>
  kind === 'console-image-query' ? 'images' : 'video'

export const jobsCalls = {
  lookupTask: (request: TaskLookupRequest) =>
    domainOf(request.kind) === 'images'
      ? client.call('images.lookupTask', request)
      : client.call('video.lookupTask', request),
  /** Answers the adopted job's id (its view arrives through the domain's job events). */
  adoptTask: async (request: TaskLookupRequest) => {
    if (domainOf(request.kind) === 'images') {
      const r = await client.call('images.adoptTask', request)
      return r.ok ? { ok: true as const, jobId: r.value.job.id } : r
    }
    const r = await client.call('video.adoptTask', request)
    return r.ok ? { ok: true as const, jobId: r.value.job.id } : r
  },
  keepWaiting: (domain: JobDomain, jobId: string) =>
    domain === 'images'
      ? client.call('images.keepWaiting', { jobId })
      : client.call('video.keepWaiting', { jobId }),
  getWaitLimit: (domain: JobDomain) =>
    domain === 'images' ? client.call('images.getWaitLimit', {}) : client.call('video.getWaitLimit', {}),
  setWaitLimit: (domain: JobDomain, minutes: number) =>
    domain === 'images'
      ? client.call('images.setWaitLimit', { minutes })
      : client.call('video.setWaitLimit', { minutes }),
}
