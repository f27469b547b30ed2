// Ports: what services need from the host, named for what they do. Electron adapters live in
// src/main/platform; plain-Node adapters (browser mode, tests) live beside the services.
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
