// The video domain's calls that panels make outside the video store's job list: the request preview, one job's
// details and exchanges, and "Save as…". Components reach main through here, never the client.
import type { CommandInput } from '../../../shared/ipc/define'
import type { Commands } from '../../../shared/ipc/contract'
import { client } from './client'

export const videoCalls = {
  previewRequest: (request: CommandInput<Commands['video.previewRequest']>) =>
    client.call('video.previewRequest', request),
  getJobDetails: (jobId: string) => client.call('video.getJobDetails', { jobId }),
  getExchange: (jobId: string, which: CommandInput<Commands['video.getExchange']>['which']) =>
    client.call('video.getExchange', { jobId, which }),
  saveResult: (jobId: string) => client.call('video.saveResult', { jobId }),
}
