// The app domain's calls panels make outside their stores: opening a link in model output after main's check.
// Components reach main through here, never the client.
import { client } from './client'

export const appCalls = {
  openExternal: (url: string) => client.call('app.openExternal', { url }),
}
