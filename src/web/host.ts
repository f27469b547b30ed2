// The browser-mode host adapters: conf for settings and a 0600 plain file for secrets (the UI says they
// are not encrypted), under one data folder. Tests pass a temp folder so each run is isolated.
import { join } from 'node:path'
import { createAppCore, type AppCore } from '../main/appCore'
import { ConfSettingsStore } from '../main/adapters/ConfSettingsStore'
import { FileSecretStore } from '../main/adapters/FileSecretStore'
import { startEmbeddedSimulator } from '../main/embeddedSimulator'

export interface BrowserHostOptions {
  dataDir: string
  version: string
  simulator?: boolean
  log?: (message: string) => void
}

export function createBrowserCore(options: BrowserHostOptions): Promise<AppCore> {
  return createAppCore({
    kind: 'browser',
    version: options.version,
    dataDir: options.dataDir,
    settings: new ConfSettingsStore(options.dataDir),
    secrets: new FileSecretStore(join(options.dataDir, 'secrets.json')),
    // There is no OS shell to hand links to: the page opens them itself after main's check.
    openExternal: async () => undefined,
    mediaUrl: (id) => `/media/${id}`,
    startSimulator: options.simulator === false ? null : startEmbeddedSimulator,
    log: options.log,
  })
}
