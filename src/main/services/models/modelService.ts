// The models each profile can reach: the app's catalog, the gateway's own list (GET /v1/models through the one
// gateway client, so the profile's headers, proxy and TLS settings go with it; asked once per profile, again on
// refresh, kept in `models.json`), and ids the user typed; with the favourites, the prices that apply and what
// the last Gateway check saw. A gateway without a list endpoint is normal: the state says so once, in words.
import { z } from 'zod'
import { KNOWN_TEXT_MODELS } from '../../../shared/catalog/textModels'
import { EMBEDDING_MODELS, RERANK_MODELS } from '../../../shared/catalog/embeddingModels'
import { VIDEO_MODELS } from '../../../shared/catalog/videoModels'
import type { GatewayList, ModelInfo, ModelKind, ModelSource } from '../../../shared/ipc/models'
import { today, type ModelPrice } from '../../../shared/cost/prices'
import { AppError } from '../../../shared/ipc/result'
import { SavedJson } from '../savedJson'
import { GatewayError, type GatewayClient } from '../gateway'
import type { ProfileService } from '../profiles'
import { readListPage, type ListedModel, type ListShape } from './listShapes'

export const MODELS_FILE = 'models.json'
/** Models kept from one gateway's list, pages asked at most, and the largest page read. */
export const LISTED_MAX = 5000
const PAGES_MAX = 20
const PAGE_MAX_CHARS = 16 * 1024 * 1024
const FAVOURITES_MAX = 500
const CUSTOM_MAX = 500

const listedSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  ownedBy: z.string().optional(),
  kind: z.enum(['text', 'embedding', 'rerank', 'video', 'image']).optional(),
  contextWindow: z.number().optional(),
  maxOutput: z.number().optional(),
  inputModalities: z.array(z.string()).optional(),
  outputModalities: z.array(z.string()).optional(),
  pricing: z.record(z.string(), z.number()).optional(),
})
const gatewaySchema = z.object({
  state: z.enum(['listed', 'none', 'failed']),
  fetchedAt: z.number(),
  message: z.string(),
  shape: z.enum(['openai', 'anthropic', 'gemini']).nullable(),
  models: z.array(listedSchema).max(LISTED_MAX),
})
const fileSchema = z.object({
  version: z.literal(1),
  gateways: z.record(z.string(), gatewaySchema),
  favourites: z.array(z.string()).max(FAVOURITES_MAX),
  custom: z.record(z.string(), z.array(z.string()).max(CUSTOM_MAX)),
  /** profile → model → the last check: when, and each format's verdict. */
  checks: z.record(
    z.string(),
    z.record(z.string(), z.object({ at: z.number(), formats: z.record(z.string(), z.string()) })),
  ),
})
type ModelsFile = z.infer<typeof fileSchema>
type GatewayRecord = z.infer<typeof gatewaySchema>

interface CatalogEntry {
  id: string
  kind: ModelKind
  formats?: string[]
  thinking?: boolean
  outputModalities?: string[]
}

const CATALOG: readonly CatalogEntry[] = [
  ...KNOWN_TEXT_MODELS.map((m) => ({
    id: m.id,
    kind: 'text' as const,
    formats: [...m.formats],
    thinking: m.thinking,
    outputModalities: m.imageOutput ? ['text', 'image'] : ['text'],
  })),
  ...EMBEDDING_MODELS.map((m) => ({
    id: m.id,
    kind: 'embedding' as const,
    formats: [m.format === 'native' ? 'embedContent' : 'embeddings'],
  })),
  ...RERANK_MODELS.map((id) => ({ id, kind: 'rerank' as const })),
  ...VIDEO_MODELS.map((m) => ({ id: m.id, kind: 'video' as const })),
  { id: 'svc-image-1', kind: 'image' as const },
]

export interface ModelServiceDeps {
  dataDir: string
  gateway: GatewayClient
  profiles: ProfileService
  /** The price that applies to a model on a profile (its table first), for the list's summary. */
  tablePrice: (profileId: string, model: string) => ModelPrice | undefined
  log?: (message: string) => void
  now?: () => number
}

const NOT_LISTED = 'This gateway does not list its models; the catalog and the ids you type are offered.'

export class ModelService {
  private readonly file: SavedJson<ModelsFile>
  private readonly asking = new Map<string, Promise<void>>()
  private readonly now: () => number

  constructor(private readonly deps: ModelServiceDeps) {
    this.now = deps.now ?? Date.now
    this.file = new SavedJson({
      dataDir: deps.dataDir,
      file: MODELS_FILE,
      schema: fileSchema,
      initial: () => ({ version: 1, gateways: {}, favourites: [], custom: {}, checks: {} }),
      maxBytes: 64 * 1024 * 1024,
      log: deps.log,
    })
  }

  async list(input: {
    profileId: string
    query?: string | undefined
    kind?: ModelKind | undefined
    limit: number
    refresh?: boolean | undefined
  }): Promise<{ models: ModelInfo[]; total: number; gateway: GatewayList }> {
    this.assertProfile(input.profileId)
    const record = this.file.get().gateways[input.profileId]
    if (!record || input.refresh) await this.ask(input.profileId)
    const all = this.merged(input.profileId)
    const words = (input.query ?? '').toLowerCase().split(/\s+/).filter(Boolean)
    const matching = all.filter(
      (m) =>
        (!input.kind || !m.kind || m.kind === input.kind) &&
        words.every((w) => m.id.toLowerCase().includes(w) || (m.name?.toLowerCase().includes(w) ?? false)),
    )
    const q = words.join(' ')
    const rank = (m: ModelInfo) =>
      (m.favourite ? 0 : 4) +
      (q && m.id.toLowerCase() === q ? 0 : q && m.id.toLowerCase().startsWith(q) ? 1 : 2)
    matching.sort((a, b) => rank(a) - rank(b))
    return {
      models: matching.slice(0, input.limit),
      total: matching.length,
      gateway: this.gatewayState(input.profileId),
    }
  }

  setFavourite(model: string, favourite: boolean): { favourites: number } {
    const next = this.file.update((f) => {
      const rest = f.favourites.filter((m) => m !== model)
      f.favourites = (favourite ? [model, ...rest] : rest).slice(0, FAVOURITES_MAX)
    })
    return { favourites: next.favourites.length }
  }

  putCustom(profileId: string, model: string, remove = false): { custom: number } {
    this.assertProfile(profileId)
    const next = this.file.update((f) => {
      const rest = (f.custom[profileId] ?? []).filter((m) => m !== model)
      f.custom[profileId] = (remove ? rest : [model, ...rest]).slice(0, CUSTOM_MAX)
    })
    return { custom: next.custom[profileId]?.length ?? 0 }
  }

  /** What a finished check saw, per model and format (a later check replaces an earlier one's model). */
  recordCheck(
    profileId: string,
    at: number,
    cells: readonly { group: string; probeId: string; model: string; format: string; status: string }[],
  ): void {
    const seen: Record<string, Record<string, string>> = {}
    for (const c of cells) {
      if (c.group !== 'text' || c.probeId !== 'plain' || c.status === 'skipped' || c.status === 'stopped')
        continue
      ;(seen[c.model] ??= {})[c.format] = c.status
    }
    if (Object.keys(seen).length === 0) return
    this.file.update((f) => {
      const checks = (f.checks[profileId] ??= {})
      for (const [model, formats] of Object.entries(seen)) checks[model] = { at, formats }
      const models = Object.keys(checks)
      for (const old of models.slice(0, Math.max(0, models.length - LISTED_MAX))) delete checks[old]
    })
  }

  /** A price from the gateway's list (OpenRouter-style `pricing`), in USD, dated the day the list was read. */
  listedPrice(profileId: string, ids: readonly string[]): ModelPrice | undefined {
    const record = this.file.get().gateways[profileId]
    if (!record) return undefined
    for (const id of ids) {
      const listed = record.models.find((m) => m.id.toLowerCase() === id.toLowerCase())
      if (listed?.pricing && (listed.pricing.input !== undefined || listed.pricing.output !== undefined))
        return {
          model: listed.id,
          currency: 'USD',
          ...listed.pricing,
          setAt: today(record.fetchedAt),
          source: 'gateway',
        }
    }
    return undefined
  }

  /** The gateway's own models of a profile, as last listed (the Gateway check offers these first). */
  gatewayModels(profileId: string): string[] {
    return this.file.get().gateways[profileId]?.models.map((m) => m.id) ?? []
  }

  flush(): Promise<void> {
    return this.file.flush()
  }

  private assertProfile(profileId: string): void {
    if (!this.deps.profiles.exists(profileId))
      throw new AppError('MODELS_NO_PROFILE', `profileId: there is no profile ${profileId}.`)
  }

  private gatewayState(profileId: string): GatewayList {
    const r = this.file.get().gateways[profileId]
    if (!r)
      return {
        state: 'unasked',
        count: 0,
        fetchedAt: null,
        message: 'The gateway was not asked for its models yet.',
        shape: null,
      }
    return {
      state: r.state,
      count: r.models.length,
      fetchedAt: r.fetchedAt,
      message: r.message,
      shape: r.shape,
    }
  }

  /** Asks the gateway for its list once at a time per profile; the answer (or why there is none) is kept. */
  private ask(profileId: string): Promise<void> {
    let pending = this.asking.get(profileId)
    if (!pending) {
      pending = this.fetchList(profileId)
        .then((record) => void this.file.update((f) => void (f.gateways[profileId] = record)))
        .finally(() => this.asking.delete(profileId))
      this.asking.set(profileId, pending)
    }
    return pending
  }

  private async fetchList(profileId: string): Promise<GatewayRecord> {
    const at = this.now()
    const failed = (message: string): GatewayRecord => ({
      state: 'failed',
      fetchedAt: at,
      message,
      shape: null,
      models: [],
    })
    const none = (message: string): GatewayRecord => ({
      state: 'none',
      fetchedAt: at,
      message,
      shape: null,
      models: [],
    })
    let profile
    try {
      profile = await this.deps.profiles.resolve(profileId)
    } catch (error) {
      return failed(`The model list was not asked for: ${(error as Error).message}`)
    }
    const models = new Map<string, ListedModel>()
    let shape: ListShape | null = null
    let query: Record<string, string> | null = {}
    for (let page = 0; query && page < PAGES_MAX && models.size < LISTED_MAX; page++) {
      // The first page is the bare path (a strict gateway may refuse a query it does not know); later pages say
      // where to go on in the list's own words.
      const search = new URLSearchParams({
        ...query,
        ...(shape === 'anthropic' ? { limit: '1000' } : {}),
      }).toString()
      let res
      try {
        res = await this.deps.gateway.send(profile, {
          kind: 'model',
          method: 'GET',
          path: search ? `/v1/models?${search}` : '/v1/models',
          maxRetries: 1,
        })
      } catch (error) {
        const why = error instanceof GatewayError || error instanceof Error ? error.message : String(error)
        return page === 0
          ? failed(`Could not ask the gateway for its models: ${why}`)
          : this.listed(at, shape, models, `stopped at page ${page + 1}: ${why}`)
      }
      const body = res.exchange.rawBody()
      if (!res.ok) {
        if (page > 0)
          return this.listed(at, shape, models, `stopped at page ${page + 1}: status ${res.status}`)
        if ([404, 405, 501].includes(res.status)) return none(NOT_LISTED)
        if (res.status === 401 || res.status === 403)
          return failed(
            `The gateway refused the key for its model list (status ${res.status}); the catalog and the ids you type are offered.`,
          )
        return failed(
          `The gateway answered ${res.status} when asked for its models: ${body.slice(0, 200) || 'no text'}`,
        )
      }
      let json: unknown
      try {
        if (body.length > PAGE_MAX_CHARS) throw new Error('too large')
        json = JSON.parse(body)
      } catch {
        if (page > 0) return this.listed(at, shape, models, `stopped at page ${page + 1}: not JSON`)
        return none(`${NOT_LISTED} (GET /v1/models answered, but not with a list.)`)
      }
      const read = readListPage(json)
      if (!read) {
        if (page > 0) return this.listed(at, shape, models, `stopped at page ${page + 1}: not a list`)
        return none(`${NOT_LISTED} (GET /v1/models answered, but not with a list.)`)
      }
      shape = read.shape
      for (const m of read.models) if (models.size < LISTED_MAX && !models.has(m.id)) models.set(m.id, m)
      query = read.next
    }
    return this.listed(at, shape, models)
  }

  private listed(
    at: number,
    shape: ListShape | null,
    models: Map<string, ListedModel>,
    partial?: string,
  ): GatewayRecord {
    const n = models.size
    const message = `The gateway lists ${n} model${n === 1 ? '' : 's'}${partial ? ` (the list ${partial})` : ''}.`
    return {
      state: 'listed',
      fetchedAt: at,
      message,
      shape,
      models: [...models.values()] as GatewayRecord['models'],
    }
  }

  private merged(profileId: string): ModelInfo[] {
    const f = this.file.get()
    const favourites = new Set(f.favourites)
    const checks = f.checks[profileId] ?? {}
    const byId = new Map<string, ModelInfo>()
    const add = (id: string, source: ModelSource, facts: Partial<ModelInfo>) => {
      const known = byId.get(id)
      if (known) {
        if (!known.sources.includes(source)) known.sources.push(source)
        for (const [k, v] of Object.entries(facts))
          if (v !== undefined && (known as Record<string, unknown>)[k] === undefined)
            (known as Record<string, unknown>)[k] = v
        return
      }
      byId.set(id, { id, sources: [source], favourite: favourites.has(id), ...facts })
    }
    for (const m of f.gateways[profileId]?.models ?? []) {
      const { pricing: _p, ownedBy: _o, ...facts } = m
      add(m.id, 'gateway', facts)
    }
    for (const c of CATALOG)
      add(c.id, 'catalog', {
        kind: c.kind,
        formats: c.formats,
        thinking: c.thinking,
        outputModalities: c.outputModalities,
      })
    for (const id of f.custom[profileId] ?? []) add(id, 'yours', {})
    for (const m of byId.values()) {
      const check = checks[m.id]
      if (check) m.checked = check
      const price = this.deps.tablePrice(profileId, m.id) ?? this.listedPrice(profileId, [m.id])
      if (price) {
        m.price = { currency: price.currency, source: price.source, setAt: price.setAt }
        if (price.input !== undefined) m.price.input = price.input
        if (price.output !== undefined) m.price.output = price.output
        m.contextWindow ??= price.contextWindow
        m.maxOutput ??= price.maxOutput
        if (m.contextWindow === undefined) delete m.contextWindow
        if (m.maxOutput === undefined) delete m.maxOutput
      }
    }
    return [...byId.values()]
  }
}
