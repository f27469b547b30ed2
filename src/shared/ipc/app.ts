// The app domain: facts about the running host (Electron or browser mode) that the renderer shows,
// and the external-link command that main checks before handing a URL to the OS.
import { z } from 'zod'
import { defineCommand } from './define'

export const hostInfoSchema = z.object({
  host: z.enum(['electron', 'browser']),
  version: z.string(),
  platform: z.string(),
  /** How secrets are protected at rest: OS keychain-backed, obfuscated only, or a plain 0600 file. */
  secretProtection: z.enum(['os-encryption', 'basic-text', 'plain-file']),
  dataDir: z.string(),
  simulator: z.object({ baseUrl: z.string(), running: z.boolean() }).nullable(),
})
export type HostInfo = z.infer<typeof hostInfoSchema>

export const appCommands = {
  'app.getHostInfo': defineCommand(z.void(), hostInfoSchema),
  'app.openExternal': defineCommand(
    z.object({ url: z.string().max(2048) }),
    z.object({ opened: z.boolean() }),
  ),
}
