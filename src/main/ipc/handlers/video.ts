// Handlers of the video domain: thin calls into the job service. The calling window's sink is registered by
// video.watchJobs, so jobs that resume after a restart reach every window that shows the list.
import type { videoCommands } from '../../../shared/ipc/video'
import type { Events } from '../../../shared/ipc/contract'
import type { Handlers } from '../router'
import type { HandlerDeps } from './deps'

export function videoHandlers({ video }: HandlerDeps): Handlers<typeof videoCommands, Events> {
  return {
    'video.submitJob': async (request) => ({ job: await video.submit(request) }),
    'video.previewRequest': (request) => video.preview(request),
    'video.listJobs': ({ offset, limit }) => video.list(offset, limit),
    'video.watchJobs': ({ panelVisible, limit }, ctx) =>
      video.watch(ctx.senderId, ctx.events, panelVisible, limit),
    'video.setPanelVisible': ({ visible }, ctx) => ({ ok: video.setPanelVisible(ctx.senderId, visible) }),
    'video.cancelJob': ({ jobId }) => ({ job: video.cancel(jobId) }),
    'video.retryJob': ({ jobId }) => video.retry(jobId),
    'video.deleteJob': async ({ jobId }) => ({ deleted: await video.remove(jobId) }),
    'video.getJobDetails': ({ jobId }) => video.details(jobId),
    'video.getExchange': ({ jobId, which }) => ({ exchange: video.exchange(jobId, which) }),
    'video.saveResult': ({ jobId }) => video.saveResult(jobId),
  }
}
