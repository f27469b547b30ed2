import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createBrowserCore } from './host'
import { limitedLog, startWebServer, type WebServer } from './server'
import type { AppCore } from '../main/appCore'

let dir: string
let core: AppCore
let server: WebServer

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-'))
  const renderer = join(dir, 'renderer')
  mkdirSync(join(renderer, 'assets'), { recursive: true })
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>t</title>')
  writeFileSync(join(dir, 'outside.txt'), 'secret')
  core = await createBrowserCore({ dataDir: join(dir, 'data'), version: 'test', simulator: false })
  server = await startWebServer({ core, rendererDir: renderer })
})
afterAll(async () => {
  await server.close()
  await core.close()
  rmSync(dir, { recursive: true, force: true })
})

function socket(
  url: string,
  origin: string | undefined,
  headers: Record<string, string> = {},
): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { origin, headers })
    ws.on('open', () => resolve(ws))
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    ws.on('error', () => resolve(-1))
  })
}

function call(ws: WebSocket, route: string, payload?: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    const id = Math.floor(Math.random() * 1e9)
    const onMessage = (raw: WebSocket.RawData) => {
      const msg = JSON.parse(raw.toString())
      if (msg.t === 'result' && msg.id === id) {
        ws.off('message', onMessage)
        resolve(msg.result)
      }
    }
    ws.on('message', onMessage)
    ws.send(JSON.stringify({ t: 'invoke', id, route, payload }))
  })
}

describe('browser-mode server', () => {
  it('serves the page only with the token, then by cookie, with the CSP', async () => {
    expect((await fetch(`${server.origin}/`)).status).toBe(401)
    expect((await fetch(`${server.origin}/?token=wrong`)).status).toBe(401)
    const ok = await fetch(server.url)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-security-policy')).toContain("script-src 'self'")
    const cookie = ok.headers.get('set-cookie')!
    expect(cookie).toMatch(/HttpOnly; SameSite=Strict/)
    expect((await fetch(`${server.origin}/`, { headers: { cookie: cookie.split(';')[0]! } })).status).toBe(
      200,
    )
  })

  it('refuses traversal and foreign Host headers', async () => {
    const withToken = (p: string) => `${server.origin}${p}${p.includes('?') ? '&' : '?'}token=${server.token}`
    expect((await fetch(withToken('/%2e%2e/outside.txt'))).status).toBe(404)
    // fetch drops a custom Host header, so ask with node:http as a DNS-rebinding page's request would arrive.
    const status = await new Promise<number>((resolve) => {
      const url = new URL(server.url)
      request(
        {
          host: '127.0.0.1',
          port: url.port,
          path: url.pathname + url.search,
          headers: { host: 'attacker.example' },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      ).end()
    })
    expect(status).toBe(421)
  })

  it('carries the contract over the socket for the right origin and token only', async () => {
    const wsUrl = `${server.origin.replace('http', 'ws')}/ipc?token=${server.token}`
    expect(await socket(wsUrl, 'http://evil.example')).toBe(403)
    expect(await socket(wsUrl, undefined)).toBe(403)
    expect(await socket(`${server.origin.replace('http', 'ws')}/ipc?token=nope`, server.origin)).toBe(403)
    const ws = (await socket(wsUrl, server.origin)) as WebSocket
    expect(await call(ws, 'profiles.list')).toEqual({ ok: true, value: { profiles: [], activeId: null } })
    expect(await call(ws, 'no.such')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_ROUTE' } })
    expect(await call(ws, 'profiles.create', { name: 1 })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    })
    const info = (await call(ws, 'app.getHostInfo')) as { value: { secretProtection: string; host: string } }
    expect(info.value).toMatchObject({ host: 'browser', secretProtection: 'plain-file' })
    ws.close()
  })

  it('survives upgrades reset by the client before and after its answer, with or without the token (S9)', async () => {
    const { port } = new URL(server.origin)
    const upgrade = (origin: string, token: string, resetAfterMs: number) =>
      new Promise<void>((resolve) => {
        const sock = connect(Number(port), '127.0.0.1', () => {
          sock.write(
            `GET /ipc?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
              `Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n` +
              `Origin: ${origin}\r\n\r\n`,
          )
          setTimeout(() => {
            sock.resetAndDestroy()
            resolve()
          }, resetAfterMs)
        })
        sock.on('error', () => resolve())
      })
    for (let i = 0; i < 30; i++) {
      await upgrade('http://evil.example', 'nope', i % 3)
      await upgrade(server.origin, server.token, i % 3)
    }
    // A request line no HTTP parser accepts, then a reset, too.
    await new Promise<void>((resolve) => {
      const sock = connect(Number(port), '127.0.0.1', () => {
        sock.write('\x00\x01 garbage\r\n\r\n')
        setTimeout(() => (sock.resetAndDestroy(), resolve()), 5)
      })
      sock.on('error', () => resolve())
    })
    const ws = (await socket(
      `${server.origin.replace('http', 'ws')}/ipc?token=${server.token}`,
      server.origin,
    )) as WebSocket
    expect(await call(ws, 'profiles.list')).toMatchObject({ ok: true })
    ws.close()
  })

  it('closes a socket that sends invalid UTF-8, an oversize, binary or non-JSON message, and keeps serving (S9)', async () => {
    const wsUrl = `${server.origin.replace('http', 'ws')}/ipc?token=${server.token}`
    const closedWith = async (send: (ws: WebSocket) => void) => {
      const ws = (await socket(wsUrl, server.origin)) as WebSocket
      ws.on('error', () => undefined)
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
      send(ws)
      return closed
    }
    expect(await closedWith((ws) => ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false }))).toBe(
      1007,
    )
    expect(await closedWith((ws) => ws.send('x'.repeat(9 * 1024 * 1024)))).toBe(1009)
    expect(await closedWith((ws) => ws.send(Buffer.from([1, 2, 3]), { binary: true }))).toBe(1003)
    expect(await closedWith((ws) => ws.send('{"t":"invoke",'))).toBe(1007)
    const ws = (await socket(wsUrl, server.origin)) as WebSocket
    expect(await call(ws, 'profiles.list')).toMatchObject({ ok: true })
    ws.close()
  })

  it('holds at most 256 calls (32 MB) for the core being composed, and answers the rest at once', async () => {
    let compose: (core: AppCore) => void = () => undefined
    const later = new Promise<AppCore>((resolve) => (compose = resolve))
    const early = await startWebServer({ core: later, rendererDir: join(dir, 'renderer') })
    try {
      const ws = (await socket(
        `${early.origin.replace('http', 'ws')}/ipc?token=${early.token}`,
        early.origin,
      )) as WebSocket
      const answers = Array.from({ length: 300 }, () => call(ws, 'profiles.list'))
      const refused = await Promise.all(answers.slice(256))
      for (const result of refused)
        expect(result).toMatchObject({ ok: false, error: { code: 'APP_STARTING' } })
      compose(core)
      for (const result of await Promise.all(answers.slice(0, 256)))
        expect(result).toMatchObject({ ok: true })
      ws.close()
      const again = await startWebServer({
        core: new Promise<AppCore>(() => undefined),
        rendererDir: join(dir, 'renderer'),
      })
      try {
        const ws2 = (await socket(
          `${again.origin.replace('http', 'ws')}/ipc?token=${again.token}`,
          again.origin,
        )) as WebSocket
        // Big calls count by their bytes: four of 7 MB wait (28 MB), the fifth would pass 32 MB and is refused.
        const big = { padding: 'x'.repeat(7 * 1024 * 1024) }
        const bigAnswers = Array.from({ length: 5 }, () => call(ws2, 'profiles.list', big))
        expect(await bigAnswers[4]).toMatchObject({ ok: false, error: { code: 'APP_STARTING' } })
        ws2.terminate()
      } finally {
        await again.close()
      }
    } finally {
      await early.close()
    }
  })

  it('serves the page while the core is still being composed, and answers the calls made meanwhile once it is', async () => {
    let compose: (core: AppCore) => void = () => undefined
    const later = new Promise<AppCore>((resolve) => (compose = resolve))
    const early = await startWebServer({ core: later, rendererDir: join(dir, 'renderer') })
    try {
      const page = await new Promise<number>((resolve) =>
        request(early.url, (res) => resolve(res.statusCode ?? 0)).end(),
      )
      expect(page).toBe(200)
      const ws = (await socket(
        `${early.origin.replace('http', 'ws')}/ipc?token=${early.token}`,
        early.origin,
      )) as WebSocket
      const order: string[] = []
      const answers = Promise.all(
        ['app.getHostInfo', 'profiles.list', 'app.getSettings'].map((route) =>
          call(ws, route).then((result) => {
            order.push(route)
            return result
          }),
        ),
      )
      await new Promise((r) => setTimeout(r, 50))
      expect(order).toEqual([])
      compose(core)
      for (const result of await answers) expect(result).toMatchObject({ ok: true })
      expect(order).toHaveLength(3)
      ws.close()
    } finally {
      await early.close()
    }
  })

  it('logs at most 20 contained faults per 10 s, then says how many it left out', () => {
    const lines: string[] = []
    const log = limitedLog((m) => lines.push(m), 20, 60_000)
    for (let i = 0; i < 500; i++) log(`reset ${i}`)
    expect(lines).toHaveLength(20)
  })
})
