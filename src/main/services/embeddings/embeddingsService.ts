// The embeddings service: the one entry for endpoints 7-10, joining the call (embedCall, rerankCall), the
// kept result sets with their cosine matrix and projection (resultSets), the cross-format check (formatCheck),
// previews and exports. Invariants: vectors never leave main whole (the renderer gets summaries, tiles and
// pages, M1); every call ends as done, stopped or failed with the gateway's own message.
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { GatewayClient } from '../gateway'
import type { ProfileService } from '../profiles'
import type { MediaStore } from '../mediaStore'
import type { SaveDialog } from '../video/ports'
import { AppError } from '../../../shared/ipc/result'
import type { RequestPreview } from '../../../shared/ipc/text'
import type {
  CrossCheckOutcome,
  EmbedOutcome,
  ExportFormat,
  RerankOutcome,
  RowSummary,
} from '../../../shared/ipc/embeddings'
import { buildEmbed, buildRerank } from '../../../shared/embed/requests'
import type { EmbedDraft, RerankDraft, TextItem } from '../../../shared/embed/requests'
import type { RunRecorder } from '../history/ports'
import { embedRunRecord, rerankRunRecord, sentBody, type CallStart } from '../history/callRecord'
import { recordRun } from '../history/recordRun'
import { CallGuard, fetchVectors } from './embedCall'
import { sendRerank } from './rerankCall'
import { crossCheck, rankByCosine } from './formatCheck'
import { ResultSets } from './resultSets'
import { AnalysisRunner } from './analysisRunner'
import { exportSet, type ExportedSet } from './exportSet'
import { previewRequest, type PreviewInput } from './requestPreview'
import { readTexts, type ReadTexts } from './textImport'
import type { CostService } from '../cost/costService'
import { loadTokenizer } from '../cost/tokenizer'
import { storedCost } from '../../../shared/cost/keptCost'
import type { RunCost } from '../../../shared/cost/runCost'

const FIRST_ROWS = 100

export interface EmbeddingsDeps {
  profiles: ProfileService
  gateway: GatewayClient
  media: MediaStore
  saveDialog?: SaveDialog
  log?: (message: string) => void
  /** Records each embed and rerank call before its outcome is answered. */
  recorder?: RunRecorder
  /** Prices each call that ended done (its history record keeps the cost) and charges the profile's spend. */
  costs?: CostService
}

export class EmbeddingsService {
  private readonly analysis: AnalysisRunner
  private readonly sets: ResultSets
  private readonly guard = new CallGuard()

  constructor(private readonly deps: EmbeddingsDeps) {
    this.analysis = new AnalysisRunner(deps.log)
    this.sets = new ResultSets(this.analysis)
  }

  /** Ends the analysis worker. */
  close(): Promise<void> {
    return this.analysis.close()
  }

  stop(requestId: string): { stopped: boolean } {
    return this.guard.stop(requestId)
  }

  async embed(input: {
    profileId: string
    requestId: string
    draft: EmbedDraft
    rawBody?: string
  }): Promise<EmbedOutcome> {
    const start = this.callStart(input.profileId, () =>
      sentBody(input.rawBody, () => buildEmbed(input.draft)),
    )
    const outcome: EmbedOutcome = await this.guard.run(input.requestId, async (signal) => {
      const profile = await this.deps.profiles.resolve(input.profileId)
      this.analysis.warm()
      const got = await fetchVectors(this.deps.gateway, profile, input.draft, input.rawBody, signal)
      const t0 = performance.now()
      const set = await this.sets.add(input.draft, got.vectors, input.rawBody)
      return {
        status: 'done' as const,
        set: {
          setId: set.id,
          count: set.vectors.length,
          dimensions: set.vectors[0]?.length ?? 0,
          labels: set.labels,
          rows: this.sets.rowPage(set, 0, FIRST_ROWS),
          projection: set.projection,
        },
        usage: got.usage,
        timing: { totalMs: Math.round(got.totalMs), computeMs: Math.round(performance.now() - t0) },
        exchange: got.exchange.snapshot(),
      }
    })
    const cost = await this.embedCost(input.profileId, input.draft, outcome)
    recordRun(
      this.deps.recorder,
      () => ({ ...embedRunRecord(start(), input.draft, outcome), cost: storedCost(cost) }),
      this.deps.log,
    )
    return outcome
  }

  /**
   * What an embed that ended done cost: the tokens the gateway reported at the model's embedding price; with no
   * count reported (or only zero), the local tokenizer's count of the inputs, marked as an estimate.
   */
  private async embedCost(profileId: string, draft: EmbedDraft, outcome: EmbedOutcome) {
    const costs = this.deps.costs
    if (!costs || outcome.status !== 'done') return undefined
    const reported = outcome.usage.promptTokens || outcome.usage.totalTokens
    let cost: RunCost
    if (reported) cost = costs.embeddingCost(profileId, draft.model.trim(), reported)
    else {
      const tokenizer = await loadTokenizer().catch(() => null)
      if (!tokenizer) return undefined
      const counted = draft.inputs.reduce((sum, i) => sum + tokenizer.countTokens(i.text), 0)
      cost = costs.embeddingCost(profileId, draft.model.trim(), counted, true)
    }
    costs.charge(profileId, cost)
    return cost
  }

  /** When a call began and with which profile; the record's start, read once the call ended. */
  private callStart(profileId: string, body: () => string): () => CallStart {
    const createdAt = Date.now()
    const profile = this.deps.profiles.nameOf(profileId)
    return () => ({ id: randomUUID(), createdAt, profile, bodyText: body() })
  }

  getRows(setId: string, offset: number, limit: number): { total: number; rows: RowSummary[] } {
    return this.sets.getRows(setId, offset, limit)
  }

  getVector(setId: string, index: number): { values: number[] } {
    return this.sets.getVector(setId, index)
  }

  getHeatmap(setId: string): { n: number; size: number; data: string } {
    return this.sets.getHeatmap(setId)
  }

  getCosine(setId: string, i: number, j: number): { cosine: number } {
    return this.sets.getCosine(setId, i, j)
  }

  getNeighbours(setId: string, index: number, k: number) {
    return this.sets.getNeighbours(setId, index, k)
  }

  async crossCheck(input: {
    profileId: string
    requestId: string
    draft: EmbedDraft
  }): Promise<CrossCheckOutcome> {
    let profile: Awaited<ReturnType<ProfileService['resolve']>> | null = null
    return crossCheck(this.guard, input.requestId, input.draft, async (draft, signal) => {
      profile ??= await this.deps.profiles.resolve(input.profileId)
      return fetchVectors(this.deps.gateway, profile, draft, undefined, signal)
    })
  }

  async rerank(input: {
    profileId: string
    requestId: string
    draft: RerankDraft
    rawBody?: string
  }): Promise<RerankOutcome> {
    const start = this.callStart(input.profileId, () =>
      sentBody(input.rawBody, () => buildRerank(input.draft)),
    )
    const outcome: RerankOutcome = await this.guard.run(input.requestId, (signal) =>
      sendRerank(
        this.deps.gateway,
        () => this.deps.profiles.resolve(input.profileId),
        input.draft,
        input.rawBody,
        signal,
      ),
    )
    // A rerank is billed per search: one search per call that answered.
    const cost =
      this.deps.costs && outcome.status === 'done'
        ? this.deps.costs.rerankCost(input.profileId, input.draft.model.trim() || (outcome.model ?? ''))
        : undefined
    this.deps.costs?.charge(input.profileId, cost)
    recordRun(
      this.deps.recorder,
      () => ({ ...rerankRunRecord(start(), input.draft, outcome), cost: storedCost(cost) }),
      this.deps.log,
    )
    return outcome
  }

  /** The documents ordered by cosine to the query under the draft's embedding model (one batch, query first). */
  async rankByEmbedding(input: {
    profileId: string
    requestId: string
    draft: EmbedDraft
    query: string
    documents: TextItem[]
  }) {
    return this.guard.run(input.requestId, async (signal) => {
      const profile = await this.deps.profiles.resolve(input.profileId)
      const draft: EmbedDraft = {
        ...input.draft,
        format: input.draft.format === 'embedContent' ? 'batchEmbedContents' : input.draft.format,
        inputs: [{ label: 'query', text: input.query }, ...input.documents],
      }
      const got = await fetchVectors(this.deps.gateway, profile, draft, undefined, signal)
      return {
        status: 'done' as const,
        ranking: rankByCosine(got.vectors),
        exchange: got.exchange.snapshot(),
      }
    })
  }

  async preview(input: PreviewInput): Promise<RequestPreview> {
    return previewRequest(await this.deps.profiles.resolve(input.profileId), input)
  }

  async readTextFile(mediaId: string, column?: string): Promise<ReadTexts> {
    const info = await this.deps.media.info(mediaId)
    const path = info && (await this.deps.media.path(mediaId))
    if (!info || !path)
      throw new AppError('EMBED_FILE_GONE', 'file: the imported file is no longer there; import it again.')
    return readTexts(await readFile(path), info.name, column)
  }

  async exportSet(setId: string, format: ExportFormat): Promise<ExportedSet> {
    return exportSet(this.deps.media, this.deps.saveDialog, this.sets.get(setId), format)
  }
}
