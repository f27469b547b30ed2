// The embeddings service: sends endpoints 7-10 through the gateway client, reads embedding responses as they
// arrive, and keeps each result set in main by id with its cosine matrix and 2-D projection. Invariants:
// vectors never leave main whole (the renderer gets summaries, tiles and pages, M1); every call ends as done,
// stopped or failed with the gateway's own message; the long computations yield to the event loop.
import { randomUUID } from 'node:crypto'
import { endianness } from 'node:os'
import { readFile } from 'node:fs/promises'
import type { GatewayClient } from '../gateway'
import { authorize, GatewayError, responseText } from '../gateway'
import type { ProfileService, ResolvedProfile } from '../profiles'
import type { MediaStore } from '../mediaStore'
import type { SaveDialog } from '../video/ports'
import type { ExchangeRecorder } from '../exchangeRecorder'
import { redactHeader, redactUrl } from '../redact'
import { AppError } from '../../../shared/ipc/result'
import type { Exchange } from '../../../shared/ipc/exchange'
import type { RequestPreview } from '../../../shared/ipc/text'
import type {
  CrossCheckOutcome,
  EmbedFailure,
  EmbedOutcome,
  ExportFormat,
  RerankOutcome,
  RowSummary,
} from '../../../shared/ipc/embeddings'
import { heatmapRowsPerTile } from '../../../shared/ipc/embeddings'
import {
  buildEmbed,
  buildRerank,
  errorMessageOf,
  hasErrors,
  parseRerank,
  textsOfEmbedBody,
  validateEmbed,
  validateRerank,
  type BuiltRequest,
  type DraftIssue,
  type EmbedDraft,
  type RerankDraft,
  type TextItem,
} from '../../../shared/embed/requests'
import { exportEmbeddingsCode } from '../../../shared/embed/codeExport'
import { ArrayElementReader } from './responseReader'
import {
  agreesWithinFloat32,
  compareVectors,
  cosineFromGram,
  createPacer,
  decodeBase64Float32,
  gramMatrix,
  neighbours,
  norm,
  pcaFromGram,
  quantiseRows,
  type Projection,
} from './vectorMath'
import { readTexts, type ReadTexts } from './textImport'

/** Characters of a response body kept for the Inspector; the vectors themselves are summarised in the panel. */
const RECORDED_BODY_CHARS = 256 * 1024
/** Characters of the request body a preview shows (the whole body is sent); keeps the answer under M1. */
const PREVIEW_BODY_CHARS = 100_000
const KEPT_SETS = 6
const FIRST_VALUES = 5
const FIRST_ROWS = 100

export interface EmbeddingsDeps {
  profiles: ProfileService
  gateway: GatewayClient
  media: MediaStore
  saveDialog?: SaveDialog
}

interface ResultSet {
  id: string
  model: string
  labels: string[]
  texts: string[]
  vectors: Float32Array[]
  cosine: Float32Array
  projection: Projection
}

interface Vectors {
  vectors: Float32Array[]
  usage: { promptTokens: number | null; totalTokens: number | null }
  exchange: ExchangeRecorder
  totalMs: number
}

class CallFailed extends Error {
  constructor(
    readonly failure: EmbedFailure,
    readonly exchange: ExchangeRecorder | null,
  ) {
    super(failure.message)
  }
}

class CallStopped extends Error {
  constructor(readonly exchange: ExchangeRecorder | null) {
    super('stopped')
  }
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null)

function issuesFailure(issues: DraftIssue[]): CallFailed {
  const errors = issues.filter((i) => i.severity === 'error')
  return new CallFailed(
    {
      code: 'EMBED_INVALID_DRAFT',
      httpStatus: null,
      message: errors.map((i) => `${i.field}: ${i.message}`).join(' '),
    },
    null,
  )
}

function toVector(value: unknown, at: string): Float32Array {
  if (typeof value === 'string') return decodeBase64Float32(value)
  if (Array.isArray(value) && value.every((x) => typeof x === 'number'))
    return Float32Array.from(value as number[])
  throw new Error(`${at} is neither an array of numbers nor a base64 string`)
}

export class EmbeddingsService {
  private readonly sets = new Map<string, ResultSet>()
  private readonly calls = new Map<string, AbortController>()

  constructor(private readonly deps: EmbeddingsDeps) {}

  stop(requestId: string): { stopped: boolean } {
    const c = this.calls.get(requestId)
    if (!c) return { stopped: false }
    c.abort()
    return { stopped: true }
  }

  // ---------------------------------------------------------------- embed

  async embed(input: {
    profileId: string
    requestId: string
    draft: EmbedDraft
    rawBody?: string
  }): Promise<EmbedOutcome> {
    return this.guard(input.requestId, async (signal) => {
      const profile = await this.deps.profiles.resolve(input.profileId)
      const got = await this.fetchVectors(profile, input.draft, input.rawBody, signal)
      const t0 = performance.now()
      const set = await this.makeSet(input.draft, got.vectors, input.rawBody)
      return {
        status: 'done' as const,
        set: {
          setId: set.id,
          count: set.vectors.length,
          dimensions: set.vectors[0]?.length ?? 0,
          labels: set.labels,
          rows: this.rowPage(set, 0, FIRST_ROWS),
          projection: set.projection,
        },
        usage: got.usage,
        timing: { totalMs: Math.round(got.totalMs), computeMs: Math.round(performance.now() - t0) },
        exchange: got.exchange.snapshot(),
      }
    })
  }

  /** Runs `work` with a stop handle; failures and stops become outcomes instead of exceptions. */
  private async guard<T>(
    requestId: string,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<
    | T
    | { status: 'stopped'; exchange: Exchange | null }
    | { status: 'failed'; error: EmbedFailure; exchange: Exchange | null }
  > {
    const controller = new AbortController()
    this.calls.set(requestId, controller)
    try {
      return await work(controller.signal)
    } catch (error) {
      if (error instanceof CallStopped)
        return { status: 'stopped', exchange: error.exchange?.snapshot() ?? null }
      if (error instanceof CallFailed)
        return { status: 'failed', error: error.failure, exchange: error.exchange?.snapshot() ?? null }
      if (error instanceof GatewayError) {
        if (error.code === 'GATEWAY_ABORTED')
          return { status: 'stopped', exchange: error.exchange.snapshot() }
        return {
          status: 'failed',
          error: { code: error.code, httpStatus: null, message: error.message },
          exchange: error.exchange.snapshot(),
        }
      }
      if (error instanceof AppError)
        return {
          status: 'failed',
          error: { code: error.code, httpStatus: null, message: error.message },
          exchange: null,
        }
      throw error
    } finally {
      this.calls.delete(requestId)
    }
  }

  private async fetchVectors(
    profile: ResolvedProfile,
    draft: EmbedDraft,
    rawBody: string | undefined,
    signal: AbortSignal,
  ): Promise<Vectors> {
    if (rawBody === undefined) {
      const issues = validateEmbed(draft)
      if (hasErrors(issues)) throw issuesFailure(issues)
    } else {
      try {
        JSON.parse(rawBody)
      } catch (error) {
        throw new CallFailed(
          {
            code: 'EMBED_INVALID_JSON',
            httpStatus: null,
            message: `request body: not valid JSON (${(error as Error).message}).`,
          },
          null,
        )
      }
    }
    const built = buildEmbed(draft)
    const t0 = performance.now()
    const res = await this.deps.gateway.send(profile, {
      kind: built.kind,
      method: built.method,
      path: built.path,
      ...(rawBody !== undefined ? { rawBody } : { body: built.body }),
      headers: { accept: 'application/json' },
      stream: true,
      signal,
    })
    const exchange = res.exchange
    if (!res.ok || !res.body) throw this.httpFailure(res.status, responseText(res), exchange)

    const vectors: Float32Array[] = []
    const arrayKey =
      draft.format === 'embeddings' ? 'data' : draft.format === 'batchEmbedContents' ? 'embeddings' : null
    const reader = new ArrayElementReader(arrayKey ? [arrayKey] : [], (value, i) => {
      const item = value as { index?: unknown; embedding?: unknown; values?: unknown }
      if (arrayKey === 'data')
        vectors[typeof item.index === 'number' ? item.index : i] = toVector(
          item.embedding,
          `data[${i}].embedding`,
        )
      else vectors[i] = toVector(item.values, `embeddings[${i}].values`)
    })
    const decoder = new TextDecoder()
    let recorded = 0
    const pace = createPacer()
    let top: Record<string, unknown>
    try {
      const body = res.body.getReader()
      for (;;) {
        const { done, value } = await body.read()
        if (done) break
        if (recorded < RECORDED_BODY_CHARS) {
          const text = decoder.decode(value, { stream: true })
          exchange.recordBodyChunk(text)
          recorded += text.length
        }
        reader.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength))
        await pace()
      }
      top = reader.end()
    } catch (error) {
      exchange.recordError(signal.aborted ? 'stopped by the user' : String((error as Error).message))
      exchange.finish()
      if (signal.aborted) throw new CallStopped(exchange)
      throw new CallFailed(
        {
          code: 'EMBED_BAD_RESPONSE',
          httpStatus: res.status,
          message: `The response could not be read: ${(error as Error).message}`,
        },
        exchange,
      )
    }
    exchange.finish()
    const totalMs = performance.now() - t0
    const fail = (message: string) =>
      new CallFailed({ code: 'EMBED_BAD_RESPONSE', httpStatus: res.status, message }, exchange)
    if (draft.format === 'embedContent') {
      const values = (top.embedding as { values?: unknown } | undefined)?.values
      try {
        vectors.push(toVector(values, 'embedding.values'))
      } catch (error) {
        throw fail((error as Error).message)
      }
    }
    const expected = rawBody !== undefined ? vectors.length : draft.inputs.length
    if (vectors.length !== expected || vectors.some((v) => v === undefined))
      throw fail(`Expected ${expected} vectors, the response held ${vectors.filter(Boolean).length}.`)
    const dims = vectors[0]?.length ?? 0
    if (vectors.some((v) => v.length !== dims)) throw fail('The vectors in the response differ in length.')
    const usage = (top.usage ??
      (top.metadata as { usage?: unknown } | undefined)?.usage ??
      top.usageMetadata) as Record<string, unknown> | undefined
    return {
      vectors,
      usage: {
        promptTokens: num(usage?.prompt_tokens ?? usage?.promptTokenCount),
        totalTokens: num(usage?.total_tokens ?? usage?.totalTokenCount),
      },
      exchange,
      totalMs,
    }
  }

  private httpFailure(status: number, text: string, exchange: ExchangeRecorder): CallFailed {
    let message: string | null = null
    try {
      message = errorMessageOf(JSON.parse(text))
    } catch {
      message = null
    }
    const hint =
      status === 401 ? ' Check the API key in Settings.' : status === 429 ? ' Rate limited: retry later.' : ''
    return new CallFailed(
      {
        code: 'EMBED_HTTP_ERROR',
        httpStatus: status,
        message: `The gateway answered ${status}: ${message ?? (text.slice(0, 300) || 'no body')}.${hint}`,
      },
      exchange,
    )
  }

  private async makeSet(draft: EmbedDraft, vectors: Float32Array[], rawBody?: string): Promise<ResultSet> {
    let texts = draft.inputs.map((i) => i.text)
    if (rawBody !== undefined)
      texts = textsOfEmbedBody(draft.format, JSON.parse(rawBody)) ?? vectors.map(() => '')
    const labels = vectors.map((_, i) => {
      const label =
        rawBody === undefined || texts.length === draft.inputs.length ? draft.inputs[i]?.label : undefined
      return label && label.trim() !== '' ? label : `#${i + 1}`
    })
    const pace = createPacer()
    const gram = await gramMatrix(vectors, pace)
    const cosine = cosineFromGram(gram, vectors.length)
    const projection = await pcaFromGram(gram, vectors.length, pace)
    const set: ResultSet = {
      id: randomUUID(),
      model: draft.model,
      labels,
      texts,
      vectors,
      cosine,
      projection,
    }
    this.sets.set(set.id, set)
    while (this.sets.size > KEPT_SETS) this.sets.delete(this.sets.keys().next().value!)
    return set
  }

  private set(setId: string): ResultSet {
    const set = this.sets.get(setId)
    if (!set)
      throw new AppError('EMBED_SET_GONE', 'That result is no longer kept in memory; embed the inputs again.')
    return set
  }

  private rowPage(set: ResultSet, offset: number, limit: number): RowSummary[] {
    return set.vectors.slice(offset, offset + limit).map((v, k) => ({
      index: offset + k,
      dimensions: v.length,
      norm: norm(v),
      first: Array.from(v.subarray(0, FIRST_VALUES)),
    }))
  }

  getRows(setId: string, offset: number, limit: number): { total: number; rows: RowSummary[] } {
    const set = this.set(setId)
    return { total: set.vectors.length, rows: this.rowPage(set, offset, limit) }
  }

  getVector(setId: string, index: number): { values: number[] } {
    const v = this.set(setId).vectors[index]
    if (!v) throw new AppError('EMBED_NO_ITEM', `index: no input ${index} in this result.`)
    return { values: Array.from(v) }
  }

  getHeatmapTile(setId: string, from: number): { n: number; from: number; to: number; data: string } {
    const set = this.set(setId)
    const n = set.vectors.length
    if (from >= n) throw new AppError('EMBED_NO_ITEM', `from: the matrix has ${n} rows.`)
    const to = Math.min(n, from + heatmapRowsPerTile(n))
    return { n, from, to, data: quantiseRows(set.cosine, n, from, to) }
  }

  getNeighbours(
    setId: string,
    index: number,
    k: number,
  ): { neighbours: { index: number; cosine: number }[] } {
    const set = this.set(setId)
    if (index >= set.vectors.length)
      throw new AppError('EMBED_NO_ITEM', `index: no input ${index} in this result.`)
    return { neighbours: neighbours(set.cosine, set.vectors.length, index, k) }
  }

  // ---------------------------------------------------------------- cross-format check

  async crossCheck(input: {
    profileId: string
    requestId: string
    draft: EmbedDraft
  }): Promise<CrossCheckOutcome> {
    const exchanges: ExchangeRecorder[] = []
    const steps: { name: string; draft: EmbedDraft }[] = [
      { name: '/v1/embeddings (float)', draft: { ...input.draft, format: 'embeddings', encoding: 'float' } },
      {
        name: '/v1/embeddings (base64)',
        draft: { ...input.draft, format: 'embeddings', encoding: 'base64' },
      },
      { name: 'batchEmbedContents', draft: { ...input.draft, format: 'batchEmbedContents' } },
    ]
    const results: Float32Array[][] = []
    let step = steps[0]!.name
    const outcome = await this.guard(input.requestId, async (signal) => {
      const profile = await this.deps.profiles.resolve(input.profileId)
      for (const s of steps) {
        step = s.name
        try {
          const got = await this.fetchVectors(profile, s.draft, undefined, signal)
          exchanges.push(got.exchange)
          results.push(got.vectors)
        } catch (error) {
          const ex = (error as { exchange?: ExchangeRecorder | null }).exchange
          if (ex) exchanges.push(ex)
          throw error
        }
      }
      return null
    })
    if (outcome !== null) {
      const error =
        outcome.status === 'stopped'
          ? { code: 'EMBED_STOPPED', httpStatus: null, message: 'The check was stopped.' }
          : outcome.error
      return { status: 'failed', step, error, exchanges: exchanges.map((e) => e.snapshot()) }
    }
    const [float, base64, native] = results as [Float32Array[], Float32Array[], Float32Array[]]
    const rows = float.map((v, index) => {
      const b = compareVectors(v, base64[index]!)
      const n = compareVectors(v, native[index]!)
      return {
        index,
        base64: { ...b, agrees: agreesWithinFloat32(b) },
        native: { ...n, agrees: agreesWithinFloat32(n) },
      }
    })
    return {
      status: 'done',
      model: input.draft.model,
      rows: rows.map((r) => ({
        ...r,
        base64: { ...r.base64, cosine: finite(r.base64.cosine), maxAbsDiff: finite(r.base64.maxAbsDiff) },
        native: { ...r.native, cosine: finite(r.native.cosine), maxAbsDiff: finite(r.native.maxAbsDiff) },
      })),
      disagreements: rows.filter((r) => !r.base64.agrees || !r.native.agrees).length,
      exchanges: exchanges.map((e) => e.snapshot()),
    }
  }

  // ---------------------------------------------------------------- rerank

  async rerank(input: {
    profileId: string
    requestId: string
    draft: RerankDraft
    rawBody?: string
  }): Promise<RerankOutcome> {
    return this.guard(input.requestId, async (signal) => {
      if (input.rawBody === undefined) {
        const issues = validateRerank(input.draft)
        if (hasErrors(issues)) throw issuesFailure(issues)
      }
      const profile = await this.deps.profiles.resolve(input.profileId)
      const built = buildRerank(input.draft)
      const t0 = performance.now()
      const res = await this.deps.gateway.send(profile, {
        kind: built.kind,
        method: built.method,
        path: built.path,
        ...(input.rawBody !== undefined ? { rawBody: input.rawBody } : { body: built.body }),
        signal,
      })
      const text = responseText(res)
      if (!res.ok) throw this.httpFailure(res.status, text, res.exchange)
      let parsed: ReturnType<typeof parseRerank>
      try {
        parsed = parseRerank(JSON.parse(text))
      } catch (error) {
        throw new CallFailed(
          {
            code: 'EMBED_BAD_RESPONSE',
            httpStatus: res.status,
            message: `The rerank response could not be read: ${(error as Error).message}`,
          },
          res.exchange,
        )
      }
      return {
        status: 'done' as const,
        model: parsed.model,
        results: parsed.results,
        totalTokens: parsed.totalTokens,
        timing: { totalMs: Math.round(performance.now() - t0) },
        exchange: res.exchange.snapshot(),
      }
    })
  }

  /** The documents ordered by cosine to the query under the draft's embedding model (one batch, query first). */
  async rankByEmbedding(input: {
    profileId: string
    requestId: string
    draft: EmbedDraft
    query: string
    documents: TextItem[]
  }) {
    return this.guard(input.requestId, async (signal) => {
      const profile = await this.deps.profiles.resolve(input.profileId)
      const draft: EmbedDraft = {
        ...input.draft,
        format: input.draft.format === 'embedContent' ? 'batchEmbedContents' : input.draft.format,
        inputs: [{ label: 'query', text: input.query }, ...input.documents],
      }
      const got = await this.fetchVectors(profile, draft, undefined, signal)
      const [q, ...docs] = got.vectors
      const ranking = docs
        .map((d, index) => ({ index, cosine: finite(compareVectors(q!, d).cosine) }))
        .sort((a, b) => b.cosine - a.cosine)
      return { status: 'done' as const, ranking, exchange: got.exchange.snapshot() }
    })
  }

  // ---------------------------------------------------------------- preview, files, export

  async preview(
    input:
      | { mode: 'embed'; profileId: string; draft: EmbedDraft; rawBody?: string }
      | { mode: 'rerank'; profileId: string; draft: RerankDraft; rawBody?: string },
  ): Promise<RequestPreview> {
    const profile = await this.deps.profiles.resolve(input.profileId)
    let built: BuiltRequest
    let issues: DraftIssue[]
    if (input.mode === 'embed') {
      built = buildEmbed(input.draft)
      issues = validateEmbed(input.draft)
    } else {
      built = buildRerank(input.draft)
      issues = validateRerank(input.draft)
    }
    // A hand-edited body is sent as written: the form's rules no longer apply, only that it parses.
    if (input.rawBody !== undefined) issues = rawBodyIssues(input.rawBody)
    let url = built.path
    let headers: Record<string, string> = {}
    try {
      ;({ url, headers } = authorize(profile, { kind: built.kind, path: built.path }))
    } catch (error) {
      issues = [
        ...issues,
        { field: 'profile', rule: 'credential', message: (error as Error).message, severity: 'warning' },
      ]
    }
    const all = { ...headers, 'content-type': 'application/json' }
    const masked = Object.entries(all).map(([k, v]) => [k, redactHeader(k, v)] as [string, string])
    const shownUrl = redactUrl(url)
    const body = input.rawBody ?? JSON.stringify(built.body, null, 2)
    const { code, shortened } = exportEmbeddingsCode({
      method: built.method,
      url: shownUrl,
      headers: Object.fromEntries(masked),
      body: input.rawBody ?? built.body,
    })
    if (shortened)
      issues = [
        ...issues,
        {
          field: 'code',
          rule: 'size',
          message: `The code export carries ${shortened} to stay readable; Send sends all of them.`,
          severity: 'warning',
        },
      ]
    return {
      method: built.method,
      url: shownUrl,
      headers: masked,
      body:
        body.length > PREVIEW_BODY_CHARS
          ? `${body.slice(0, PREVIEW_BODY_CHARS)}\n… (shortened for display; Send sends the whole body)`
          : body,
      code,
      issues,
    }
  }

  async readTextFile(mediaId: string, column?: string): Promise<ReadTexts> {
    const info = await this.deps.media.info(mediaId)
    const path = info && (await this.deps.media.path(mediaId))
    if (!info || !path)
      throw new AppError('EMBED_FILE_GONE', 'file: the imported file is no longer there; import it again.')
    return readTexts(await readFile(path), info.name, column)
  }

  async exportSet(
    setId: string,
    format: ExportFormat,
  ): Promise<{ saved: boolean; path: string | null; url: string | null; name: string }> {
    const set = this.set(setId)
    const name = `embeddings-${set.vectors.length}x${set.vectors[0]?.length ?? 0}.${format}`
    const mime =
      format === 'json' ? 'application/json' : format === 'csv' ? 'text/csv' : 'application/octet-stream'
    const info = await this.deps.media.putStream(exportChunks(set, format), mime, name)
    if (this.deps.saveDialog) {
      const source = await this.deps.media.path(info.id)
      const path = source ? await this.deps.saveDialog.saveCopy(source, name) : null
      return { saved: path !== null, path, url: null, name }
    }
    return { saved: false, path: null, url: this.deps.media.url(info.id), name }
  }
}

function rawBodyIssues(text: string): DraftIssue[] {
  try {
    JSON.parse(text)
    return []
  } catch (error) {
    return [
      {
        field: 'body',
        rule: 'json',
        message: `Request body: not valid JSON (${(error as Error).message}).`,
        severity: 'error',
      },
    ]
  }
}

const finite = (x: number): number => (Number.isFinite(x) ? x : -1)

const csvCell = (s: string): string => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

/** The export file in pieces, one item at a time with yields between, so a large set never blocks main. */
async function* exportChunks(set: ResultSet, format: ExportFormat): AsyncGenerator<Buffer> {
  const pace = createPacer()
  const n = set.vectors.length
  const d = set.vectors[0]?.length ?? 0
  if (format === 'npy') {
    let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${n}, ${d}), }`
    header += ' '.repeat((64 - ((10 + header.length + 1) % 64)) % 64) + '\n'
    const head = Buffer.alloc(10)
    head.write('\x93NUMPY', 0, 'latin1')
    head[6] = 1
    head.writeUInt16LE(header.length, 8)
    yield Buffer.concat([head, Buffer.from(header, 'latin1')])
    for (const v of set.vectors) {
      if (endianness() === 'LE') yield Buffer.from(Float32Array.from(v).buffer)
      else {
        const b = Buffer.alloc(v.length * 4)
        v.forEach((x, k) => b.writeFloatLE(x, k * 4))
        yield b
      }
      await pace()
    }
    return
  }
  if (format === 'csv') {
    yield Buffer.from(`label,text,${Array.from({ length: d }, (_, k) => `v${k}`).join(',')}\n`)
    for (let i = 0; i < n; i++) {
      yield Buffer.from(
        `${csvCell(set.labels[i]!)},${csvCell(set.texts[i] ?? '')},${Array.from(set.vectors[i]!).join(',')}\n`,
      )
      await pace()
    }
    return
  }
  yield Buffer.from(`{"model":${JSON.stringify(set.model)},"count":${n},"dimensions":${d},"items":[\n`)
  for (let i = 0; i < n; i++) {
    const item = {
      index: i,
      label: set.labels[i],
      text: set.texts[i] ?? '',
      embedding: Array.from(set.vectors[i]!),
    }
    yield Buffer.from(`${JSON.stringify(item)}${i < n - 1 ? ',' : ''}\n`)
    await pace()
  }
  yield Buffer.from(']}\n')
}
