import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { commands, type Commands, type Events } from '../../src/shared/ipc/contract'
import { createClient, IpcCallError } from '../../src/shared/ipc/client'
import { defineCommand } from '../../src/shared/ipc/define'
import { AppError } from '../../src/shared/ipc/result'
import { createRouter, type Handlers } from '../../src/main/ipc/router'
import { composeDomains, defineDomain } from '../../src/main/ipc/domain'
import { DOMAINS } from '../../src/main/appCore'
import { ProfileService } from '../../src/main/services/profiles'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { TaskLedger } from '../../src/main/services/tasks/ledger'
import { JobBoard } from '../../src/main/services/tasks/jobBoard'
import { openHistory } from '../../src/main/services/history/openHistory'
import { ToolServerService } from '../../src/main/services/tools/toolServers'
import { createCostCore } from '../../src/main/services/cost/costCore'
import { InMemorySecretStore, InMemorySettingsStore, memoryBridge } from '../fakes/memory'
import { randomPayload, seededRandom } from '../fakes/fuzz'

const ctx = { senderId: 'w1', events: { alive: true, emit: () => undefined } }

function realHandlers(dir: string) {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const gateway = new GatewayClient({ retryBaseMs: 1 })
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  return composeDomains(DOMAINS, commands, {
    profiles,
    gateway,
    media,
    dataDir: dir,
    ledger: new TaskLedger(dir),
    jobs: new JobBoard(),
    history: openHistory(dir),
    tools: new ToolServerService({
      settings: new InMemorySettingsStore(),
      secrets: new InMemorySecretStore(),
      version: 'test',
    }),
    ...createCostCore({ dataDir: dir, profiles, gateway }),
    userAgent: 'gateway-playground/test',
    openExternal: async () => undefined,
    hostInfo: () => ({
      host: 'browser',
      version: 'test',
      platform: 'linux',
      secretProtection: 'plain-file',
      dataDir: dir,
      simulator: null,
    }),
  }).handlers
}

describe('IPC router', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'router-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('exposes exactly the reviewed route list', () => {
    const router = createRouter(commands, realHandlers(dir))
    expect(router.routes).toMatchInlineSnapshot(`
      [
        "app.getHostInfo",
        "app.getSettings",
        "app.openExternal",
        "app.reportError",
        "app.updateSettings",
        "cases.addCase",
        "cases.createSuite",
        "cases.deleteSuite",
        "cases.exportSuite",
        "cases.importSuite",
        "cases.listSuites",
        "cases.plannedWork",
        "cases.removeCase",
        "cases.renameSuite",
        "cases.startMatrix",
        "cases.stopMatrix",
        "check.cellDraft",
        "check.diff",
        "check.exchange",
        "check.exportReport",
        "check.listReports",
        "check.plannedWork",
        "check.rerunCell",
        "check.start",
        "check.stop",
        "compare.putExport",
        "embeddings.crossCheck",
        "embeddings.embed",
        "embeddings.exportSet",
        "embeddings.getCosine",
        "embeddings.getHeatmap",
        "embeddings.getNeighbours",
        "embeddings.getRows",
        "embeddings.getVector",
        "embeddings.preview",
        "embeddings.rankByEmbedding",
        "embeddings.readTextFile",
        "embeddings.rerank",
        "embeddings.stop",
        "evals.cells",
        "evals.diff",
        "evals.editColumns",
        "evals.editRows",
        "evals.export",
        "evals.exportDataset",
        "evals.importSuite",
        "evals.openDataset",
        "evals.openRun",
        "evals.reopenDataset",
        "evals.resume",
        "evals.rows",
        "evals.runs",
        "evals.start",
        "evals.stop",
        "history.deleteRuns",
        "history.dismissInterrupted",
        "history.exportRuns",
        "history.getRun",
        "history.getStorage",
        "history.listFacets",
        "history.listInterrupted",
        "history.listRuns",
        "history.pinRuns",
        "history.setRetention",
        "history.setRunRetention",
        "history.sumRuns",
        "history.watchRuns",
        "images.checkRawRequest",
        "images.checkRequest",
        "images.submitJob",
        "images.submitRawRequest",
        "jobs.adoptTask",
        "jobs.cancelJob",
        "jobs.deleteJob",
        "jobs.getExchange",
        "jobs.getJob",
        "jobs.getJobDetails",
        "jobs.getWaitLimit",
        "jobs.keepWaiting",
        "jobs.listExchanges",
        "jobs.listJobs",
        "jobs.lookupTask",
        "jobs.retryJob",
        "jobs.setWaitLimit",
        "jobs.watchJobs",
        "load.deleteRun",
        "load.diff",
        "load.export",
        "load.importLocust",
        "load.listRuns",
        "load.openRun",
        "load.points",
        "load.request",
        "load.start",
        "load.stop",
        "media.beginImport",
        "media.cancelImport",
        "media.finishImport",
        "media.importChunk",
        "models.listModels",
        "models.putCustom",
        "models.setFavourite",
        "prices.deletePrices",
        "prices.estimateWork",
        "prices.exportPrices",
        "prices.getSpend",
        "prices.importFile",
        "prices.listPrices",
        "prices.putPrice",
        "prices.setBudget",
        "profiles.create",
        "profiles.delete",
        "profiles.duplicate",
        "profiles.list",
        "profiles.setActive",
        "profiles.setSecret",
        "profiles.testConnection",
        "profiles.trustCertificate",
        "profiles.update",
        "text.countTokens",
        "text.createConversation",
        "text.deleteConversation",
        "text.editConversation",
        "text.getFrames",
        "text.listConversations",
        "text.openConversation",
        "text.previewRequest",
        "text.putTurns",
        "text.readTurns",
        "text.renameConversation",
        "text.restoreConversation",
        "text.saveCapture",
        "text.startRun",
        "text.stopRun",
        "text.switchConversation",
        "text.watchFrames",
        "tools.callMessages",
        "tools.callTool",
        "tools.connectServer",
        "tools.disconnectServer",
        "tools.listPrompts",
        "tools.listResources",
        "tools.listServers",
        "tools.listTools",
        "tools.putCanned",
        "tools.putServer",
        "tools.readCanned",
        "tools.readLog",
        "tools.removeServer",
        "tools.setAlwaysAllow",
        "tools.setToolMode",
        "tools.stopCall",
        "tools.watchLog",
        "tools.watchServers",
        "video.checkRawRequest",
        "video.previewRequest",
        "video.saveResult",
        "video.setPanelVisible",
        "video.submitJob",
        "video.submitRawRequest",
        "workspace.getPanel",
        "workspace.putPanel",
      ]
    `)
  })

  it('refuses to build without a handler for every route', () => {
    const handlers = { ...realHandlers(dir) } as Partial<Handlers<Commands, Events>>
    delete handlers['profiles.list']
    expect(() => createRouter(commands, handlers as Handlers<Commands, Events>)).toThrow(/profiles\.list/)
  })

  it('refuses a domain that claims a route outside the contract or one another domain handles', () => {
    const stray = defineDomain({
      name: 'stray',
      commands: { 'stray.ping': defineCommand(z.object({}), z.object({})) },
      services: () => null,
      handlers: () => ({ 'stray.ping': () => ({}) }),
    })
    const ctx = {} as Parameters<typeof composeDomains>[2]
    expect(() => composeDomains([stray], commands, ctx)).toThrow(/stray\.ping is not in the contract/)
    const twice = defineDomain({
      name: 'again',
      commands: { 'app.getHostInfo': commands['app.getHostInfo'] },
      services: () => null,
      handlers: () => ({ 'app.getHostInfo': () => ({}) as never }),
    })
    const [app] = DOMAINS
    expect(() =>
      composeDomains([app!, twice], commands, { ...ctx, hostInfo: () => ({}) as never } as never),
    ).toThrow(/app\.getHostInfo is handled twice/)
  })

  it('answers VALIDATION_FAILED naming the field, without running the handler', async () => {
    let ran = 0
    const defs = {
      'demo.echo': defineCommand(z.object({ n: z.number().int().min(1) }), z.object({ n: z.number() })),
    }
    const router = createRouter(defs, { 'demo.echo': ({ n }) => (ran++, { n }) })
    const result = await router.handle('demo.echo', { n: 0 }, ctx)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('VALIDATION_FAILED')
      expect(result.error.message).toMatch(/^n: /)
    }
    expect(ran).toBe(0)
    expect(await router.handle('demo.echo', { n: 2 }, ctx)).toEqual({ ok: true, value: { n: 2 } })
    expect(ran).toBe(1)
  })

  it('refuses app settings outside the rules, naming the field, and keeps what was saved', async () => {
    const router = createRouter(commands, realHandlers(dir))
    const bad = await router.handle('app.updateSettings', { text: { idleTimeoutMs: 10 } }, ctx)
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
    if (!bad.ok) expect(bad.error.message).toMatch(/^text\.idleTimeoutMs: .*at least 1 s/)
    const theme = await router.handle('app.updateSettings', { theme: 'sepia' }, ctx)
    expect(theme).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
    const saved = await router.handle('app.updateSettings', { theme: 'dark' }, ctx)
    expect(saved).toMatchObject({ ok: true, value: { theme: 'dark', text: { idleTimeoutMs: 60_000 } } })
    expect(await router.handle('app.getSettings', undefined, ctx)).toEqual(saved)
  })

  it('answers UNKNOWN_ROUTE for routes outside the contract, including prototype names', async () => {
    const router = createRouter(commands, realHandlers(dir))
    for (const route of ['nope', '__proto__', 'constructor', 'toString', 42, null]) {
      const result = await router.handle(route, undefined, ctx)
      expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_ROUTE' } })
    }
  })

  it('turns thrown errors into results: AppError keeps its code, anything else is INTERNAL', async () => {
    const defs = {
      'demo.app': defineCommand(z.void(), z.void()),
      'demo.crash': defineCommand(z.void(), z.void()),
      'demo.badOutput': defineCommand(z.void(), z.object({ a: z.string() })),
    }
    const logged: string[] = []
    const router = createRouter(
      defs,
      {
        'demo.app': () => {
          throw new AppError('DEMO_NOPE', 'nope sk-secret-123456', { key: 'sk-secret-123456' })
        },
        'demo.crash': () => {
          throw new TypeError('boom')
        },
        'demo.badOutput': () => ({ a: 1 }) as unknown as { a: string },
      },
      {
        onInternalError: (route) => logged.push(route),
        redact: (t) => t.replaceAll('sk-secret-123456', '***'),
      },
    )
    expect(await router.handle('demo.app', undefined, ctx)).toEqual({
      ok: false,
      error: { code: 'DEMO_NOPE', message: 'nope ***', details: { key: '***' } },
    })
    expect(await router.handle('demo.crash', undefined, ctx)).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', message: 'boom' },
    })
    expect(await router.handle('demo.badOutput', undefined, ctx)).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    })
    expect(logged).toEqual(['demo.crash', 'demo.badOutput'])
  })

  // 1,000 payloads for each of about 40 routes: on a busy machine this outlasts the default 20 s.
  it(
    'fuzzes every route with 1,000 random payloads: no throw, no handler on invalid input (S5)',
    { timeout: 90_000 },
    async () => {
      const handlers = realHandlers(dir)
      const calls = new Map<string, number>()
      const counted = Object.fromEntries(
        Object.entries(handlers).map(([route, fn]) => [
          route,
          (input: unknown, c: typeof ctx) => {
            calls.set(route, (calls.get(route) ?? 0) + 1)
            return (fn as (i: unknown, c: unknown) => unknown)(input, c)
          },
        ]),
      ) as unknown as Handlers<Commands, Events>
      const router = createRouter(commands, counted)
      const rand = seededRandom(20261122)
      for (const route of router.routes) {
        const def = commands[route as keyof Commands]
        let validCount = 0
        for (let i = 0; i < 1000; i++) {
          const payload = randomPayload(rand)
          const valid = def.input.safeParse(payload).success
          const before = calls.get(route) ?? 0
          const result = await router.handle(route, payload, ctx)
          expect(typeof result.ok).toBe('boolean')
          if (!valid) {
            expect(calls.get(route) ?? 0).toBe(before)
            expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
          } else validCount++
        }
        // Routes with a void input accept `undefined`; nothing else should slip through by chance.
        expect(validCount).toBeLessThan(1000)
      }
    },
  )

  it('round-trips through the typed client over an in-memory bridge', async () => {
    const router = createRouter(commands, realHandlers(dir))
    const client = createClient(memoryBridge(router))
    const created = await client.invoke('profiles.create', {
      name: 'Staging',
      baseUrl: 'https://gw.example.com/',
    })
    expect(created).toMatchObject({
      name: 'Staging',
      baseUrl: 'https://gw.example.com',
      builtIn: false,
      nativeAuth: 'bearer',
    })
    const status = await client.invoke('profiles.setSecret', {
      id: created.id,
      kind: 'apiKey',
      value: 'sk-canary-abcdef123456',
    })
    expect(status).toEqual({ configured: true, hint: 'sk-…3456' })
    const listed = await client.invoke('profiles.list')
    expect(JSON.stringify(listed)).not.toContain('sk-canary-abcdef123456')
    expect(listed.activeId).toBe(created.id)
    await expect(client.invoke('profiles.create', { name: '', baseUrl: 'ftp://x' })).rejects.toBeInstanceOf(
      IpcCallError,
    )
    const bad = await client.call('profiles.create', { name: 'x', baseUrl: 'https://user:pw@host' })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error.message).toMatch(/baseUrl: must not contain credentials/)
  })
})
