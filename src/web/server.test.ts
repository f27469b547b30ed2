import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createBrowserCore } from './host'
import { startWebServer, type WebServer } from './server'
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
})
