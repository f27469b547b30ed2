// The app domain's calls panels make outside their stores: opening a link in model output after main's check,
// and writing an error a panel caught to main's log.
// Components reach main through here, never the client.
import { client } from './client'

export const appCalls = {
  openExternal: (url: string) => client.call('app.openExternal', { url }),
  reportError: (report: { panel: string; message: string; stack?: string }) =>
    client.call('app.reportError', report),
}
