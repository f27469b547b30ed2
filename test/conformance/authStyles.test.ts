// Conformance of the simulator's authentication to the spec (Authentication): model endpoints take only
// `Authorization: Bearer <API_KEY>`, native endpoints (5-8) also `x-vendor-api-key` or `?key=`, console
// endpoints (14-20) `Authorization: Bearer <ACCESS_TOKEN>`. Every one of the 20 endpoints refuses each other
// style with 401 in its own error shape, and serves (anything but 401) the spec's own style.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../src/simulator/server'
import { startSimulator } from '../fakes/simulatorClient'

let sim: RunningSimulator
beforeAll(async () => {
  sim = await startSimulator()
})
afterAll(async () => {
  await sim.close()
})

type Kind = 'model' | 'native' | 'console'
const M = 'gemini-2.5-flash'
const ENDPOINTS: { n: number; method: 'GET' | 'POST'; path: string; kind: Kind; body?: unknown }[] = [
  { n: 1, method: 'POST', path: '/v1/chat/completions', kind: 'model', body: { model: 'm', messages: [] } },
  { n: 2, method: 'POST', path: '/v1/responses', kind: 'model', body: { model: 'm', input: 'hi' } },
  {
    n: 3,
    method: 'POST',
    path: '/v1/messages',
    kind: 'model',
    body: { model: 'm', max_tokens: 5, messages: [] },
  },
  {
    n: 4,
    method: 'POST',
    path: '/v1/messages/count_tokens',
    kind: 'model',
    body: { model: 'm', messages: [] },
  },
  {
    n: 5,
    method: 'POST',
    path: `/v1beta/models/${M}:generateContent`,
    kind: 'native',
    body: { contents: [] },
  },
  {
    n: 6,
    method: 'POST',
    path: `/v1beta/models/${M}:streamGenerateContent?alt=sse`,
    kind: 'native',
    body: { contents: [] },
  },
  { n: 7, method: 'POST', path: `/v1beta/models/${M}:embedContent`, kind: 'native', body: {} },
  { n: 8, method: 'POST', path: `/v1/models/${M}:batchEmbedContents`, kind: 'native', body: {} },
  { n: 9, method: 'POST', path: '/v1/embeddings', kind: 'model', body: { model: 'm', input: 'x' } },
  {
    n: 10,
    method: 'POST',
    path: '/v1/rerank',
    kind: 'model',
    body: { model: 'm', query: 'q', documents: [] },
  },
  { n: 11, method: 'POST', path: '/v1/video/generations', kind: 'model', body: { model: 'm', prompt: 'p' } },
  { n: 12, method: 'GET', path: '/v1/video/generations/task_unknown', kind: 'model' },
  { n: 13, method: 'GET', path: '/v1/video/generations/download?id=task_unknown', kind: 'model' },
  { n: 14, method: 'POST', path: '/prod-api/svc/v4/api/svcVideoCompletions', kind: 'console', body: {} },
  { n: 15, method: 'GET', path: '/prod-api/svc/v4/api/svcVideoQuery?taskId=t', kind: 'console' },
  {
    n: 16,
    method: 'POST',
    path: '/prod-api/svc/v4/api/batchImageGenerationSubmit',
    kind: 'console',
    body: {},
  },
  { n: 17, method: 'POST', path: '/prod-api/svc/v4/api/photoShootEasyModeSubmit', kind: 'console', body: {} },
  {
    n: 18,
    method: 'POST',
    path: '/prod-api/svc/v4/api/photoShootAdvancedModeSubmit',
    kind: 'console',
    body: {},
  },
  { n: 19, method: 'POST', path: '/prod-api/svc/v4/api/dressing2Submitv4', kind: 'console', body: {} },
  { n: 20, method: 'GET', path: '/prod-api/svc/v4/api/photoShootQuery?taskId=t', kind: 'console' },
]

/** Styles the spec does not allow for a kind, each carrying the right secret. */
type Style = { name: string; headers: Record<string, string>; query?: string }

function wrongStyles(kind: Kind, secret: string): Style[] {
  const styles: Style[] = [
    { name: 'x-api-key', headers: { 'x-api-key': secret } },
    { name: 'api-key', headers: { 'api-key': secret } },
    { name: 'bare token in Authorization', headers: { authorization: secret } },
    { name: 'Authorization: Token', headers: { authorization: `Token ${secret}` } },
    { name: 'x-goog-api-key', headers: { 'x-goog-api-key': secret } },
  ]
  if (kind === 'native') return styles
  return [
    ...styles,
    { name: 'x-vendor-api-key', headers: { 'x-vendor-api-key': secret } },
    { name: '?key=', headers: {}, query: `key=${encodeURIComponent(secret)}` },
  ]
}

async function call(e: (typeof ENDPOINTS)[number], headers: Record<string, string>, query?: string) {
  const url = `${sim.baseUrl}${e.path}${query ? `${e.path.includes('?') ? '&' : '?'}${query}` : ''}`
  const res = await fetch(url, {
    method: e.method,
    headers: e.body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: e.body === undefined ? undefined : JSON.stringify(e.body),
  })
  const text = await res.text()
  return { status: res.status, text }
}

describe.each(ENDPOINTS)('endpoint $n ($method $path)', (e) => {
  const secret = () => (e.kind === 'console' ? sim.options.consoleToken : sim.options.apiKey)

  it('refuses every auth style the spec does not name with 401 in its error shape', async () => {
    for (const style of wrongStyles(e.kind, secret())) {
      const { status, text } = await call(e, style.headers, style.query)
      expect(status, style.name).toBe(401)
      const body = JSON.parse(text) as Record<string, unknown>
      if (e.kind === 'console') expect(body, style.name).toMatchObject({ code: 401 })
      else if (e.kind === 'native') expect(body, style.name).toMatchObject({ error: { code: 401 } })
      else if (e.n === 3)
        expect(body, style.name).toMatchObject({ type: 'error', error: { type: 'authentication_error' } })
      else expect(body, style.name).toMatchObject({ error: { message: expect.any(String) } })
    }
  })

  it("serves the spec's own style", async () => {
    const bearer = await call(e, { authorization: `Bearer ${secret()}` })
    expect(bearer.status).not.toBe(401)
    if (e.kind === 'native') {
      expect((await call(e, { 'x-vendor-api-key': secret() })).status).not.toBe(401)
      expect((await call(e, {}, `key=${secret()}`)).status).not.toBe(401)
    }
  })
})
