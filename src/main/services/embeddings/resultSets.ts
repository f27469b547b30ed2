// The result sets of recent embed calls, kept in main by id with their cosine matrix and 2-D projection, and
// read by the panel in small pieces (row pages, heatmap tiles, one vector, neighbours). Invariant: vectors
// never leave main whole (M1); only the last few sets are kept, and an evicted one says so by its error.
import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/ipc/result'
import type { RowSummary } from '../../../shared/ipc/embeddings'
import { HEATMAP_CELLS } from '../../../shared/ipc/embeddings'
import { textsOfEmbedBody, type EmbedDraft } from '../../../shared/embed/requests'
import { heatmapPicture, neighbours, norm, packVectors, rowsOf } from './vectorMath'
import type { Projection } from './projection'
import type { AnalysisRunner } from './analysisRunner'

const KEPT_SETS = 6
const FIRST_VALUES = 5

export interface ResultSet {
  id: string
  model: string
  labels: string[]
  texts: string[]
  vectors: Float32Array[]
  cosine: Float32Array
  projection: Projection
}

/** The texts and labels of a set: from the draft, or from a hand-edited body when it was sent as written. */
function textsAndLabels(
  draft: EmbedDraft,
  count: number,
  rawBody: string | undefined,
): { texts: string[]; labels: string[] } {
  let texts = draft.inputs.map((i) => i.text)
  if (rawBody !== undefined)
    texts = textsOfEmbedBody(draft.format, JSON.parse(rawBody)) ?? Array.from({ length: count }, () => '')
  const labels = Array.from({ length: count }, (_, i) => {
    const label =
      rawBody === undefined || texts.length === draft.inputs.length ? draft.inputs[i]?.label : undefined
    return label && label.trim() !== '' ? label : `#${i + 1}`
  })
  return { texts, labels }
}

export class ResultSets {
  private readonly sets = new Map<string, ResultSet>()

  constructor(private readonly analysis: AnalysisRunner) {}

  /**
   * Keeps new vectors as a set with their cosine matrix and projection. The vectors are packed once into
   * shared memory, which the analysis worker reads as it is; the set keeps views on that one block.
   */
  async add(draft: EmbedDraft, vectors: Float32Array[], rawBody?: string): Promise<ResultSet> {
    const { texts, labels } = textsAndLabels(draft, vectors.length, rawBody)
    const packed = packVectors(vectors, true)
    const { cosine, projection } = await this.analysis.analyse(packed)
    const set: ResultSet = {
      id: randomUUID(),
      model: draft.model,
      labels,
      texts,
      vectors: rowsOf(packed),
      cosine,
      projection,
    }
    this.sets.set(set.id, set)
    while (this.sets.size > KEPT_SETS) this.sets.delete(this.sets.keys().next().value!)
    return set
  }

  get(setId: string): ResultSet {
    const set = this.sets.get(setId)
    if (!set)
      throw new AppError('EMBED_SET_GONE', 'That result is no longer kept in memory; embed the inputs again.')
    return set
  }

  rowPage(set: ResultSet, offset: number, limit: number): RowSummary[] {
    return set.vectors.slice(offset, offset + limit).map((v, k) => ({
      index: offset + k,
      dimensions: v.length,
      norm: norm(v),
      first: Array.from(v.subarray(0, FIRST_VALUES)),
    }))
  }

  getRows(setId: string, offset: number, limit: number): { total: number; rows: RowSummary[] } {
    const set = this.get(setId)
    return { total: set.vectors.length, rows: this.rowPage(set, offset, limit) }
  }

  getVector(setId: string, index: number): { values: number[] } {
    const v = this.get(setId).vectors[index]
    if (!v) throw new AppError('EMBED_NO_ITEM', `index: no input ${index} in this result.`)
    return { values: Array.from(v) }
  }

  getHeatmap(setId: string): { n: number; size: number; data: string } {
    const set = this.get(setId)
    const n = set.vectors.length
    const size = Math.min(n, HEATMAP_CELLS)
    return { n, size, data: Buffer.from(heatmapPicture(set.cosine, n, size)).toString('base64') }
  }

  getCosine(setId: string, i: number, j: number): { cosine: number } {
    const set = this.get(setId)
    const n = set.vectors.length
    if (i >= n || j >= n) throw new AppError('EMBED_NO_ITEM', `i, j: the matrix has ${n} rows.`)
    return { cosine: set.cosine[i * n + j]! }
  }

  getNeighbours(
    setId: string,
    index: number,
    k: number,
  ): { neighbours: { index: number; cosine: number }[] } {
    const set = this.get(setId)
    if (index >= set.vectors.length)
      throw new AppError('EMBED_NO_ITEM', `index: no input ${index} in this result.`)
    return { neighbours: neighbours(set.cosine, set.vectors.length, index, k) }
  }
}
