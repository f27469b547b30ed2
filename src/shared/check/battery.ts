// The whole battery: every probe by id, and the plan of one check (which probe against which subject, in
// matrix order) from the models the user chose; a group the user names no model of takes the catalog's.
import type { WireFormat } from '../format'
import { KNOWN_TEXT_MODELS } from '../catalog/textModels'
import { EMBEDDING_MODELS, RERANK_MODELS, embeddingModel } from '../catalog/embeddingModels'
import { findVideoModel } from '../catalog/videoModels'
import type { PaidGroup, ProbeGroup } from './model'
import { ALL_FORMATS, TEXT_PROBES, type TextProbe } from './probes'
import {
  EMBED_PROBES,
  IMAGE_PROBE,
  IMAGE_PROBE_MODEL,
  RERANK_PROBES,
  VIDEO_PROBE,
  VIDEO_PROBE_MODELS,
  type EmbedProbe,
  type PaidProbe,
  type RerankProbe,
} from './serviceProbeDefs'

export type AnyProbe = TextProbe | EmbedProbe | RerankProbe | PaidProbe

export const ALL_PROBES: readonly AnyProbe[] = [
  ...TEXT_PROBES,
  ...EMBED_PROBES,
  ...RERANK_PROBES,
  VIDEO_PROBE,
  IMAGE_PROBE,
]

export const probeById = (id: string): AnyProbe | undefined => ALL_PROBES.find((p) => p.id === id)

/** One cell of the battery before it runs: which probe against which subject. */
export interface PlannedCell {
  key: string
  probeId: string
  group: ProbeGroup
  subject: string
  model: string
  format: string
  /** Why it does not apply, when it does not (the cell is reported as skipped). */
  skip: string | null
}

export interface BatteryChoice {
  /** Model ids of any kind; each group with none named uses its defaults. */
  models?: readonly string[]
  include?: readonly PaidGroup[]
}

export const DEFAULT_EMBEDDING_MODELS = ['text-embedding-3-small', 'vendor-embedding-001']

const knownText = (id: string) => KNOWN_TEXT_MODELS.find((m) => m.id === id)
const isEmbedding = (id: string) => EMBEDDING_MODELS.some((m) => m.id === id)
const isRerank = (id: string) => (RERANK_MODELS as readonly string[]).includes(id) || id.startsWith('rerank')
const isVideo = (id: string) => findVideoModel(id) !== undefined

/** The models a choice names, sorted into the groups; a group with none named takes its defaults. */
export function modelsByGroup(
  choice: BatteryChoice,
): Record<'text' | 'embeddings' | 'rerank' | 'video', string[]> {
  const named = [...new Set((choice.models ?? []).map((m) => m.trim()).filter(Boolean))]
  const pick = (test: (id: string) => boolean) => named.filter(test)
  const embeddings = pick(isEmbedding)
  const rerank = pick(isRerank)
  const video = pick(isVideo)
  const text = named.filter((m) => !isEmbedding(m) && !isRerank(m) && !isVideo(m))
  return {
    text: text.length ? text : KNOWN_TEXT_MODELS.map((m) => m.id),
    embeddings: embeddings.length ? embeddings : DEFAULT_EMBEDDING_MODELS,
    rerank: rerank.length ? rerank : [...RERANK_MODELS],
    video: video.length ? video : VIDEO_PROBE_MODELS,
  }
}

/** The formats a text model is probed through: the catalog's, all four for a model the catalog does not know. */
export const formatsOf = (model: string): readonly WireFormat[] => knownText(model)?.formats ?? ALL_FORMATS

/** Every cell of a battery, in matrix order (text rows by model then format, then the other groups). */
export function planBattery(choice: BatteryChoice): PlannedCell[] {
  const groups = modelsByGroup(choice)
  const include = new Set(choice.include ?? [])
  const cells: PlannedCell[] = []
  const add = (
    probeId: string,
    group: ProbeGroup,
    subject: string,
    model: string,
    format: string,
    skip: string | null,
  ) => cells.push({ key: `${probeId}@${subject}`, probeId, group, subject, model, format, skip })
  for (const model of groups.text) {
    const known = knownText(model)
    for (const format of formatsOf(model)) {
      for (const probe of TEXT_PROBES) {
        if (!probe.formats.includes(format)) continue
        const skip =
          probe.applies && !probe.applies(known)
            ? `${model} has no ${probe.label.toLowerCase()} mode in the catalog`
            : null
        add(probe.id, 'text', `${format} · ${model}`, model, format, skip)
      }
    }
  }
  for (const model of groups.embeddings) {
    const format = embeddingModel(model, 'openai').format
    for (const probe of EMBED_PROBES) {
      if (probe.format !== format) continue
      const skip = probe.applies && !probe.applies(model) ? `${model} has a fixed size` : null
      add(
        probe.id,
        'embeddings',
        `${format === 'native' ? 'embedContent' : 'embeddings'} · ${model}`,
        model,
        format,
        skip,
      )
    }
  }
  for (const model of groups.rerank)
    for (const probe of RERANK_PROBES) add(probe.id, 'rerank', `rerank · ${model}`, model, 'rerank', null)
  if (include.has('video'))
    for (const model of groups.video) add(VIDEO_PROBE.id, 'video', `video · ${model}`, model, 'video', null)
  if (include.has('images'))
    add(IMAGE_PROBE.id, 'images', `console · ${IMAGE_PROBE_MODEL}`, IMAGE_PROBE_MODEL, 'console', null)
  return cells
}
