// Test connection against gateways that answer 400: a proxy's own trouble ("No connected db.", what LiteLLM answers
// a wrong key when it has no database) is not proof the key was accepted; a refusal about the request's content is.
// The answers come from a real HTTP server on loopback that answers as those proxies do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { GatewayClient } from './gateway'
import { checkConnection } from './connectionCheck'
import { memoryProfile } from './profiles'

const ANSWERS: Record<string, { status: number; body: unknown }> = {
  '/nodb': {
    status: 400,
    body: { error: { message: 'No connected db.', type: 'no_db_connection', param: 'None', code: '400' } },
  },
  '/content': {
    status: 400,
    body: { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: field required' } },
  },
  '/model': {
    status: 404,
    body: { type: 'error', error: { type: 'not_found_error', message: 'model: claude-sonnet-4-5' } },
  },
  '/html': { status: 400, body: '<html><body><h1>400 Bad Request</h1></body></html>' },
}

let server: Server
let base = ''
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    const prefix = `/${(req.url ?? '').split('/')[1]}`
    const answer = ANSWERS[prefix]!
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
    res.writeHead(answer.status, {
      'content-type': typeof answer.body === 'string' ? 'text/html' : 'application/json',
    })
    res.end(text)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

const client = new GatewayClient({ retryBaseMs: 5 })
const profile = (prefix: string) =>
  memoryProfile(
    { name: 'Proxy', baseUrl: `${base}${prefix}`, timeoutMs: 5_000 },
    { id: 'p-proxy', idleTimeoutMs: 10_000, apiKey: 'sk-wrong-key-000111', consoleToken: null },
  )

describe('Test connection with a 400', () => {
  it('does not call a 400 that is not about the request (No connected db.) a connection with an accepted key', async () => {
    const report = await checkConnection(client, profile('/nodb'))
    expect(report).toMatchObject({ reachable: true, authAccepted: null, status: 400 })
    expect(report.message).toMatch(/not about the request, so whether the key is accepted is not known/)
    expect(report.detail).toBe('No connected db.')
  })

  it('does not take an HTML error page for proof either', async () => {
    const report = await checkConnection(client, profile('/html'))
    expect(report).toMatchObject({ reachable: true, authAccepted: null, status: 400 })
  })

  it('takes a 400 about a field of the request, or a 404 for its model, as past authentication', async () => {
    for (const prefix of ['/content', '/model']) {
      const report = await checkConnection(client, profile(prefix))
      expect(report.authAccepted, prefix).toBe(true)
      expect(report.message).toMatch(/answered HTTP 40[04] to a token count request/)
    }
  })
})
