// The Embeddings panel's state: the two drafts (embed, rerank) kept across panel switches and failures, which
// fields the user touched, and the outcomes main sent back. Vectors stay in main: the store holds a result set's
// id, pages of per-input summaries, the heatmap's picture (exact cells on demand), and 2-D points.
// Invariant: a failed or stopped request never changes a draft; only the user's own edits do.
import { create } from 'zustand'
import {
  hasErrors,
  validateEmbed,
  validateRerank,
  type EmbedDraft,
  type RerankDraft,
  type TextItem,
} from '../../../../shared/embed/requests'
import { embeddingModel } from '../../../../shared/catalog/embeddingModels'
import type {
  CrossCheckOutcome,
  EmbedOutcome,
  ExportFormat,
  RerankOutcome,
  RowSummary,
} from '../../../../shared/ipc/embeddings'
import type { Exchange } from '../../../../shared/ipc/exchange'
import { client } from '../../ipc/client'

export type EmbedMode = 'embed' | 'rerank'
export type RunKind = 'embed' | 'rerank' | 'check' | 'compare'

export interface Heatmap {
  setId: string
  n: number
  /** Cells a side of the picture: n, or block means when the matrix is larger than the canvas. */
  size: number
  /** size × size bytes row-major (cosine = q / 255 * 2 - 1); null until the picture arrived. */
  cells: Uint8Array | null
  error: string | null
}

export type CompareOutcome = { model: string; exchange: Exchange | null } & (
  | { status: 'done'; ranking: { index: number; cosine: number }[] }
  | { status: 'failed' | 'stopped'; message: string }
)

interface EmbeddingsState {
  mode: EmbedMode
  /** The profile chosen in this panel; null follows the app's active profile. */
  profileId: string | null
  embedDraft: EmbedDraft
  rerankDraft: RerankDraft
  /** Fields whose errors show: touched ones, or all of them once Send was pressed. */
  touched: Record<EmbedMode, Record<string, boolean>>
  sendPressed: Record<EmbedMode, boolean>
  running: { kind: RunKind; requestId: string } | null
  embedOutcome: EmbedOutcome | null
  /** Per-input summaries of the current set, paged in from main. */
  rows: RowSummary[]
  rowsTotal: number
  heatmap: Heatmap | null
  selected: number | null
  neighbours: { index: number; cosine: number }[] | null
  crossCheck: CrossCheckOutcome | null
  rerankOutcome: RerankOutcome | null
  /** The documents as they were when the last rerank was sent, so later edits do not relabel its results. */
  rerankSent: TextItem[]
  /** The query the last rerank was sent with (its results are stale once the query or documents change). */
  rerankQuerySent: string
  /** The inputs of the last embed and of the last cross-format check: their results keep these labels. */
  embedSent: TextItem[]
  checkSent: TextItem[]
  compare: CompareOutcome | null
  compareModel: string
  /** The request JSON as the user edited it; null while it follows the form. */
  rawBody: Record<EmbedMode, string | null>
  /** A failure of the bridge itself (not of the gateway, which arrives as a failed outcome). */
  lastError: string | null
  setMode(mode: EmbedMode): void
  setProfile(id: string): void
  updateEmbed(patch: Partial<EmbedDraft>): void
  updateRerank(patch: Partial<RerankDraft>): void
  /** Changes a list (inputs or documents) by the user's hand, and marks it touched. */
  editItems(mode: EmbedMode, change: (items: TextItem[]) => TextItem[]): void
  touch(mode: EmbedMode, field: string): void
  setRawBody(mode: EmbedMode, text: string | null): void
  setCompareModel(model: string): void
  embed(profileId: string): Promise<void>
  rerank(profileId: string): Promise<void>
  runCrossCheck(profileId: string): Promise<void>
  compareWithEmbeddings(profileId: string): Promise<void>
  loadMoreRows(): Promise<void>
  select(index: number): Promise<void>
  /** The exact cosine of one pair of the heatmap's set (null when the set is gone). */
  cosineAt(setId: string, i: number, j: number): Promise<number | null>
  stop(): Promise<void>
  exportSet(format: ExportFormat): Promise<{ url: string | null; name: string; path: string | null }>
  copyVector(index: number): Promise<string>
}

const SAMPLE: TextItem[] = [
  { label: 'cat', text: 'The cat sat on the mat.' },
  { label: 'kitten', text: 'A kitten is sleeping on the rug.' },
  { label: 'stocks', text: 'Stock markets fell sharply today.' },
  { label: 'rain', text: 'Heavy rain is expected tomorrow.' },
  { label: 'shares', text: 'Shares dropped as investors sold.' },
]

const RERANK_SAMPLE: TextItem[] = [
  ...SAMPLE,
  { label: 'lion', text: 'Lions are large cats that live in prides.' },
]

/**
 * An item with its text edited: a sample's label ("cat") belongs to the sample's sentence, so it goes when the
 * user writes their own in its place; a label the user gave stays.
 */
export function withText(item: TextItem, text: string): TextItem {
  const sample = RERANK_SAMPLE.find((s) => s.label === item.label && s.text === item.text)
  return sample && text !== sample.text ? { label: '', text } : { ...item, text }
}

const ROWS_PAGE = 100
const NEIGHBOURS = 5

let counter = 0
const newRequestId = () => `emb-${Date.now().toString(36)}-${counter++}`

/** Reads the matrix's picture (one message) and hands the filled state to `show`. */
async function loadHeatmap(setId: string, n: number, show: (h: Heatmap) => void): Promise<void> {
  const r = await client.call('embeddings.getHeatmap', { setId })
  if (!r.ok) return show({ setId, n, size: 0, cells: null, error: r.error.message })
  const bin = atob(r.value.data)
  const cells = new Uint8Array(bin.length)
  for (let k = 0; k < bin.length; k++) cells[k] = bin.charCodeAt(k)
  show({ setId, n, size: r.value.size, cells, error: null })
}

/** The wire format an embedding model id is served by: the catalog's, else /v1/embeddings. */
export function formatOfModel(model: string): EmbedDraft['format'] {
  return embeddingModel(model, 'openai').format === 'native' ? 'batchEmbedContents' : 'embeddings'
}

export const useEmbeddingsStore = create<EmbeddingsState>((set, get) => {
  /** Starts a request of `kind`; returns its id, or null when another one is still running. */
  const begin = (kind: RunKind): string | null => {
    if (get().running) return null
    const requestId = newRequestId()
    set({ running: { kind, requestId }, lastError: null })
    return requestId
  }
  /** True when `requestId` is still the running request (not stopped and replaced). */
  const finish = (requestId: string): boolean => {
    if (get().running?.requestId !== requestId) return false
    set({ running: null })
    return true
  }
  const pressSend = (mode: EmbedMode) => set((s) => ({ sendPressed: { ...s.sendPressed, [mode]: true } }))

  return {
    mode: 'embed',
    profileId: null,
    embedDraft: {
      format: 'embeddings',
      model: 'text-embedding-3-small',
      inputs: SAMPLE,
      encoding: 'float',
      dimensions: '',
      taskType: '',
      apiVersion: 'v1beta',
    },
    rerankDraft: {
      model: 'rerank-v1',
      query: 'Which cats are sleeping on the mat?',
      documents: RERANK_SAMPLE,
      topN: '',
      returnDocuments: true,
    },
    touched: { embed: {}, rerank: {} },
    sendPressed: { embed: false, rerank: false },
    running: null,
    embedOutcome: null,
    rows: [],
    rowsTotal: 0,
    heatmap: null,
    selected: null,
    neighbours: null,
    crossCheck: null,
    rerankOutcome: null,
    rerankSent: [],
    rerankQuerySent: '',
    embedSent: [],
    checkSent: [],
    compare: null,
    compareModel: 'text-embedding-3-small',
    rawBody: { embed: null, rerank: null },
    lastError: null,
    setMode: (mode) => set({ mode }),
    setProfile: (profileId) => set({ profileId }),
    updateEmbed: (patch) =>
      set((s) => ({
        embedDraft: { ...s.embedDraft, ...patch },
        // A different format builds a different body: an edited body of the old one no longer applies.
        rawBody: patch.format ? { ...s.rawBody, embed: null } : s.rawBody,
      })),
    updateRerank: (patch) => set((s) => ({ rerankDraft: { ...s.rerankDraft, ...patch } })),
    editItems: (mode, change) =>
      set((s) => {
        const field = mode === 'embed' ? 'inputs' : 'documents'
        const touched = { ...s.touched, [mode]: { ...s.touched[mode], [field]: true } }
        return mode === 'embed'
          ? { embedDraft: { ...s.embedDraft, inputs: change(s.embedDraft.inputs) }, touched }
          : { rerankDraft: { ...s.rerankDraft, documents: change(s.rerankDraft.documents) }, touched }
      }),
    touch: (mode, field) =>
      set((s) =>
        s.touched[mode][field]
          ? s
          : { touched: { ...s.touched, [mode]: { ...s.touched[mode], [field]: true } } },
      ),
    setRawBody: (mode, text) => set((s) => ({ rawBody: { ...s.rawBody, [mode]: text } })),
    setCompareModel: (compareModel) => set({ compareModel }),

    async embed(profileId) {
      pressSend('embed')
      const { embedDraft, rawBody } = get()
      if (rawBody.embed === null && hasErrors(validateEmbed(embedDraft))) return
      const requestId = begin('embed')
      if (!requestId) return
      const sent = embedDraft.inputs
      const r = await client.call('embeddings.embed', {
        profileId,
        requestId,
        draft: embedDraft,
        ...(rawBody.embed !== null ? { rawBody: rawBody.embed } : {}),
      })
      if (!finish(requestId)) return
      if (!r.ok) return set({ lastError: r.error.message })
      set({ embedOutcome: r.value, embedSent: sent })
      if (r.value.status !== 'done') return
      const { setId, count, rows } = r.value.set
      set({
        rows,
        rowsTotal: count,
        selected: null,
        neighbours: null,
        heatmap: { setId, n: count, size: 0, cells: null, error: null },
      })
      await loadHeatmap(setId, count, (heatmap) => {
        if (get().heatmap?.setId === setId) set({ heatmap })
      })
    },

    async rerank(profileId) {
      pressSend('rerank')
      const { rerankDraft, rawBody } = get()
      if (rawBody.rerank === null && hasErrors(validateRerank(rerankDraft))) return
      const requestId = begin('rerank')
      if (!requestId) return
      const sent = rerankDraft.documents
      const r = await client.call('embeddings.rerank', {
        profileId,
        requestId,
        draft: rerankDraft,
        ...(rawBody.rerank !== null ? { rawBody: rawBody.rerank } : {}),
      })
      if (!finish(requestId)) return
      if (!r.ok) return set({ lastError: r.error.message })
      set({ rerankOutcome: r.value, rerankSent: sent, rerankQuerySent: rerankDraft.query, compare: null })
    },

    async runCrossCheck(profileId) {
      pressSend('embed')
      const { embedDraft } = get()
      // The check sends the inputs as a batch to both formats; embedContent's one-input rule does not apply.
      const draft: EmbedDraft = { ...embedDraft, format: 'batchEmbedContents' }
      if (hasErrors(validateEmbed(draft))) return
      const requestId = begin('check')
      if (!requestId) return
      const r = await client.call('embeddings.crossCheck', { profileId, requestId, draft })
      if (!finish(requestId)) return
      if (!r.ok) return set({ lastError: r.error.message })
      set({ crossCheck: r.value, checkSent: embedDraft.inputs })
    },

    async compareWithEmbeddings(profileId) {
      const { rerankSent, compareModel, embedDraft, rerankDraft } = get()
      const requestId = begin('compare')
      if (!requestId) return
      const model = compareModel.trim()
      const r = await client.call('embeddings.rankByEmbedding', {
        profileId,
        requestId,
        draft: {
          ...embedDraft,
          format: formatOfModel(model),
          model,
          encoding: 'float',
          dimensions: '',
          taskType: '',
          inputs: [],
        },
        query: rerankDraft.query,
        documents: rerankSent,
      })
      if (!finish(requestId)) return
      if (!r.ok) return set({ lastError: r.error.message })
      const v = r.value
      set({
        compare:
          v.status === 'done'
            ? { status: 'done', model, ranking: v.ranking, exchange: v.exchange }
            : v.status === 'failed'
              ? { status: 'failed', model, message: v.error.message, exchange: v.exchange }
              : {
                  status: 'stopped',
                  model,
                  message: 'Stopped before the embeddings arrived.',
                  exchange: v.exchange,
                },
      })
    },

    async loadMoreRows() {
      const outcome = get().embedOutcome
      if (outcome?.status !== 'done') return
      const { setId } = outcome.set
      const r = await client.call('embeddings.getRows', {
        setId,
        offset: get().rows.length,
        limit: ROWS_PAGE,
      })
      const now = get().embedOutcome
      if (now?.status !== 'done' || now.set.setId !== setId) return
      if (!r.ok) return set({ lastError: r.error.message })
      set((s) => ({ rows: [...s.rows, ...r.value.rows], rowsTotal: r.value.total }))
    },

    async cosineAt(setId, i, j) {
      const r = await client.call('embeddings.getCosine', { setId, i, j })
      return r.ok ? r.value.cosine : null
    },

    async select(index) {
      const outcome = get().embedOutcome
      if (outcome?.status !== 'done') return
      set({ selected: index, neighbours: null })
      const r = await client.call('embeddings.getNeighbours', {
        setId: outcome.set.setId,
        index,
        k: Math.min(NEIGHBOURS, Math.max(1, outcome.set.count - 1)),
      })
      if (get().selected !== index) return
      if (!r.ok) return set({ lastError: r.error.message })
      set({ neighbours: r.value.neighbours })
    },

    async stop() {
      const running = get().running
      if (running) await client.call('embeddings.stop', { requestId: running.requestId })
    },

    async exportSet(format) {
      const outcome = get().embedOutcome
      if (outcome?.status !== 'done') throw new Error('Embed some inputs first.')
      return client.invoke('embeddings.exportSet', { setId: outcome.set.setId, format })
    },

    async copyVector(index) {
      const outcome = get().embedOutcome
      if (outcome?.status !== 'done') throw new Error('Embed some inputs first.')
      const { values } = await client.invoke('embeddings.getVector', { setId: outcome.set.setId, index })
      return JSON.stringify(values)
    },
  }
})

/** Whether two lists hold the same labels and texts (results made from `sent` still match `now`). */
export function sameItems(sent: readonly TextItem[], now: readonly TextItem[]): boolean {
  if (sent === now) return true
  if (sent.length !== now.length) return false
  return sent.every((item, i) => item.text === now[i]!.text && item.label === now[i]!.label)
}
