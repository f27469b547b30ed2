// The only place a BrowserWindow is built (S1), and the hardening every web contents gets: navigation and
// new windows denied (S4), webviews refused, permissions denied outside a short allowlist (S8).
import { BrowserWindow, shell, type Session, type WebContents } from 'electron'
import { isSafeExternalUrl } from '../security/externalUrl'

/** The renderer's own origin; in development electron-vite serves it from a local dev server instead. */
export const APP_ORIGIN = 'app://renderer'

/** Permissions the renderer may use; everything else (camera, geolocation, notifications…) is denied. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

/** Whether a URL belongs to the app itself (the app:// origin, or the dev server in development). */
export function isAppUrl(url: string, devServerUrl: string | undefined): boolean {
  try {
    const u = new URL(url)
    if (`${u.protocol}//${u.host}` === APP_ORIGIN) return true
    return !!devServerUrl && u.origin === new URL(devServerUrl).origin
  } catch {
    return false
  }
}

export function hardenWebContents(contents: WebContents, devServerUrl: string | undefined): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  const denyForeignNavigation = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url, devServerUrl)) event.preventDefault()
  }
  contents.on('will-navigate', denyForeignNavigation)
  contents.on('will-redirect', denyForeignNavigation)
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(ALLOWED_PERMISSIONS.has(permission)),
  )
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission))
}

// The options are written out at the constructor rather than built by a helper: electronegativity reads only
// an object literal there in TypeScript, and so verifies each of them in CI.
export function createSecureWindow(preloadPath: string, devServerUrl: string | undefined): BrowserWindow {
  const window = new BrowserWindow({
    width: 1320,
    height: 860,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Gateway Playground',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: true,
    },
  })
  hardenWebContents(window.webContents, devServerUrl)
  window.once('ready-to-show', () => window.show())
  return window
}
