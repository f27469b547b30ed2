import { describe, expect, it, vi } from 'vitest'

const h = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoked: [] as unknown[][],
  eventListener: null as null | ((...args: unknown[]) => void),
}))
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => h.exposed.set(key, api) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => (h.invoked.push(args), Promise.resolve({ ok: true, value: null })),
    on: (_channel: string, fn: (...args: unknown[]) => void) => (h.eventListener = fn),
  },
}))

await import('./index')

describe('preload (S6)', () => {
  it('exposes exactly invoke and on, under one global', () => {
    expect([...h.exposed.keys()]).toEqual(['gateway'])
    const api = h.exposed.get('gateway') as Record<string, unknown>
    expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
      [
        "invoke",
        "on",
      ]
    `)
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true)
  })

  it('invokes over the one invoke channel', async () => {
    const api = h.exposed.get('gateway') as { invoke(r: string, p: unknown): Promise<unknown> }
    await api.invoke('profiles.list', undefined)
    expect(h.invoked).toEqual([['gateway:invoke', 'profiles.list', undefined]])
  })

  it('hands listeners the payload only, never the IPC event object', () => {
    const api = h.exposed.get('gateway') as { on(n: string, l: (p: unknown) => void): () => void }
    const got: unknown[][] = []
    const off = api.on('text.streamDelta', (...args) => got.push(args))
    const ipcEvent = { sender: { secret: 'ipcRenderer' }, ports: [] }
    h.eventListener!(ipcEvent, 'text.streamDelta', { id: 's1', text: 'hi' })
    h.eventListener!(ipcEvent, 'other.event', { x: 1 })
    off()
    h.eventListener!(ipcEvent, 'text.streamDelta', { id: 's1', text: 'late' })
    expect(got).toEqual([[{ id: 's1', text: 'hi' }]])
  })
})
