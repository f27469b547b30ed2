// Every kind of call a profile makes, over every way out a profile can name, against real servers started here:
// direct, through an HTTP proxy with basic auth (the npm `proxy` package), through a SOCKS5 server with auth
// (`@pondwader/socks5-server`), and to the simulator over HTTPS with a certificate signed by a CA made for the
// test (trusted only through the profile's CA file). Each call kind runs on a fresh connection pool, so a call
// that went around the profile's dispatcher could not hide behind a reused connection: the proxy must see a new
// tunnel, and the simulator must see the profile's own header on that call.
import { mkdtempSync, rmSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { NetworkPool } from '../../src/main/services/network/networkPool'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { EmbeddingsService } from '../../src/main/services/embeddings/embeddingsService'
import { VideoJobService } from '../../src/main/services/video/videoJobs'
import { checkConnection } from '../../src/main/services/connectionCheck'
import { sendProbe } from '../../src/main/services/check/probeHttp'
import type { ProfileFieldsInput } from '../../src/shared/ipc/profiles'
import type { VideoJobRequest } from '../../src/shared/ipc/video'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'
import {
  makeCertificates,
  startHttpProxy,
  startSocks5,
  PROXY_PASSWORD,
  PROXY_USER,
  type RunningProxy,
  type RunningSocks,
  type TestCertificates,
} from '../fakes/networkServers'

const KEY = 'sk-network-paths-0123456789'
const TOKEN = 'console-network-paths-token'
const PATHS = ['direct', 'HTTP proxy', 'SOCKS5', 'HTTPS with a custom CA'] as const
type Path = (typeof PATHS)[number]

let certs: TestCertificates
let sim: RunningSimulator
let simTls: RunningSimulator
let proxy: RunningProxy
let socks: RunningSocks
let dir: string
/** The x-team header of every request the simulators saw, with its path. */
const seen: { path: string; team: string | undefined }[] = []
const watch = (req: IncomingMessage) =>
  seen.push({ path: req.url ?? '', team: req.headers['x-team'] as string | undefined })

beforeAll(async () => {
  certs = await makeCertificates()
  sim = await createSimulator({ apiKey: KEY, consoleToken: TOKEN, videoSpeed: 200, onRequest: watch })
  simTls = await createSimulator({
    apiKey: KEY,
    consoleToken: TOKEN,
    videoSpeed: 200,
    tls: certs.server,
    onRequest: watch,
  })
  proxy = await startHttpProxy()
  socks = await startSocks5()
  dir = mkdtempSync(join(tmpdir(), 'network-paths-'))
})
afterAll(async () => {
  await proxy.close()
  await socks.close()
  await sim.close()
  await simTls.close()
  rmSync(dir, { recursive: true, force: true })
})

function fieldsFor(path: Path, team: string): ProfileFieldsInput {
  const base = path === 'HTTPS with a custom CA' ? simTls.baseUrl : sim.baseUrl
  return {
    name: `${path} ${team}`.slice(0, 80),
    baseUrl: base,
    consoleBaseUrl: base,
    headers: [{ name: 'x-team', value: team }],
    timeoutMs: 10_000,
    idleTimeoutMs: 10_000,
    proxy:
      path === 'HTTP proxy'
        ? { mode: 'http', url: proxy.url, username: PROXY_USER }
        : path === 'SOCKS5'
          ? { mode: 'socks5', url: socks.url, username: PROXY_USER }
          : { mode: 'none' },
    tls: { caPem: path === 'HTTPS with a custom CA' ? certs.caCert : null, caName: 'test-ca.pem' },
  }
}

/** A fresh profile, pool and client: this call's connections are new. */
async function fresh(path: Path, team: string) {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create(fieldsFor(path, team))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  await profiles.setSecret(view.id, 'consoleToken', TOKEN)
  if (path === 'HTTP proxy' || path === 'SOCKS5')
    await profiles.setSecret(view.id, 'proxyPassword', PROXY_PASSWORD)
  const gateway = new GatewayClient({ retryBaseMs: 5, network: new NetworkPool() })
  const media = new MediaStore(join(dir, `media-${team}`), (id) => `media://${id}`)
  return { profiles, gateway, media, profileId: view.id }
}

type Bundle = Awaited<ReturnType<typeof fresh>>

const ask = (text: string) => ({
  model: 'sim-model',
  stream: true,
  maxTokens: 200,
  messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text }] }],
})

/** Each call kind, as the app makes it; resolves once the call's work is done (throws otherwise). */
const CALLS: Record<string, (b: Bundle) => Promise<void>> = {
  'text (streamed)': async (b) => {
    const service = new TextService({ profiles: b.profiles, gateway: b.gateway, media: b.media })
    const sink = new RecordingSink()
    const { runId } = await service.start(
      { profileId: b.profileId, format: 'chat', draft: ask('sim:tokens=20 hi') },
      sink,
    )
    const ended = await sink.ended(runId)
    expect(ended.status).toBe('done')
    expect(sink.text(runId).length).toBeGreaterThan(0)
  },
  'count tokens': async (b) => {
    const service = new TextService({ profiles: b.profiles, gateway: b.gateway, media: b.media })
    const count = await service.countTokens({
      profileId: b.profileId,
      format: 'messages',
      draft: ask('count me'),
    })
    expect(count.source).toBe('server')
  },
  embeddings: async (b) => {
    const service = new EmbeddingsService({ profiles: b.profiles, gateway: b.gateway, media: b.media })
    const o = await service.embed({
      profileId: b.profileId,
      requestId: 'e1',
      draft: {
        format: 'embeddings',
        model: 'text-embedding-3-small',
        inputs: [{ label: 'a', text: 'a cat' }],
        encoding: 'float',
        dimensions: '',
        taskType: '',
        apiVersion: 'v1beta',
      },
    })
    expect(o.status).toBe('done')
  },
  rerank: async (b) => {
    const service = new EmbeddingsService({ profiles: b.profiles, gateway: b.gateway, media: b.media })
    const o = await service.rerank({
      profileId: b.profileId,
      requestId: 'r1',
      draft: {
        model: 'rerank-v1',
        query: 'cat',
        documents: [{ label: '', text: 'a cat' }],
        topN: '',
        returnDocuments: true,
      },
    })
    expect(o.status).toBe('done')
  },
  'job submit, polls and the hosted result download': async (b) => {
    const service = new VideoJobService({
      profiles: b.profiles,
      gateway: b.gateway,
      media: b.media,
      dataDir: mkdtempSync(join(dir, 'jobs-')),
      timing: {
        pollIntervalMs: { min: 20, max: 30 },
        backoffMaxMs: 400,
        resultRetryMs: 20,
        resumeSpreadMs: 10,
        fetchIdleMs: 4000,
      },
    })
    await service.start()
    try {
      const request = {
        kind: 'model',
        profileId: b.profileId,
        model: 'famC-2.5-t2v-preview',
        form: { family: 'C', prompt: 'a boat' },
      }
      const { id } = await service.submit(request as VideoJobRequest)
      const started = Date.now()
      while (!['succeeded', 'failed', 'cancelled'].includes(service.get(id).status)) {
        if (Date.now() - started > 15_000) throw new Error('the job did not settle')
        await new Promise((r) => setTimeout(r, 20))
      }
      const job = service.get(id)
      expect(job.error).toBeNull()
      expect(job.status).toBe('succeeded')
      expect(job.result?.source).toBe('hosted')
    } finally {
      await service.close()
    }
  },
  'the model list': async (b) => {
    const profile = await b.profiles.resolve(b.profileId)
    const res = await b.gateway.send(profile, { kind: 'model', method: 'GET', path: '/v1/models' })
    // The simulator may have no list; any HTTP answer proves the call went the profile's way.
    expect(res.status).toBeGreaterThanOrEqual(200)
  },
  'a gateway check probe': async (b) => {
    const profile = await b.profiles.resolve(b.profileId)
    const answer = await sendProbe(
      profile,
      {
        kind: 'model',
        wire: 'chat',
        method: 'POST',
        path: '/v1/chat/completions',
        stream: true,
        body: { model: 'sim-model', stream: true, messages: [{ role: 'user', content: 'hi' }] },
      },
      { signal: new AbortController().signal, connect: b.gateway.connector(profile) },
    )
    expect(answer.exchange.transportError).toBeNull()
    expect(answer.exchange.status).toBe(200)
    expect(answer.exchange.frames.length).toBeGreaterThan(1)
  },
  'Test connection': async (b) => {
    const report = await checkConnection(b.gateway, await b.profiles.resolve(b.profileId))
    expect(report.authAccepted).toBe(true)
  },
}

describe.each(PATHS)('every call kind, %s', (path) => {
  it.each(Object.keys(CALLS))(
    "%s goes the profile's way and carries its headers",
    async (kind) => {
      const team = `${path}/${kind}`.replace(/[^a-z0-9]+/gi, '-')
      const b = await fresh(path, team)
      const tunnels = proxy.tunnels.length
      const socksConnections = socks.connections.length
      const before = seen.length
      try {
        await CALLS[kind]!(b)
      } finally {
        await b.gateway.close()
      }
      // The gateway's calls carry the profile's header; a result URL is a third party's and gets none of them.
      const calls = seen.slice(before).filter((s) => !s.path.startsWith('/sim-media/'))
      expect(calls.length).toBeGreaterThan(0)
      expect(calls.filter((s) => s.team !== team)).toEqual([])
      const port = String(
        path === 'HTTPS with a custom CA' ? new URL(simTls.baseUrl).port : new URL(sim.baseUrl).port,
      )
      if (path === 'HTTP proxy') expect(proxy.tunnels.slice(tunnels)).toContain(`127.0.0.1:${port}`)
      else expect(proxy.tunnels.length).toBe(tunnels)
      if (path === 'SOCKS5') expect(socks.connections.slice(socksConnections)).toContain(`127.0.0.1:${port}`)
      else expect(socks.connections.length).toBe(socksConnections)
    },
    30_000,
  )
})
