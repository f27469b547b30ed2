// Ports: what services need from the host, named for what they do. Services import these and no IPC or
// platform code; Electron adapters live in src/main/platform, plain-Node adapters in src/main/adapters, and
// the transports (Electron IPC, browser mode's WebSocket) provide the EventSink of each call.
import type { EventMap, EventPayload } from '../../shared/ipc/define'
import type { Notifier, SaveDialog } from './video/ports'
import type { SystemProxyResolver } from './network/routes'

export type SecretProtection = 'os-encryption' | 'basic-text' | 'plain-file'

/** Holds secrets by reference (`<profileId>:<kind>`). Only main ever reads them back. */
export interface SecretStore {
  readonly protection: SecretProtection
  get(ref: string): Promise<string | null>
  set(ref: string, value: string): Promise<void>
  delete(ref: string): Promise<void>
}

/** Small persistent settings (profiles, choices). Values are JSON. */
export interface SettingsStore {
  get<T>(key: string): T | undefined
  set(key: string, value: unknown): void
  delete(key: string): void
}

/** What a host (Electron or browser mode) provides to the app core; the composition root adds the rest. */
export interface HostAdapters {
  version: string
  dataDir: string
  settings: SettingsStore
  secrets: SecretStore
  openExternal(url: string): Promise<void>
  /** How the renderer addresses a media id: `media://<id>` in Electron, `/media/<id>` in browser mode. */
  mediaUrl(id: string): string
  log?: (message: string) => void
  /** Desktop notifications for finished video jobs (Electron); browser mode notifies through the page. */
  notifier?: Notifier
  /** The "Save as…" dialog (Electron); browser mode downloads instead. */
  saveDialog?: SaveDialog
  /** The system's proxy per URL (Electron's resolver); without it, HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
  systemProxy?: SystemProxyResolver
}

export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): { cancel(): void }
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, ms)
    return { cancel: () => clearTimeout(t) }
  },
}

/** Sends typed events to the one window (or socket) that made the call. */
export interface EventSink<E extends EventMap = EventMap> {
  emit<K extends keyof E & string>(name: K, payload: EventPayload<E[K]>): void
  /** False once the window or socket is gone; long-running work checks it and stops. */
  readonly alive: boolean
}

/** Who is calling: handlers see this, never a WebContents or a socket. */
export interface CallContext<E extends EventMap = EventMap> {
  /** Stable id of the calling window or socket. */
  readonly senderId: string
  readonly events: EventSink<E>
}
