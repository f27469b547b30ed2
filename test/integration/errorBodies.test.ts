// Error bodies in no format's shape, answered by a tiny loopback server (a proxy's or load balancer's own
// pages): every format's run ends with the words that are there, never "without an error message", and the
// whole body is kept in the exchange for the Inspector. Job and embedding calls read them the same way.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { describeHttpError } from '../../src/main/services/tasks/answers'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { WIRE_FORMATS, type Draft } from '../../src/shared/wire'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'

const BODIES = [
  {
    name: 'a Python framework detail object',
    type: 'application/json',
    body: '{"detail": {"error": "Invalid model name passed in model=sim-x"}}',
    expect: 'Invalid model name passed in model=sim-x',
  },
  {
    name: 'a Python framework detail string',
    type: 'application/json',
    body: '{"detail": "Not authenticated"}',
    expect: 'Not authenticated',
  },
  {
    name: 'plain text',
    type: 'text/plain',
    body: 'upstream request timeout',
    expect: 'upstream request timeout',
  },
  {
    name: 'an HTML page',
    type: 'text/html',
    body: '<html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503 Service Temporarily Unavailable</h1><hr><center>nginx</center></body></html>',
    expect: '503 Service Temporarily Unavailable: nginx (an HTML page)',
  },
  {
    name: 'a "None" code',
    type: 'application/json',
    body: '{"error": {"message": "litellm.BadRequestError: no deployments", "type": "None", "param": "None", "code": "None"}}',
    expect: 'litellm.BadRequestError: no deployments',
  },
] as const

let server: Server
let baseUrl: string
let next: (typeof BODIES)[number] = BODIES[0]
let dir: string
let profiles: ProfileService
let service: TextService
let profileId: string

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    res.writeHead(400, { 'content-type': next.type })
    res.end(next.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  dir = mkdtempSync(join(tmpdir(), 'error-bodies-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  service = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
  })
  const view = await profiles.create(profileFieldsSchema.parse({ name: 'proxy', baseUrl }))
  await profiles.setSecret(view.id, 'apiKey', 'sk-error-bodies-0123')
  profileId = view.id
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  rmSync(dir, { recursive: true, force: true })
})

const draft = (stream: boolean): Draft => ({
  model: 'sim-x',
  stream,
  maxTokens: 100,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'hello' }] }],
})

describe.each(BODIES)('$name', (shape) => {
  it.each(WIRE_FORMATS)(
    'ends a %s run with the words that are there and the body in the exchange',
    async (format) => {
      next = shape
      for (const stream of [true, false]) {
        const sink = new RecordingSink()
        const { runId } = await service.start({ profileId, format, draft: draft(stream) }, sink)
        const ended = await sink.ended(runId)
        expect(ended.status).toBe('error')
        expect(ended.error?.status).toBe(400)
        expect(ended.error?.message).toBe(shape.expect)
        expect(ended.exchange?.response?.body).toBe(shape.body)
      }
    },
  )

  it('reads the same way for a job request', async () => {
    next = shape
    const res = await fetch(`${baseUrl}/v1/video/generations`, { method: 'POST', body: '{}' })
    expect(describeHttpError(res.status, await res.text())).toBe(`HTTP 400: ${shape.expect}`)
  })
})
