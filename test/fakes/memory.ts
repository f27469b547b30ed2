// Test fakes named for how they fake: in-memory stores and an in-memory bridge that joins a router to the
// renderer client without any transport, the way VS Code tests IPC over an in-memory protocol pair.
import type { Bridge } from '../../src/shared/ipc/client'
import type { EventMap } from '../../src/shared/ipc/define'
import type { Router } from '../../src/main/ipc/router'
import type { CallContext, EventSink } from '../../src/main/services/ports'
import type { SecretStore, SettingsStore } from '../../src/main/services/ports'

export class InMemorySecretStore implements SecretStore {
  readonly protection = 'plain-file' as const
  readonly map = new Map<string, string>()
  async get(ref: string) {
    return this.map.get(ref) ?? null
  }
  async set(ref: string, value: string) {
    this.map.set(ref, value)
  }
  async delete(ref: string) {
    this.map.delete(ref)
  }
}

export class InMemorySettingsStore implements SettingsStore {
  readonly map = new Map<string, unknown>()
  get<T>(key: string) {
    const v = this.map.get(key)
    return v === undefined ? undefined : (structuredClone(v) as T)
  }
  set(key: string, value: unknown) {
    this.map.set(key, structuredClone(value))
  }
  delete(key: string) {
    this.map.delete(key)
  }
}

/** A bridge whose calls go straight to a router, cloning payloads as a real transport would. */
export function memoryBridge<E extends EventMap>(
  router: Router<E>,
  senderId = 'test-window',
): Bridge & { sink: EventSink<E> } {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const sink: EventSink<E> = {
    alive: true,
    emit(name, payload) {
      for (const l of listeners.get(name) ?? []) l(structuredClone(payload))
    },
  }
  const ctx: CallContext<E> = { senderId, events: sink }
  return {
    sink,
    invoke: async (route, payload) =>
      structuredClone(await router.handle(route, structuredClone(payload), ctx)),
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    },
  }
}
