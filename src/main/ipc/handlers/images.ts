// The images domain: thin calls into the console image task service for what only image jobs do (submit, the
// form's checks, edited JSON); listing, cancel, retry and lookups are the jobs domain's. Its jobs share the ledger
// and the jobs board with video jobs, and unfinished ones resume at start whether or not a window watches (R7).
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
      board: ctx.jobs,
      recorder: ctx.history.recorder,
      costs: ctx.costs,
      log: ctx.log,
      userAgent: ctx.userAgent,
    }),
  handlers: (images) => ({
    'images.submitJob': async (request) => ({ job: await images.submit(request) }),
    'images.checkRequest': async (request) => ({ issues: await images.check(request) }),
    'images.checkRawRequest': ({ endpoint, body }) => ({ issues: checkRawImageBody(endpoint, body) }),
    'images.submitRawRequest': async (request) => ({ job: await images.submitRaw(request) }),
  }),
  start: (images) => images.start(),
  close: (images) => images.close(),
})
