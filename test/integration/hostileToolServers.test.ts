// Tool servers written by others, at their worst: invalid JSON-RPC, a result of 100 MB, 100,000 tools, endless
// pages, one that never answers, one that exits mid-call, one that writes to stderr without end. Each leaves the
// app working (a well-behaved server beside it still answers, main's event loop stays responsive) and that server
// in a state the user can read: failed or exited with why, or connected with the one call failed and said why.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, describe, expect, it } from 'vitest'
import { TOOL_SERVER_BOUNDS } from '../../src/shared/tools/serverConfig'
import { HOSTILE, connected, stdioFields, toolServers } from '../fakes/toolServerHarness'

const { service } = toolServers()
afterAll(() => service.close())

const hostile = (
  mode: string,
  limits: Partial<{ connectTimeoutS: number; callTimeoutS: number; callMaxS: number }> = {},
) =>
  connected(service, {
    ...stdioFields(`hostile ${mode}`, [HOSTILE, mode]),
    limits: { messageMb: 8, connectTimeoutS: 10, callTimeoutS: 10, callMaxS: 60, ...limits },
  })

/** A well-behaved server beside the hostile ones: the app is still working when it answers. */
let wellId = ''
async function stillWorking(): Promise<void> {
  if (!wellId) wellId = (await hostile('well')).id
  const outcome = await service.call(wellId, 'ping', {})
  expect(outcome).toMatchObject({ text: 'pong', isError: false })
}

describe('hostile tool servers', () => {
  it('drops lines that are not JSON-RPC and fails the call they answered at once, with why', async () => {
    const view = await hostile('invalid')
    expect(view.state.status).toBe('connected')
    const outcome = await service.call(view.id, 'ping', {})
    expect(outcome).toMatchObject({ isError: true, failure: 'refused' })
    expect(outcome.text).toMatch(/not valid: it is JSON but not a JSON-RPC 2\.0 message/)
    expect(outcome.ms).toBeLessThan(2000)
    const notes = service
      .readLog(view.id, 0, 500)
      .entries.filter((e) => e.kind === 'note')
      .map((e) => e.text)
    expect(notes.some((n) => /dropped: it is not JSON: this is not JSON/.test(n))).toBe(true)
    expect(service.list().find((s) => s.id === view.id)?.state.status).toBe('connected')
    await stillWorking()
  })

  it('fails to connect at once when the answer to initialize is broken', async () => {
    const view = await hostile('invalid-init')
    expect(view.state.status).toBe('failed')
    expect(view.state.error).toMatch(/not valid: it is not JSON/)
  })

  it('refuses a result of 100 MB without holding it, and the server stays connected', async () => {
    const view = await hostile('huge')
    const before = process.memoryUsage().rss
    const outcome = await service.call(view.id, 'ping', {})
    expect(outcome).toMatchObject({ isError: true, failure: 'refused' })
    expect(outcome.text).toMatch(/answer \(100 MB\) is over this server's message limit of 8 MB/)
    // Bounded: nowhere near the 100 MB the server wrote is held (the test's own heap moves a little).
    expect(process.memoryUsage().rss - before).toBeLessThan(60 * 1024 * 1024)
    expect(service.list().find((s) => s.id === view.id)?.state.status).toBe('connected')
    await stillWorking()
  }, 60_000)

  it('keeps the first thousand of 100,000 tools and says the list was cut', async () => {
    const view = await hostile('many-tools')
    expect(view.state.status).toBe('connected')
    expect(service.tools(view.id)).toHaveLength(TOOL_SERVER_BOUNDS.listed)
    expect(view.state.counts?.truncated).toEqual(['tools'])
    expect(
      service.readLog(view.id, 0, 500).entries.some((e) => /more tools than the 1,000/.test(e.text)),
    ).toBe(true)
  })

  it('stops reading pages of tools at the bound', async () => {
    const view = await hostile('endless-pages')
    expect(view.state.status).toBe('connected')
    expect(service.tools(view.id)).toHaveLength(TOOL_SERVER_BOUNDS.listed)
    const lists = service.readLog(view.id, 0, 2000).entries.filter((e) => e.method === 'tools/list')
    expect(lists.length).toBe(4)
  })

  it('fails a server that never answers within its connect time limit', async () => {
    const view = await hostile('silent', { connectTimeoutS: 1 })
    expect(view.state.status).toBe('failed')
    expect(view.state.error).toMatch(/did not answer within 1 s/)
    await stillWorking()
  })

  it('fails a call that is never answered within the time limit, and cancels it', async () => {
    const view = await hostile('silent-call', { callTimeoutS: 1, callMaxS: 5 })
    const outcome = await service.call(view.id, 'ping', {}, { tag: 'never' })
    expect(outcome).toMatchObject({ isError: true, failure: 'timeout' })
    expect(outcome.text).toMatch(/did not answer within 1 s/)
    expect(service.callMessages(view.id, 'never').map((e) => e.method)).toContain('notifications/cancelled')
    expect(service.list().find((s) => s.id === view.id)?.state.status).toBe('connected')
  })

  it('ends a call whose server exits mid-call, and shows the exit and what it wrote', async () => {
    const view = await hostile('exit-mid-call')
    const outcome = await service.call(view.id, 'ping', {})
    expect(outcome).toMatchObject({ isError: true, failure: 'closed' })
    await new Promise((r) => setTimeout(r, 100))
    const state = service.list().find((s) => s.id === view.id)!.state
    expect(state.status).toBe('exited')
    expect(state.error).toMatch(/exit code 3/)
    expect(state.error).toMatch(/about to fail: the call cannot be served/)
    await stillWorking()
  })

  it('reads a server that writes to stderr without end at a bounded rate, and keeps its log bounded', async () => {
    const view = await hostile('stderr-flood')
    expect(view.state.status).toBe('connected')
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    await new Promise((r) => setTimeout(r, 2500))
    // Calls to it and to another server are answered while it floods.
    expect((await service.call(view.id, 'ping', {})).text).toBe('pong')
    await stillWorking()
    delay.disable()
    const log = service.readLog(view.id, 0, 5000)
    // Read at 512 KB a second at most (its lines are 1 KB): about 1,300 lines in 2.5 s however fast it writes.
    expect(log.lastSeq).toBeLessThan(2200)
    expect(log.entries.length).toBeLessThanOrEqual(TOOL_SERVER_BOUNDS.logEntries)
    // A generous bound for a shared machine: the flood is read in slices, never in one long task.
    expect(delay.max / 1e6).toBeLessThan(1000)
    await service.disconnect(view.id)
    expect(service.list().find((s) => s.id === view.id)?.state.status).toBe('disconnected')
  }, 30_000)

  it('fails with a clear word when the command does not exist', async () => {
    const view = await connected(service, {
      name: 'missing',
      connection: { transport: 'stdio', command: 'no-such-command-anywhere' },
    })
    expect(view.state.status).toBe('failed')
    expect(view.state.error).toMatch(/command was not found/)
  })
})
