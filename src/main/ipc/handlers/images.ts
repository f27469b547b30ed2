// The images domain: thin calls into the console image task service. Its jobs share the ledger with video jobs,
// and unfinished ones resume at start whether or not a window watches (R7).
import { imagesCommands } from '../../../shared/ipc/images'
import { ImageTaskService } from '../../services/images/imageTasks'
import { defineDomain } from '../domain'
import { checkRawImageBody } from '../../../shared/images/rawCheck'

export const imagesDomain = defineDomain({
  name: 'images',
  commands: imagesCommands,
  services: (ctx) =>
    new ImageTaskService({
      profiles: ctx.profiles,
      gateway: ctx.gateway,
      media: ctx.media,
      dataDir: ctx.dataDir,
      ledger: ctx.ledger,
      recorder: ctx.history.store ?? undefined,
      log: ctx.log,
      userAgent: ctx.userAgent,
    }),
  handlers: (images) => ({
    'images.submitJob': async (request) => ({ job: await images.submit(request) }),
    'images.checkRequest': async (request) => ({ issues: await images.check(request) }),
    'images.watchJobs': ({ limit }, ctx) => images.watch(ctx.senderId, ctx.events, true, limit),
    'images.cancelJob': ({ jobId }) => ({ job: images.cancel(jobId) }),
    'images.retryJob': ({ jobId }) => images.retry(jobId),
    'images.deleteJob': async ({ jobId }) => ({ deleted: await images.remove(jobId) }),
    'images.checkRawRequest': ({ endpoint, body }) => ({ issues: checkRawImageBody(endpoint, body) }),
    'images.submitRawRequest': async (request) => ({ job: await images.submitRaw(request) }),
    'images.lookupTask': (request) => images.lookup(request),
    'images.adoptTask': async (request) => ({ job: await images.adopt(request) }),
    'images.keepWaiting': ({ jobId }) => ({ job: images.keepWaiting(jobId) }),
    'images.getWaitLimit': () => images.getWaitLimit(),
    'images.setWaitLimit': ({ minutes }) => images.setWaitLimit(minutes),
    'images.getExchange': ({ jobId, which }) => ({ exchange: images.exchange(jobId, which) }),
  }),
  start: (images) => images.start(),
  close: (images) => images.close(),
})
