// The hook the stream comparison pages expose on `window`, shared by the pages and the peers benchmark:
// the benchmark hands each page the same run requests and the page starts them over the app's transport.
import type { RunRequest } from '../../../src/shared/ipc/text'

export interface StreamPage {
  /** Starts one run per request, each in its own column; resolves once every run has been started. */
  start(requests: RunRequest[]): Promise<string[]>
}

declare global {
  interface Window {
    streamPage?: StreamPage
  }
}
