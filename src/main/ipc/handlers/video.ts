// The video domain: thin calls into the job service. The calling window's sink is registered by
// video.watchJobs, so jobs that resume after a restart reach every window that shows the list.
import { videoCommands } from '../../../shared/ipc/video'
import { VideoJobService } from '../../services/video/videoJobs'
import { defineDomain } from '../domain'
import { checkRawVideoBody } from '../../../shared/video/rawCheck'

export const videoDomain = defineDomain({
  name: 'video',
  commands: videoCommands,
  services: (ctx) =>
    new VideoJobService({
      profiles: ctx.profiles,
      gateway: ctx.gateway,
      media: ctx.media,
      dataDir: ctx.dataDir,
      ledger: ctx.ledger,
      recorder: ctx.history.store ?? undefined,
      notifier: ctx.notifier,
      saveDialog: ctx.saveDialog,
      log: ctx.log,
      userAgent: ctx.userAgent,
    }),
  handlers: (video) => ({
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
    'video.checkRawRequest': ({ kind, body }) => ({ issues: checkRawVideoBody(kind, body) }),
    'video.submitRawRequest': async (request) => ({ job: await video.submitRaw(request) }),
    'video.lookupTask': (request) => video.lookup(request),
    'video.adoptTask': async (request) => ({ job: await video.adopt(request) }),
    'video.keepWaiting': ({ jobId }) => ({ job: video.keepWaiting(jobId) }),
    'video.getWaitLimit': () => video.getWaitLimit(),
    'video.setWaitLimit': ({ minutes }) => video.setWaitLimit(minutes),
    'video.getExchange': ({ jobId, which }) => ({ exchange: video.exchange(jobId, which) }),
    'video.saveResult': ({ jobId }) => video.saveResult(jobId),
  }),
  // Unfinished video jobs resume now, whether or not a window ever asks for them (R7).
  start: (video) => video.start(),
  close: (video) => video.close(),
})
