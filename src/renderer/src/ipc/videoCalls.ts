// The job domains' calls that panels make outside the stores: the request preview, "Save as…", and sending an
// edited request JSON (video and images); a job's details and exchanges are in jobsCalls.ts. Components reach
// main through here, never the client.
import type { CommandInput } from '../../../shared/ipc/define'
import type { Commands } from '../../../shared/ipc/contract'
import { client } from './client'

export const videoCalls = {
  previewRequest: (request: CommandInput<Commands['video.previewRequest']>) =>
    client.call('video.previewRequest', request),
  saveResult: (jobId: string) => client.call('video.saveResult', { jobId }),
  submitRawRequest: (request: CommandInput<Commands['video.submitRawRequest']>) =>
    client.call('video.submitRawRequest', request),
  submitRawImages: (request: CommandInput<Commands['images.submitRawRequest']>) =>
    client.call('images.submitRawRequest', request),
}
