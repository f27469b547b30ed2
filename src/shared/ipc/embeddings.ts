// The embeddings domain (spec endpoints 7-10): embed a list of inputs in one format, rerank documents, and
// read what main computed from the vectors. Invariant (M1): vectors never cross IPC whole; main keeps each
// result set by id and answers with summaries, a quantised cosine matrix in row tiles, 2-D points and pages.
import { z } from 'zod'
import { defineCommand } from './define'
import { exchangeSchema } from './exchange'
import { requestPreviewSchema } from './text'
import { EMBED_FORMATS, MAX_DRAFT_TEXT_CHARS } from '../embed/requests'
import { EMBEDDING_ENCODINGS } from '../catalog/embeddingModels'

const id = z.string().min(1).max(100)
const profileId = z.string().min(1).max(100)
/** Many items may be sent at once; their total text is bounded by MAX_DRAFT_TEXT_CHARS (checked in validate). */
const textItem = z.object({ label: z.string().max(200), text: z.string().max(MAX_DRAFT_TEXT_CHARS) })
const items = z.array(textItem).max(10_000)

export const embedDraftSchema = z.object({
  format: z.enum(EMBED_FORMATS),
  model: z.string().max(200),
  inputs: items,
  encoding: z.enum(EMBEDDING_ENCODINGS),
  dimensions: z.string().max(20),
  taskType: z.string().max(60),
  apiVersion: z.enum(['v1beta', 'v1']),
})

export const rerankDraftSchema = z.object({
  model: z.string().max(200),
  query: z.string().max(MAX_DRAFT_TEXT_CHARS),
  documents: items,
  topN: z.string().max(20),
  returnDocuments: z.boolean(),
})

const rawBody = z.string().max(200_000).optional()

export const usageSchema = z.object({
  promptTokens: z.number().nullable(),
  totalTokens: z.number().nullable(),
})

const failureSchema = z.object({
  message: z.string(),
  /** The gateway's HTTP status, when it answered. */
  httpStatus: z.number().nullable(),
  code: z.string(),
})
export type EmbedFailure = z.infer<typeof failureSchema>

export const rowSummarySchema = z.object({
  index: z.number(),
  dimensions: z.number(),
  norm: z.number(),
  first: z.array(z.number()),
})
export type RowSummary = z.infer<typeof rowSummarySchema>

const embedSetSchema = z.object({
  setId: z.string(),
  count: z.number(),
  dimensions: z.number(),
  labels: z.array(z.string()),
  /** The first page of per-input summaries (more through embeddings.getRows). */
  rows: z.array(rowSummarySchema),
  projection: z.object({
    points: z.array(z.tuple([z.number(), z.number()])),
    explained: z.tuple([z.number(), z.number()]),
  }),
})

const timingSchema = z.object({ totalMs: z.number(), computeMs: z.number() })

export const embedOutcomeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('done'),
    set: embedSetSchema,
    usage: usageSchema,
    timing: timingSchema,
    exchange: exchangeSchema,
  }),
  z.object({ status: z.literal('stopped'), exchange: exchangeSchema.nullable() }),
  z.object({ status: z.literal('failed'), error: failureSchema, exchange: exchangeSchema.nullable() }),
])
export type EmbedOutcome = z.infer<typeof embedOutcomeSchema>

export const crossCheckRowSchema = z.object({
  index: z.number(),
  /** Float vs base64 of /v1/embeddings. */
  base64: z.object({ cosine: z.number(), maxAbsDiff: z.number(), agrees: z.boolean() }),
  /** /v1/embeddings (float) vs native batchEmbedContents. */
  native: z.object({ cosine: z.number(), maxAbsDiff: z.number(), agrees: z.boolean() }),
})

export const crossCheckOutcomeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('done'),
    model: z.string(),
    rows: z.array(crossCheckRowSchema),
    disagreements: z.number(),
    exchanges: z.array(exchangeSchema),
  }),
  z.object({
    status: z.literal('failed'),
    /** Which of the three requests failed. */
    step: z.string(),
    error: failureSchema,
    exchanges: z.array(exchangeSchema),
  }),
])
export type CrossCheckOutcome = z.infer<typeof crossCheckOutcomeSchema>

export const rerankOutcomeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('done'),
    model: z.string().nullable(),
    results: z.array(z.object({ index: z.number(), score: z.number(), document: z.string().optional() })),
    totalTokens: z.number().nullable(),
    timing: z.object({ totalMs: z.number() }),
    exchange: exchangeSchema,
  }),
  z.object({ status: z.literal('stopped'), exchange: exchangeSchema.nullable() }),
  z.object({ status: z.literal('failed'), error: failureSchema, exchange: exchangeSchema.nullable() }),
])
export type RerankOutcome = z.infer<typeof rerankOutcomeSchema>

export const EXPORT_FORMATS = ['json', 'csv', 'npy'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/**
 * Cells a side of the heatmap's picture: the canvas draws the matrix 360 px wide, so a larger matrix is sent as
 * block means at this size (one byte a cell, about 127 KB at most) and a hovered cell's exact value is asked for.
 */
export const HEATMAP_CELLS = 360

export const embeddingsCommands = {
  /** Embeds the draft's inputs (or `rawBody` as written); waits for the answer and computes the set in main. */
  'embeddings.embed': defineCommand(
    z.object({ profileId, requestId: id, draft: embedDraftSchema, rawBody }),
    embedOutcomeSchema,
  ),
  /** Stops an embed, rerank or cross-format check by the id the renderer gave it. */
  'embeddings.stop': defineCommand(z.object({ requestId: id }), z.object({ stopped: z.boolean() })),
  'embeddings.rerank': defineCommand(
    z.object({ profileId, requestId: id, draft: rerankDraftSchema, rawBody }),
    rerankOutcomeSchema,
  ),
  /** The exact request that would be sent (masked), its code export and the draft's issues. */
  'embeddings.preview': defineCommand(
    z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('embed'), profileId, draft: embedDraftSchema, rawBody }),
      z.object({ mode: z.literal('rerank'), profileId, draft: rerankDraftSchema, rawBody }),
    ]),
    requestPreviewSchema,
  ),
  /**
   * The cosine matrix as a picture of `size` × `size` cells (`size` = min(n, HEATMAP_CELLS)): each cell the mean
   * of its block of the matrix, one byte (cosine = q / 255 * 2 - 1), row-major, base64.
   */
  'embeddings.getHeatmap': defineCommand(
    z.object({ setId: id }),
    z.object({ n: z.number(), size: z.number(), data: z.string() }),
  ),
  /** One exact cell of the cosine matrix: the pair under the pointer. */
  'embeddings.getCosine': defineCommand(
    z.object({ setId: id, i: z.number().int().min(0), j: z.number().int().min(0) }),
    z.object({ cosine: z.number() }),
  ),
  'embeddings.getRows': defineCommand(
    z.object({ setId: id, offset: z.number().int().min(0), limit: z.number().int().min(1).max(500) }),
    z.object({ total: z.number(), rows: z.array(rowSummarySchema) }),
  ),
  /** One whole vector (for "copy as JSON"): at most a few tens of KB. */
  'embeddings.getVector': defineCommand(
    z.object({ setId: id, index: z.number().int().min(0) }),
    z.object({ values: z.array(z.number()) }),
  ),
  'embeddings.getNeighbours': defineCommand(
    z.object({ setId: id, index: z.number().int().min(0), k: z.number().int().min(1).max(50) }),
    z.object({ neighbours: z.array(z.object({ index: z.number(), cosine: z.number() })) }),
  ),
  /** Runs the inputs through /v1/embeddings as float and base64 and through batchEmbedContents, and compares. */
  'embeddings.crossCheck': defineCommand(
    z.object({ profileId, requestId: id, draft: embedDraftSchema }),
    crossCheckOutcomeSchema,
  ),
  /** Ranks documents by cosine to the query under an embedding model (one batch: the query first). */
  'embeddings.rankByEmbedding': defineCommand(
    z.object({
      profileId,
      requestId: id,
      draft: embedDraftSchema,
      query: z.string().max(MAX_DRAFT_TEXT_CHARS),
      documents: items,
    }),
    z.discriminatedUnion('status', [
      z.object({
        status: z.literal('done'),
        ranking: z.array(z.object({ index: z.number(), cosine: z.number() })),
        exchange: exchangeSchema,
      }),
      z.object({ status: z.literal('stopped'), exchange: exchangeSchema.nullable() }),
      z.object({ status: z.literal('failed'), error: failureSchema, exchange: exchangeSchema.nullable() }),
    ]),
  ),
  /** Writes every vector of a set with its labels and texts: a save dialog (desktop) or a download URL (browser). */
  'embeddings.exportSet': defineCommand(
    z.object({ setId: id, format: z.enum(EXPORT_FORMATS) }),
    z.object({
      saved: z.boolean(),
      path: z.string().nullable(),
      url: z.string().nullable(),
      name: z.string(),
    }),
  ),
  /** Reads an imported .txt (a line each), .csv (one column) or .jsonl file as a list of texts. */
  'embeddings.readTextFile': defineCommand(
    z.object({ mediaId: z.string().max(100), column: z.string().max(200).optional() }),
    z.object({
      items: z.array(textItem),
      /** CSV only: the header's columns, so the user can pick one. */
      columns: z.array(z.string()).nullable(),
      column: z.string().nullable(),
    }),
  ),
}
