// The Gateway check's probes beyond text, as data: embeddings (both formats, batch, dimensions, base64 against
// float), rerank (order, scores, top_n) and the paid ones (one video job per family, one console image task),
// which run only when the user ticks them because they cost money.
import { embeddingModel } from '../catalog/embeddingModels'
import { findVideoModel, type VideoModel } from '../catalog/videoModels'
import { defaultVideoForm, type VideoForm } from '../video/forms'
import type { EmbedDraft, RerankDraft } from '../embed/requests'
import type { PaidGroup } from './model'

export type EmbedExpect =
  { kind: 'vectors'; count: number; dimensions: 'catalog' | number } | { kind: 'base64EqualsFloat' }

export interface EmbedProbe {
  id: string
  group: 'embeddings'
  label: string
  expects: string
  /** openai: endpoint 9; native: endpoints 7 and 8. */
  format: 'openai' | 'native'
  applies?: (model: string) => boolean
  draft: (model: string) => EmbedDraft
  expect: EmbedExpect
  usage: boolean
}

const inputs = (n: number) =>
  ['The cat sat on the mat.', 'Stock markets rose today.', 'A kitten naps in the sun.']
    .slice(0, n)
    .map((text, i) => ({
      label: `#${i + 1}`,
      text,
    }))
const embedDraft = (
  model: string,
  format: EmbedDraft['format'],
  n: number,
  extra: Partial<EmbedDraft> = {},
): EmbedDraft => ({
  format,
  model,
  inputs: inputs(n),
  encoding: 'float',
  dimensions: '',
  taskType: '',
  apiVersion: 'v1beta',
  ...extra,
})
const shrinks = (model: string) => embeddingModel(model, 'openai').customDimensions

export const EMBED_PROBES: readonly EmbedProbe[] = [
  {
    id: 'embed.batch',
    group: 'embeddings',
    label: 'Batch (float)',
    expects: "a list of 3 embeddings, index in order, the model's dimensions, usage",
    format: 'openai',
    draft: (m) => embedDraft(m, 'embeddings', 3),
    expect: { kind: 'vectors', count: 3, dimensions: 'catalog' },
    usage: true,
  },
  {
    id: 'embed.base64',
    group: 'embeddings',
    label: 'base64 = float',
    expects: 'encoding_format base64 decodes (little-endian float32) to the float vectors',
    format: 'openai',
    draft: (m) => embedDraft(m, 'embeddings', 2, { encoding: 'base64' }),
    expect: { kind: 'base64EqualsFloat' },
    usage: true,
  },
  {
    id: 'embed.dimensions',
    group: 'embeddings',
    label: 'dimensions',
    expects: 'dimensions 256 gives vectors of 256 (only models that shrink)',
    format: 'openai',
    applies: shrinks,
    draft: (m) => embedDraft(m, 'embeddings', 1, { dimensions: '256' }),
    expect: { kind: 'vectors', count: 1, dimensions: 256 },
    usage: true,
  },
  {
    id: 'embed.native',
    group: 'embeddings',
    label: 'embedContent',
    expects: "embedding.values of the model's dimensions",
    format: 'native',
    draft: (m) => embedDraft(m, 'embedContent', 1),
    expect: { kind: 'vectors', count: 1, dimensions: 'catalog' },
    usage: false,
  },
  {
    id: 'embed.nativeBatch',
    group: 'embeddings',
    label: 'batchEmbedContents',
    expects: "one embedding per request, of the model's dimensions",
    format: 'native',
    draft: (m) => embedDraft(m, 'batchEmbedContents', 3),
    expect: { kind: 'vectors', count: 3, dimensions: 'catalog' },
    usage: false,
  },
  {
    id: 'embed.nativeDimensions',
    group: 'embeddings',
    label: 'outputDimensionality',
    expects: 'outputDimensionality 256 gives 256 values (only models that shrink)',
    format: 'native',
    applies: (m) => embeddingModel(m, 'native').customDimensions,
    draft: (m) => embedDraft(m, 'embedContent', 1, { dimensions: '256' }),
    expect: { kind: 'vectors', count: 1, dimensions: 256 },
    usage: false,
  },
]

export interface RerankProbe {
  id: string
  group: 'rerank'
  label: string
  expects: string
  draft: (model: string) => RerankDraft
  usage: boolean
}

export const RERANK_PROBES: readonly RerankProbe[] = [
  {
    id: 'rerank.topN',
    group: 'rerank',
    label: 'Order and top_n',
    expects: 'top_n 2 of 3 results, relevance_score 0–1 descending, original index, documents returned',
    draft: (m) => ({
      model: m,
      query: 'Where do cats sleep?',
      documents: inputs(3),
      topN: '2',
      returnDocuments: true,
    }),
    usage: true,
  },
]

export interface PaidProbe {
  id: string
  group: PaidGroup
  label: string
  expects: string
}

export const VIDEO_PROBE: PaidProbe = {
  id: 'video.job',
  group: 'video',
  label: 'Video job',
  expects:
    'submit → submitted, task_id (family A: video_…), polled to succeeded with a url (family A: download)',
}
export const IMAGE_PROBE: PaidProbe = {
  id: 'images.batch',
  group: 'images',
  label: 'Console image task',
  expects: 'batch image submit answers envelope code 200 with data.images[] of {url}',
}

/** One video model per family: the cheapest text-to-video model each offers. */
export const VIDEO_PROBE_MODELS = [
  'famA-2',
  'famB-3.0-fast-generate-001',
  'famC-2.5-t2v-preview',
  'famD-1-0-lite-t2v-250428',
].filter((id) => findVideoModel(id) !== undefined)
export const IMAGE_PROBE_MODEL = 'svc-image-1'

/** The video probe's form: the model's defaults and a short prompt (what it bills is read from this). */
export const videoProbeForm = (info: VideoModel): VideoForm =>
  ({ ...defaultVideoForm(info), prompt: 'A paper boat on a pond, slow pan.' }) as VideoForm

/** The console image task the image probe submits: one image. */
export const IMAGE_PROBE_BODY = {
  model: IMAGE_PROBE_MODEL,
  prompt: 'A red apple on a white table.',
  n: 1,
  size: '1024x1024',
  temperature: 1,
  watermark: false,
} as const
