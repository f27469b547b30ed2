// The video domain: thin calls into the job service for what only video jobs do (submit, preview, details,
// edited JSON, save, panel visibility); listing, cancel, retry and lookups are the jobs domain's. The service
// joins the jobs board, and unfinished video jobs resume at start whether or not a window watches (R7).
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
      board: ctx.jobs,
      recorder: ctx.history.recorder,
      costs: ctx.costs,
      notifier: ctx.notifier,
      saveDialog: ctx.saveDialog,
      log: ctx.log,
      userAgent: ctx.userAgent,
    }),
  handlers: (video) => ({
    'video.submitJob': async (request) => ({ job: await video.submit(request) }),
    'video.previewRequest': (request) => video.preview(request),
    'video.setPanelVisible': ({ visible }, ctx) => ({ ok: video.setPanelVisible(ctx.senderId, visible) }),
    'video.checkRawRequest': ({ kind, body }) => ({ issues: checkRawVideoBody(kind, body) }),
    'video.submitRawRequest': async (request) => ({ job: await video.submitRaw(request) }),
    'video.saveResult': ({ jobId }) => video.saveResult(jobId),
  }),
  // Unfinished video jobs resume now, whether or not a window ever asks for them (R7).
  start: (video) => video.start(),
  close: (video) => video.close(),
})
