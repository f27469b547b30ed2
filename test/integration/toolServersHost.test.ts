// Tool servers in the whole app, as the page reaches them: browser mode runs in a process of its own and is driven
// over its real WebSocket. A secret variable set for a stdio server is given to the server, masked in everything
// that leaves main (a tool result that echoes it included), and written nowhere in the data folder but the
// secret store; nothing is started until the user connects.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filesUnder, startHostProcess, type HostProcess, type HostSocket } from '../fakes/hostProcess'
import { EVERYTHING } from '../fakes/toolServerHarness'
import type { ToolServerView } from '../../src/shared/tools/serverConfig'
import type { ToolOutcome } from '../../src/shared/tools/toolCall'

const TOKEN = `tok-canary-${Math.random().toString(36).slice(2, 14)}`
let dir: string
let host: HostProcess
let socket: HostSocket

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tool-host-'))
  host = await startHostProcess(join(dir, 'data'))
  socket = await host.connect()
}, 60_000)

afterAll(async () => {
  socket?.close()
  await host?.kill()
  rmSync(dir, { recursive: true, force: true })
})

describe('tool servers in the running app', () => {
  it('keeps a server secret in the secret store only, and masks it where a tool echoes it', async () => {
    const put = await socket.call<{ server: ToolServerView }>('tools.putServer', {
      fields: {
        name: 'everything',
        connection: {
          transport: 'stdio',
          command: process.execPath,
          args: [EVERYTHING, 'stdio'],
          env: [{ name: 'SERVER_TOKEN', value: TOKEN, secret: true }],
        },
      },
    })
    expect(put.ok, JSON.stringify(put.error)).toBe(true)
    const id = put.value!.server.id
    // Saved, not started: the user has not pressed Connect.
    expect(put.value!.server.state.status).toBe('disconnected')
    expect(put.value!.server.connection).toMatchObject({
      env: [{ name: 'SERVER_TOKEN', value: '', secret: true, configured: true }],
    })
    const connected = await socket.call<{ server: ToolServerView }>('tools.connectServer', { id })
    expect(connected.value?.server.state.status, JSON.stringify(connected)).toBe('connected')
    const called = await socket.call<{ outcome: ToolOutcome }>('tools.callTool', {
      id,
      name: 'get-env',
      arguments: {},
    })
    expect(called.ok, JSON.stringify(called.error)).toBe(true)
    // The server was given the value (it echoes its environment), and the page sees *** in its place.
    expect(called.value!.outcome.text).toMatch(/"SERVER_TOKEN": ?"\*\*\*"/)
    expect(JSON.stringify(called.value)).not.toContain(TOKEN)
    const log = await socket.call<{ entries: { text: string }[] }>('tools.readLog', { id })
    expect(log.value!.entries.length).toBeGreaterThan(0)
    expect(JSON.stringify(log.value)).not.toContain(TOKEN)
    await socket.call('tools.disconnectServer', { id })
    const data = join(dir, 'data')
    for (let waited = 0; waited < 5000 && !existsSync(join(data, 'settings.json')); waited += 200)
      await new Promise((r) => setTimeout(r, 200))
    const files = filesUnder(data).filter((f) => !f.endsWith('secrets.json'))
    expect(files.some((f) => f.endsWith('settings.json'))).toBe(true)
    expect(files.filter((f) => readFileSync(f).includes(TOKEN))).toEqual([])
    expect(readFileSync(join(data, 'secrets.json'), 'utf8')).toContain(TOKEN)
  }, 60_000)

  it('refuses a server whose fields break a rule, naming the field', async () => {
    const put = await socket.call('tools.putServer', {
      fields: { name: 'bad', connection: { transport: 'http', url: 'ftp://example.com/mcp' } },
    })
    expect(put.ok).toBe(false)
    expect(put.error?.message).toMatch(/url.*http or https|URL must use http or https/i)
  })
})
