// The Electron host: provides the platform adapters (electron-store, safeStorage, shell, notifications, save
// dialog) to a composer it is given, then carries the composed router and media store over IPC and media://.
// It never builds services itself. Order matters: schemes must be registered before `ready`, and the
// protocol and IPC handlers before the window loads, or the first calls would find no handler.
// (import.meta.dirname is out/main once bundled.)
import { app, session, shell } from 'electron'
import { join } from 'node:path'
import type { Events } from '../../shared/ipc/contract'
import type { Router } from '../ipc/router'
import type { MediaStore } from '../services/mediaStore'
import type { HostAdapters } from '../services/ports'
import { registerAppSchemes, handleAppProtocol } from './appProtocol'
import { handleMediaProtocol } from './mediaProtocol'
import { registerIpc } from './ipcTransport'
import { createSecureWindow, hardenSession, APP_ORIGIN } from './window'
import { createSafeStorageSecretStore } from './SafeStorageSecretStore'
import { ElectronStoreSettingsStore } from './ElectronStoreSettingsStore'
import { ElectronNotifier, ElectronSaveDialog } from './videoPlatform'

/** What Electron provides to the app core: every adapter, notifications and the save dialog included. */
export type ElectronAdapters = HostAdapters & Required<Pick<HostAdapters, 'log' | 'notifier' | 'saveDialog'>> & {
  kind: 'electron'
}

/** What the host needs back from the composed core: the router for IPC and the media store for media://. */
export interface HostedCore {
  router: Router<Events>
  media: MediaStore
  close(): Promise<void>
}

export function startElectronHost(compose: (adapters: ElectronAdapters) => Promise<HostedCore>): void {
  const devServerUrl = process.env.ELECTRON_RENDERER_URL

  registerAppSchemes()
  app.enableSandbox()

  if (!app.requestSingleInstanceLock()) app.quit()

  app.whenReady().then(async () => {
    hardenSession(session.defaultSession)
    handleAppProtocol(join(import.meta.dirname, '../renderer'))
    const core = await compose({
      kind: 'electron',
      version: app.getVersion(),
      dataDir: app.getPath('userData'),
      settings: new ElectronStoreSettingsStore(),
      secrets: createSafeStorageSecretStore(join(app.getPath('userData'), 'secrets.json')),
      openExternal: (url) => shell.openExternal(url),
      mediaUrl: (id) => `media://${id}`,
      log: (message) => console.error(message),
      notifier: new ElectronNotifier(),
      saveDialog: new ElectronSaveDialog(),
    })
    registerIpc(core.router, devServerUrl)
    handleMediaProtocol(core.media)

    const open = () => {
      const window = createSecureWindow(join(import.meta.dirname, '../preload/index.cjs'), devServerUrl)
      void window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`)
    }
    open()
    app.on('second-instance', open)
    app.on('activate', open)
    app.on('will-quit', () => void core.close())
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
