// SettingsStore on `conf` (electron-store's engine) for plain Node: browser mode and tests.
// conf writes atomically; in Electron the same port is served by electron-store (platform/).
import Conf from 'conf'
import type { SettingsStore } from '../services/ports'

export class ConfSettingsStore implements SettingsStore {
  private readonly conf: Conf<Record<string, unknown>>

  constructor(cwd: string, configName = 'settings') {
    this.conf = new Conf<Record<string, unknown>>({ cwd, configName, projectName: 'gateway-playground' })
  }

  get<T>(key: string): T | undefined {
    return this.conf.get(key) as T | undefined
  }

  set(key: string, value: unknown): void {
    this.conf.set(key, value)
  }

  delete(key: string): void {
    this.conf.delete(key)
  }
}
