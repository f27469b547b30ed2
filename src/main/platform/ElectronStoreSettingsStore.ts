// SettingsStore on electron-store in the Electron host (the same port browser mode serves with conf).
import Store from 'electron-store'
import type { SettingsStore } from '../services/ports'

export class ElectronStoreSettingsStore implements SettingsStore {
  private readonly store = new Store<Record<string, unknown>>({ name: 'settings' })

  get<T>(key: string): T | undefined {
    return this.store.get(key) as T | undefined
  }

  set(key: string, value: unknown): void {
    this.store.set(key, value)
  }

  delete(key: string): void {
    this.store.delete(key)
  }
}
