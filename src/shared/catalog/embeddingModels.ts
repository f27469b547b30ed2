// Embedding and rerank models of spec endpoints 7-10 as data: dimensions, whether a caller may shrink them,
// and the field names and encodings the spec allows. The app's suggestions and the simulator read this table;
// unknown ids still work (the gateway hosts more models than any list), with the format's default dimension.

export type EmbeddingFormat = 'openai' | 'native'

export interface EmbeddingModel {
  readonly id: string
  readonly format: EmbeddingFormat
  /** Full vector length. */
  readonly dimensions: number
  /** Whether `dimensions` (openai) / `outputDimensionality` (native) may ask for a shorter vector. */
  readonly customDimensions: boolean
}

export const EMBEDDING_MODELS: readonly EmbeddingModel[] = [
  { id: 'text-embedding-3-small', format: 'openai', dimensions: 1536, customDimensions: true },
  { id: 'text-embedding-3-large', format: 'openai', dimensions: 3072, customDimensions: true },
  // ada-002 has a fixed size (spec: `dimensions` only for some models; the real service refuses it here).
  { id: 'text-embedding-ada-002', format: 'openai', dimensions: 1536, customDimensions: false },
  // Spec: vendor-embedding-001 supports outputDimensionality; its full size is the real service's 3072.
  { id: 'vendor-embedding-001', format: 'native', dimensions: 3072, customDimensions: true },
  { id: 'text-embedding-004', format: 'native', dimensions: 768, customDimensions: false },
]

/** Dimension of an unknown model id, per format. */
export const DEFAULT_EMBEDDING_DIMENSIONS: Record<EmbeddingFormat, number> = { openai: 1536, native: 768 }

/** `encoding_format` values of endpoint 9; `base64` is little-endian float32. */
export const EMBEDDING_ENCODINGS = ['float', 'base64'] as const
export type EmbeddingEncoding = (typeof EMBEDDING_ENCODINGS)[number]

/** Native task types the spec shows (its field name, `taskType` on the wire, is not shown by the spec). */
export const NATIVE_EMBEDDING_TASK_TYPES = [
  'TASK_TYPE_UNSPECIFIED',
  'RETRIEVAL_QUERY',
  'RETRIEVAL_DOCUMENT',
  'SEMANTIC_SIMILARITY',
  'CLASSIFICATION',
  'CLUSTERING',
  'QUESTION_ANSWERING',
  'FACT_VERIFICATION',
  'CODE_RETRIEVAL_QUERY',
] as const

/** Native model ids arrive as `models/<id>` in bodies and as `<id>` in paths. */
export const stripModelsPrefix = (id: string): string => id.replace(/^models\//, '')

/**
 * The catalog row for an id in a format; unknown ids get the format's default dimension and may shrink it.
 * A known id of the other format is still found (the gateway routes by id, not by path).
 */
export function embeddingModel(id: string, format: EmbeddingFormat): EmbeddingModel {
  const bare = stripModelsPrefix(id)
  return (
    EMBEDDING_MODELS.find((m) => m.id === bare) ?? {
      id: bare,
      format,
      dimensions: DEFAULT_EMBEDDING_DIMENSIONS[format],
      customDimensions: true,
    }
  )
}

/** Rerank model suggestions (spec endpoint 10 shows `rerank-v1`); any id is accepted. */
export const RERANK_MODELS = ['rerank-v1'] as const
