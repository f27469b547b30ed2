// The job domains' calls that panels make outside the stores' job lists: the request preview, one job's details
// and exchanges, "Save as…", and sending an edited request JSON (video and images). Components reach main
// through here, never the client.
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
  submitRawRequest: (request: CommandInput<Commands['video.submitRawRequest']>) =>
    client.call('video.submitRawRequest', request),
  submitRawImages: (request: CommandInput<Commands['images.submitRawRequest']>) =>
    client.call('images.submitRawRequest', request),
  getImagesExchange: (jobId: string, which: CommandInput<Commands['images.getExchange']>['which']) =>
    client.call('images.getExchange', { jobId, which }),
}
