// The Electron host's single-instance lock: a second launch quits before anything composes the core (which
// opens the history database), and the first instance answers 'second-instance' by restoring and focusing its
// window, opening one only when none is left. Electron and the host's platform modules are faked.
import { beforeEach, describe, expect, it, vi } from 'vitest'

const h = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void
  class FakeWindow {
    minimized = false
    destroyed = false
    calls: string[] = []
    handlers = new Map<string, Handler>()
    on(name: string, fn: Handler) {
      this.handlers.set(name, fn)
      return this
    }
    isMinimized() {
      return this.minimized
    }
    isDestroyed() {
      return this.destroyed
    }
    restore() {
      this.calls.push('restore')
      this.minimized = false
    }
    show() {
      this.calls.push('show')
    }
    focus() {
      this.calls.push('focus')
    }
    loadURL() {
      return Promise.resolve()
    }
  }
  const state = {
    lockGranted: true,
    quit: 0,
    sandbox: 0,
    appHandlers: new Map<string, Handler[]>(),
    readyWaited: 0,
    windows: [] as FakeWindow[],
    ready: null as null | (() => void),
  }
  const app = {
    requestSingleInstanceLock: () => state.lockGranted,
    quit: () => void state.quit++,
    enableSandbox: () => void state.sandbox++,
    on(name: string, fn: Handler) {
      state.appHandlers.set(name, [...(state.appHandlers.get(name) ?? []), fn])
      return app
    },
    whenReady: () => {
      state.readyWaited++
      return new Promise<void>((resolve) => (state.ready = resolve))
    },
    getVersion: () => '0.0.0-test',
    getPath: () => '/tmp/never-used',
  }
  const emit = (name: string, ...args: unknown[]) => {
    for (const fn of state.appHandlers.get(name) ?? []) fn(...args)
  }
  return { state, app, emit, FakeWindow }
})

vi.mock('electron', () => ({ app: h.app, session: { defaultSession: {} }, shell: { openExternal: vi.fn() } }))
vi.mock('./appProtocol', () => ({ registerAppSchemes: vi.fn(), handleAppProtocol: vi.fn() }))
vi.mock('./mediaProtocol', () => ({ handleMediaProtocol: vi.fn() }))
vi.mock('./ipcTransport', () => ({ registerIpc: vi.fn() }))
vi.mock('./SafeStorageSecretStore', () => ({ createSafeStorageSecretStore: vi.fn() }))
vi.mock('./ElectronStoreSettingsStore', () => ({ ElectronStoreSettingsStore: class {} }))
vi.mock('./videoPlatform', () => ({ ElectronNotifier: class {}, ElectronSaveDialog: class {} }))
vi.mock('./window', () => ({
  APP_ORIGIN: 'app://renderer',
  hardenSession: vi.fn(),
  createSecureWindow: () => {
    const window = new h.FakeWindow()
    h.state.windows.push(window)
    return window
  },
}))

const { startElectronHost } = await import('./electronHost')

const fakeCore = { router: {}, media: {}, close: () => Promise.resolve() }
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('Electron host: single instance', () => {
  beforeEach(() => {
    h.state.lockGranted = true
    h.state.quit = 0
    h.state.sandbox = 0
    h.state.readyWaited = 0
    h.state.appHandlers.clear()
    h.state.windows.length = 0
    h.state.ready = null
  })

  it('a second launch quits at once, before the core (and its history database) is composed', async () => {
    h.state.lockGranted = false
    const compose = vi.fn(() => Promise.resolve(fakeCore as never))
    startElectronHost(compose)
    await settle()
    expect(h.state.quit).toBe(1)
    expect(h.state.readyWaited).toBe(0)
    expect(h.state.sandbox).toBe(0)
    expect(compose).not.toHaveBeenCalled()
    expect([...h.state.appHandlers.keys()]).toEqual([])
  })

  it('the first instance restores and focuses its window on a second launch, without opening another', async () => {
    const compose = vi.fn(() => Promise.resolve(fakeCore as never))
    startElectronHost(compose)
    // A launch during start-up, before the window exists, is not lost and does not open a second window.
    h.emit('second-instance', {}, ['app'], '/')
    h.state.ready!()
    await settle()
    expect(compose).toHaveBeenCalledTimes(1)
    expect(h.state.quit).toBe(0)
    expect(h.state.windows).toHaveLength(1)
    const first = h.state.windows[0]!
    first.minimized = true
    h.emit('second-instance', {}, ['app'], '/')
    expect(h.state.windows).toHaveLength(1)
    expect(first.calls).toEqual(['restore', 'show', 'focus'])
    first.calls.length = 0
    h.emit('activate')
    expect(first.calls).toEqual(['show', 'focus'])
    expect(h.state.windows).toHaveLength(1)
  })

  it('opens a window on a second launch when the first one was closed (macOS keeps the app running)', async () => {
    startElectronHost(() => Promise.resolve(fakeCore as never))
    h.state.ready!()
    await settle()
    const first = h.state.windows[0]!
    first.destroyed = true
    first.handlers.get('closed')!()
    h.emit('second-instance', {}, ['app'], '/')
    expect(h.state.windows).toHaveLength(2)
    expect(first.calls).toEqual([])
  })
})
