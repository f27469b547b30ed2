// The Electron host: wires platform adapters (electron-store, safeStorage, app:// protocol, IPC transport,
// hardened window) into the shared app core. Order matters: schemes must be registered before `ready`,
// and the protocol and IPC handlers before the window loads, or the first calls would find no handler.
// (import.meta.dirname is out/main once bundled.)
import { app, session, shell } from 'electron'
import { join } from 'node:path'
import { createAppCore } from '../appCore'
import { registerAppSchemes, handleAppProtocol } from './appProtocol'
import { handleMediaProtocol } from './mediaProtocol'
import { registerIpc } from './ipcTransport'
import { createSecureWindow, hardenSession, APP_ORIGIN } from './window'
import { createSafeStorageSecretStore } from './SafeStorageSecretStore'
import { ElectronStoreSettingsStore } from './ElectronStoreSettingsStore'
import { startEmbeddedSimulator } from '../embeddedSimulator'
import { ElectronNotifier, ElectronSaveDialog } from './videoPlatform'

export function startElectronHost(): void {
  const devServerUrl = process.env.ELECTRON_RENDERER_URL

  registerAppSchemes()
  app.enableSandbox()

  if (!app.requestSingleInstanceLock()) app.quit()

  app.whenReady().then(async () => {
    hardenSession(session.defaultSession)
    handleAppProtocol(join(import.meta.dirname, '../renderer'))
    const core = await createAppCore({
      kind: 'electron',
      version: app.getVersion(),
      dataDir: app.getPath('userData'),
      settings: new ElectronStoreSettingsStore(),
      secrets: createSafeStorageSecretStore(join(app.getPath('userData'), 'secrets.json')),
      openExternal: (url) => shell.openExternal(url),
      mediaUrl: (id) => `media://${id}`,
      startSimulator: startEmbeddedSimulator,
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
