import { describe, expect, it, vi } from 'vitest'

const h = vi.hoisted(() => ({ handlers: new Map<string, (...args: unknown[]) => unknown>() }))
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (...args: unknown[]) => unknown) => h.handlers.set(channel, fn),
    removeHandler: (channel: string) => h.handlers.delete(channel),
  },
}))

const { registerIpc, sinkFor } = await import('./ipcTransport')
const { IPC_INVOKE_CHANNEL, IPC_EVENT_CHANNEL } = await import('../../shared/ipc/define')

const router = {
  routes: ['demo.ping'],
  calls: 0,
  async handle(route: unknown, payload: unknown, ctx: { senderId: string }) {
    this.calls++
    return { ok: true as const, value: { route, payload, senderId: ctx.senderId } }
  },
}

function fakeEvent(url: string, isSubframe = false) {
  const mainFrame = { url, parent: null }
  return {
    sender: { id: 7, isDestroyed: () => false, send: () => undefined },
    senderFrame: isSubframe ? { url, parent: mainFrame } : mainFrame,
  }
}

describe('Electron IPC transport', () => {
  it('routes calls from the app window and rejects foreign origins and subframes', async () => {
    const dispose = registerIpc(router as never, undefined)
    const invoke = h.handlers.get(IPC_INVOKE_CHANNEL)!
    expect(await invoke(fakeEvent('app://renderer/index.html'), 'demo.ping', { a: 1 })).toEqual({
      ok: true,
      value: { route: 'demo.ping', payload: { a: 1 }, senderId: '7' },
    })
    const before = router.calls
    for (const event of [
      fakeEvent('https://evil.example.com/'),
      fakeEvent('file:///tmp/x.html'),
      fakeEvent('app://renderer/index.html', true),
      fakeEvent('http://localhost:5173/'),
      { sender: { id: 1 }, senderFrame: null },
    ]) {
      expect(await invoke(event, 'demo.ping', {})).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN_SENDER' },
      })
    }
    expect(router.calls).toBe(before)
    dispose()
    expect(h.handlers.has(IPC_INVOKE_CHANNEL)).toBe(false)
  })

  it('sends events only while the web contents lives', () => {
    const sent: unknown[][] = []
    let destroyed = false
    const sink = sinkFor({
      isDestroyed: () => destroyed,
      send: (...args: unknown[]) => sent.push(args),
    } as never)
    sink.emit('demo.changed' as never, { n: 1 } as never)
    destroyed = true
    expect(sink.alive).toBe(false)
    expect(() => sink.emit('demo.changed' as never, { n: 2 } as never)).not.toThrow()
    expect(sent).toEqual([[IPC_EVENT_CHANNEL, 'demo.changed', { n: 1 }]])
  })
})
