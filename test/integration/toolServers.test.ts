// The tool servers service against real servers: server-everything over stdio, Streamable HTTP and the legacy
// SSE transport, and server-filesystem in a temp folder. Lists, calls, a tool's own error, a call the server
// refuses, a long tool with progress, time limits, Stop, the log of JSON-RPC messages tagged by call, and the
// environment a stdio server is given.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RecordingSink } from '../fakes/recordingSink'
import {
  EVERYTHING,
  FILESYSTEM,
  connected,
  everythingOverHttp,
  stdioFields,
  toolServers,
} from '../fakes/toolServerHarness'

const CANARY = 'sk-canary-tool-env-0123456789'

describe('server-everything over stdio', () => {
  // The app's own environment carries a key: the server must not see it.
  const { service } = toolServers({ ...process.env, OPENAI_API_KEY: CANARY, GATEWAY_KEY: CANARY })
  let id = ''
  const fields = (limits?: { callTimeoutS: number; callMaxS: number }) => ({
    name: 'everything',
    connection: {
      transport: 'stdio' as const,
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      env: [
        { name: 'GREETING', value: 'hello-from-settings' },
        // Blank on later updates: the secret set first is kept.
        { name: 'SERVER_TOKEN', value: id ? '' : 'tok-secret-abcdef123', secret: true },
      ],
    },
    ...(limits ? { limits: { messageMb: 8, connectTimeoutS: 30, ...limits } } : {}),
  })

  beforeAll(async () => {
    const view = await connected(service, fields())
    id = view.id
    expect(view.state.status, view.state.error).toBe('connected')
  })
  afterAll(() => service.close())

  it('connects and lists the tools with their schemas, the resources and the prompts', () => {
    const view = service.list()[0]!
    expect(view.state.via).toBe('stdio')
    expect(view.state.server?.name).toBe('mcp-servers/everything')
    expect(view.state.pid).toBeGreaterThan(0)
    const tools = service.tools(id)
    const sum = tools.find((t) => t.name === 'get-sum')!
    expect(sum.inputSchema).toMatchObject({ type: 'object', required: ['a', 'b'] })
    expect(sum.offered).toBe(true)
    expect(tools.map((t) => t.name)).toContain('echo')
    expect(service.resources(id).length).toBeGreaterThan(0)
    expect(service.prompts(id).map((p) => p.name)).toContain('simple-prompt')
    expect(view.state.counts).toMatchObject({ tools: tools.length, truncated: [] })
  })

  it('calls a tool and answers its text', async () => {
    const outcome = await service.call(id, 'get-sum', { a: 2, b: 3 })
    expect(outcome).toMatchObject({ text: 'The sum of 2 and 3 is 5.', isError: false })
    expect(outcome.failure).toBeUndefined()
  })

  it('answers a tool that rejects its arguments as an error result', async () => {
    const outcome = await service.call(id, 'get-sum', { a: 'two' })
    expect(outcome.isError).toBe(true)
    expect(outcome.failure).toBeUndefined()
    expect(outcome.text).toMatch(/expected number/)
  })

  it('answers a tool the server does not have as an error result', async () => {
    const outcome = await service.call(id, 'no-such-tool', {})
    expect(outcome.isError).toBe(true)
    expect(outcome.text).toMatch(/no-such-tool/)
  })

  it('reports the progress of a long tool and its result', async () => {
    const progress: number[] = []
    const outcome = await service.call(
      id,
      'trigger-long-running-operation',
      { duration: 1, steps: 3 },
      {
        onProgress: (p) => progress.push(p.progress),
        tag: 'call-long-1',
      },
    )
    expect(outcome.text).toMatch(/Long running operation completed/)
    expect(progress).toEqual([1, 2, 3])
    // The call's messages are in the log, tagged with the model's call: the request, each progress, the answer.
    const tagged = service.callMessages(id, 'call-long-1')
    expect(tagged.map((e) => `${e.kind}:${e.method ?? 'answer'}`)).toEqual([
      'sent:tools/call',
      'received:notifications/progress',
      'received:notifications/progress',
      'received:notifications/progress',
      'received:answer',
    ])
  })

  it('cancels a call over its longest time, however much progress it reports', async () => {
    await service.put(id, fields({ callTimeoutS: 1, callMaxS: 1 }))
    // The new limits apply once the server is connected again.
    expect(service.list()[0]!.state.stale).toBe(true)
    await service.disconnect(id)
    expect((await service.connect(id)).state.status).toBe('connected')
    const outcome = await service.call(
      id,
      'trigger-long-running-operation',
      { duration: 4, steps: 8 },
      { tag: 'slow' },
    )
    expect(outcome).toMatchObject({ isError: true, failure: 'timeout' })
    expect(outcome.text).toMatch(/did not finish within 1 s/)
    // The server is told the call is cancelled.
    expect(service.callMessages(id, 'slow').some((e) => e.method === 'notifications/cancelled')).toBe(true)
    await service.put(id, fields())
    await service.disconnect(id)
    await service.connect(id)
  })

  it('stops a call when asked, and the server stays connected', async () => {
    const stop = new AbortController()
    setTimeout(() => stop.abort('stopped'), 300)
    const outcome = await service.call(
      id,
      'trigger-long-running-operation',
      { duration: 5, steps: 5 },
      { signal: stop.signal },
    )
    expect(outcome).toMatchObject({ isError: true, failure: 'stopped' })
    expect(outcome.ms).toBeLessThan(2000)
    expect((await service.call(id, 'echo', { message: 'still here' })).text).toBe('Echo: still here')
  })

  it('stops a tagged call by its tag (Stop in a tool round) and tells the server to cancel it', async () => {
    expect(service.stopCall(id, 'call_not_running')).toEqual({ stopped: false })
    const pending = service.call(
      id,
      'trigger-long-running-operation',
      { duration: 5, steps: 5 },
      { tag: 'call_round_1' },
    )
    await new Promise((r) => setTimeout(r, 300))
    expect(service.stopCall(id, 'call_round_1')).toEqual({ stopped: true })
    const outcome = await pending
    expect(outcome).toMatchObject({ isError: true, failure: 'stopped' })
    expect(outcome.text).toBe('The call was stopped by the user before it finished.')
    expect(outcome.ms).toBeLessThan(2000)
    const sent = service.callMessages(id, 'call_round_1').map((e) => e.method)
    expect(sent).toContain('tools/call')
    expect(sent).toContain('notifications/cancelled')
    // Once ended, the tag stops nothing, and the server is still there.
    expect(service.stopCall(id, 'call_round_1')).toEqual({ stopped: false })
    expect((await service.call(id, 'echo', { message: 'after stop' })).text).toBe('Echo: after stop')
  })

  it("gives the server the variables set for it and none of the app's environment", async () => {
    const outcome = await service.call(id, 'get-env', {})
    const env = JSON.parse(outcome.text) as Record<string, string>
    expect(env.GREETING).toBe('hello-from-settings')
    expect(env.SERVER_TOKEN).toBe('tok-secret-abcdef123')
    expect(outcome.text).not.toContain(CANARY)
    expect(
      Object.keys(env)
        .filter((k) => !['GREETING', 'SERVER_TOKEN'].includes(k))
        .sort(),
    ).toEqual(
      Object.keys(env)
        .filter((k) =>
          [
            'HOME',
            'LOGNAME',
            'PATH',
            'SHELL',
            'TERM',
            'USER',
            'LANG',
            'LC_ALL',
            'LC_CTYPE',
            'TMPDIR',
            'TZ',
          ].includes(k),
        )
        .sort(),
    )
    // The secret value is scrubbed from the log and never shown in the server's view.
    const log = service
      .readLog(id, 0, 2000)
      .entries.map((e) => e.text)
      .join('\n')
    expect(log).not.toContain('tok-secret-abcdef123')
    expect(JSON.stringify(service.list())).not.toContain('tok-secret-abcdef123')
    expect(service.list()[0]!.connection).toMatchObject({
      env: expect.arrayContaining([
        expect.objectContaining({ name: 'SERVER_TOKEN', value: '', configured: true }),
      ]),
    })
  })

  it('tells watching windows of each change and ends the process on disconnect', async () => {
    const sink = new RecordingSink()
    service.watch('w1', sink)
    const pid = service.list()[0]!.state.pid!
    await service.disconnect(id)
    await new Promise((r) => setTimeout(r, 150))
    const changes = sink.received.filter((e) => e.name === 'tools.serverChanged')
    expect(changes.at(-1)?.payload).toMatchObject({ server: { state: { status: 'disconnected' } } })
    expect(() => process.kill(pid, 0)).toThrow()
    await service.connect(id)
  })
})

describe('server-everything over HTTP', () => {
  it('connects over Streamable HTTP and calls a tool', async () => {
    const http = await everythingOverHttp('streamableHttp')
    const { service } = toolServers()
    try {
      const view = await connected(service, {
        name: 'everything-http',
        connection: { transport: 'http', url: http.url },
      })
      expect(view.state.status, view.state.error).toBe('connected')
      expect(view.state.via).toBe('streamable-http')
      expect((await service.call(view.id, 'echo', { message: 'over http' })).text).toBe('Echo: over http')
      const progress: number[] = []
      const long = await service.call(
        view.id,
        'trigger-long-running-operation',
        { duration: 0.6, steps: 2 },
        {
          onProgress: (p) => progress.push(p.progress),
        },
      )
      expect(long.isError).toBe(false)
      expect(progress).toEqual([1, 2])
    } finally {
      await service.close()
      http.stop()
    }
  })

  it('falls back to the legacy SSE transport when the URL does not speak Streamable HTTP', async () => {
    const sse = await everythingOverHttp('sse')
    const { service } = toolServers()
    try {
      const view = await connected(service, {
        name: 'everything-sse',
        connection: { transport: 'http', url: sse.url },
      })
      expect(view.state.status, view.state.error).toBe('connected')
      expect(view.state.via).toBe('sse')
      expect((await service.call(view.id, 'get-sum', { a: 2, b: 3 })).text).toBe('The sum of 2 and 3 is 5.')
      expect(service.readLog(view.id, 0, 500).entries.some((e) => /legacy SSE/.test(e.text))).toBe(true)
    } finally {
      await service.close()
      sse.stop()
    }
  })

  it('fails with the reason when nothing listens at the URL', async () => {
    const { service } = toolServers()
    const view = await connected(service, {
      name: 'nobody',
      connection: { transport: 'http', url: 'http://127.0.0.1:1/mcp', sseFallback: false },
    })
    expect(view.state.status).toBe('failed')
    expect(view.state.error).toMatch(/did not connect/)
    await service.close()
  })
})

describe('server-filesystem in a temp folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tools-fs-'))
  const { service } = toolServers()
  let id = ''
  beforeAll(async () => {
    writeFileSync(join(dir, 'notes.txt'), 'first line\nsecond line\n')
    const view = await connected(service, stdioFields('files', [FILESYSTEM, dir]))
    expect(view.state.status, view.state.error).toBe('connected')
    id = view.id
  })
  afterAll(async () => {
    await service.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('lists the folder and reads a file', async () => {
    const listing = await service.call(id, 'list_directory', { path: dir })
    expect(listing.text).toContain('[FILE] notes.txt')
    const read = await service.call(id, 'read_text_file', { path: join(dir, 'notes.txt'), head: 1 })
    expect(read.text).toBe('first line')
  })

  it('answers a path outside the allowed folder as the tool error it is', async () => {
    const outside = await service.call(id, 'read_text_file', { path: '/etc/hostname' })
    expect(outside.isError).toBe(true)
    expect(outside.text).toMatch(/outside allowed directories|Access denied/i)
  })
})
