// The Electron host: provides the platform adapters (electron-store, safeStorage, shell, notifications, save
// dialog) to a composer it is given, then carries the composed router and media store over IPC and media://.
// It never builds services itself. Order matters: the single-instance lock comes first (a second launch quits
// before it opens the data folder and its history database), schemes must be registered before `ready`, and
// the protocol and IPC handlers before the window loads, or the first calls would find no handler.
// (import.meta.dirname is out/main once bundled.)
import { app, session, shell, type BrowserWindow } from 'electron'
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
export type ElectronAdapters = HostAdapters &
  Required<Pick<HostAdapters, 'log' | 'notifier' | 'saveDialog'>> & {
    kind: 'electron'
  }

/** What the host needs back from the composed core: the router for IPC and the media store for media://. */
export interface HostedCore {
  router: Router<Events>
  media: MediaStore
  close(): Promise<void>
}

export function startElectronHost(compose: (adapters: ElectronAdapters) => Promise<HostedCore>): void {
  // Two processes must never share one history database: the one that does not get the lock quits at once,
  // and Electron hands its launch to the first one as 'second-instance'.
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  const devServerUrl = process.env.ELECTRON_RENDERER_URL
  let window: BrowserWindow | null = null
  let open: (() => void) | null = null
  /** Brings the existing window to the front (restored if minimized), or opens one once the core is up. */
  const showWindow = () => {
    if (!window || window.isDestroyed()) return open?.()
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }
  // Registered before `ready`: a second launch during start-up finds the window once it exists.
  app.on('second-instance', showWindow)

  registerAppSchemes()
  app.enableSandbox()

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
      // A profile set to the system's proxy asks Chromium per URL (PAC files and OS settings included).
      systemProxy: { resolve: (url) => session.defaultSession.resolveProxy(url) },
    })
    registerIpc(core.router, devServerUrl)
    handleMediaProtocol(core.media)

    open = () => {
      const created = createSecureWindow(join(import.meta.dirname, '../preload/index.cjs'), devServerUrl)
      created.on('closed', () => {
        if (window === created) window = null
      })
      window = created
      void created.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`)
    }
    open()
    // macOS keeps the app alive without windows: the dock icon brings the window back, never a second one.
    app.on('activate', showWindow)
    app.on('will-quit', () => void core.close())
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
