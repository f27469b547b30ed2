import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { BrowserWindowConstructorOptions as Options } from 'electron'

const h = vi.hoisted(() => {
  const opened: string[] = []
  const windows: { options: unknown; contents: FakeContents }[] = []
  class FakeContents {
    handlers = new Map<string, (...args: unknown[]) => unknown>()
    openHandler: ((d: { url: string }) => { action: string }) | null = null
    setWindowOpenHandler(fn: (d: { url: string }) => { action: string }) {
      this.openHandler = fn
    }
    on(name: string, fn: (...args: unknown[]) => unknown) {
      this.handlers.set(name, fn)
      return this
    }
  }
  class BrowserWindow {
    webContents = new FakeContents()
    constructor(readonly options: unknown) {
      windows.push({ options, contents: this.webContents })
    }
    once() {}
  }
  return { opened, windows, FakeContents, BrowserWindow }
})

vi.mock('electron', () => ({
  BrowserWindow: h.BrowserWindow,
  shell: { openExternal: (url: string) => (h.opened.push(url), Promise.resolve()) },
}))

const { createSecureWindow, hardenSession, isAppUrl, ALLOWED_PERMISSIONS } = await import('./window')

const nav = (contents: InstanceType<typeof h.FakeContents>, name: string, url: string) => {
  let prevented = false
  contents.handlers.get(name)!({ preventDefault: () => (prevented = true) }, url)
  return prevented
}

describe('secure window (S1)', () => {
  beforeEach(() => {
    h.opened.length = 0
    h.windows.length = 0
  })

  it('isolates and sandboxes the renderer with every risky feature off', () => {
    createSecureWindow('/app/preload.cjs', undefined)
    const prefs = (h.windows[0]!.options as Options).webPreferences!
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    })
    expect(prefs).not.toHaveProperty('enableBlinkFeatures')
  })

  it('builds windows only through the factory, with those options', () => {
    createSecureWindow('/p.cjs', undefined)
    expect(h.windows).toHaveLength(1)
    expect((h.windows[0]!.options as Options).webPreferences).toMatchObject({
      preload: '/p.cjs',
      sandbox: true,
    })
  })

  it('denies navigation away from the app and every new window (S4)', () => {
    createSecureWindow('/p.cjs', undefined)
    const contents = h.windows[0]!.contents
    expect(nav(contents, 'will-navigate', 'https://evil.example.com/')).toBe(true)
    expect(nav(contents, 'will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(nav(contents, 'will-redirect', 'http://127.0.0.1:1/')).toBe(true)
    expect(nav(contents, 'will-navigate', 'app://renderer/index.html')).toBe(false)
    expect(contents.openHandler!({ url: 'https://docs.example.com/page' })).toEqual({ action: 'deny' })
    expect(contents.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(h.opened).toEqual(['https://docs.example.com/page'])
    let webviewPrevented = false
    contents.handlers.get('will-attach-webview')!({ preventDefault: () => (webviewPrevented = true) })
    expect(webviewPrevented).toBe(true)
  })

  it('accepts the dev server origin only when one is configured', () => {
    expect(isAppUrl('http://localhost:5173/', undefined)).toBe(false)
    expect(isAppUrl('http://localhost:5173/x', 'http://localhost:5173')).toBe(true)
    expect(isAppUrl('app://renderer.evil/', undefined)).toBe(false)
  })

  it('denies permission requests outside the allowlist (S8)', () => {
    let requestHandler: (c: unknown, p: string, cb: (ok: boolean) => void) => void = () => undefined
    let checkHandler: (c: unknown, p: string) => boolean = () => true
    hardenSession({
      setPermissionRequestHandler: (fn: typeof requestHandler) => (requestHandler = fn),
      setPermissionCheckHandler: (fn: typeof checkHandler) => (checkHandler = fn),
    } as never)
    const answers: Record<string, boolean> = {}
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
      'clipboard-sanitized-write',
    ]) {
      requestHandler(null, permission, (ok) => (answers[permission] = ok))
    }
    expect(answers).toEqual({
      media: false,
      geolocation: false,
      notifications: false,
      openExternal: false,
      'clipboard-read': false,
      'clipboard-sanitized-write': true,
    })
    expect(checkHandler(null, 'media')).toBe(false)
    expect([...ALLOWED_PERMISSIONS]).toEqual(['clipboard-sanitized-write'])
  })
})
