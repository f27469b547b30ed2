// The text domain's calls that panels make outside the text store's run life cycle: the request preview,
// token counts, and the Inspector's frame pages and capture. Components reach main through here, never the client.
import type { CommandInput } from '../../../shared/ipc/define'
import type { Commands } from '../../../shared/ipc/contract'
import { client } from './client'

export const textCalls = {
  previewRequest: (input: CommandInput<Commands['text.previewRequest']>) =>
    client.call('text.previewRequest', input),
  countTokens: (input: CommandInput<Commands['text.countTokens']>) => client.call('text.countTokens', input),
  getFrames: (exchangeId: string, offset: number, limit: number) =>
    client.invoke('text.getFrames', { exchangeId, offset, limit }),
  saveCapture: (exchangeId: string) => client.invoke('text.saveCapture', { exchangeId }),
  watchFrames: (runId: string, watch: boolean) => client.invoke('text.watchFrames', { runId, watch }),
}
