// Body builders of spec endpoint 11, one per family: a form becomes the exact JSON the gateway takes.
// Builders only shape; they do not judge. validateVideoForm runs the shared rules (rules.ts) on what they
// build, so a body that leaves here unchecked is never sent.
import { referenceCitation, type VideoModel } from '../catalog/videoModels'
import {
  familyDRoles,
  type FamilyAForm,
  type FamilyBForm,
  type FamilyCForm,
  type FamilyDForm,
  type VideoForm,
} from './forms'
import { citedImages, formatFamilyDText } from './rules'

export type VideoBody = Record<string, unknown>

const nonEmpty = (s: string | undefined): s is string => s !== undefined && s.trim() !== ''

/** Copies the defined entries only, so optional fields the user left empty are not sent. */
function compact(entries: Record<string, unknown>): VideoBody {
  const out: VideoBody = {}
  for (const [k, v] of Object.entries(entries)) {
    if (v === undefined || v === null || v === '') continue
    out[k] = v
  }
  return out
}

/** Family A: seconds as a string (the wire accepts both), width/height converted into size. */
export function buildFamilyABody(model: VideoModel, form: FamilyAForm): VideoBody {
  const size =
    form.size ??
    (form.width !== undefined && form.height !== undefined
      ? `${form.width}x${form.height}`
      : model.defaultSize)
  const seconds = form.seconds ?? model.defaultDuration
  return compact({
    model: model.id,
    prompt: form.prompt,
    seconds: typeof seconds === 'number' ? String(seconds) : seconds,
    size,
    input_reference: nonEmpty(form.input_reference) ? form.input_reference : undefined,
    remix_from_video_id: nonEmpty(form.remix_from_video_id) ? form.remix_from_video_id.trim() : undefined,
  })
}

export function buildFamilyBBody(model: VideoModel, form: FamilyBForm): VideoBody {
  return compact({
    model: model.id,
    prompt: form.prompt,
    durationSeconds: form.durationSeconds ?? model.defaultDuration,
    aspectRatio: form.aspectRatio ?? model.defaultAspectRatio,
    resolution: form.resolution ?? model.defaultResolution,
    image: nonEmpty(form.image) ? form.image : undefined,
    lastFrame: nonEmpty(form.lastFrame) ? form.lastFrame : undefined,
    // Fast models always include audio and ignore the toggle, so it is not sent to them.
    generateAudio: model.audio === 'toggle' ? form.generateAudio : undefined,
    sampleCount: form.sampleCount ?? model.sampleCount?.default,
    seed: form.seed,
    personGeneration: nonEmpty(form.personGeneration) ? form.personGeneration : undefined,
    addWatermark: form.addWatermark,
  })
}

export function buildFamilyCBody(model: VideoModel, form: FamilyCForm): VideoBody {
  return compact({
    model: model.id,
    prompt: form.prompt,
    duration: form.duration ?? model.defaultDuration,
    resolution: form.resolution ?? model.defaultResolution,
    aspect_ratio: model.aspectRatios.length > 0 ? (form.aspect_ratio ?? model.defaultAspectRatio) : undefined,
    image: nonEmpty(form.image) ? form.image : undefined,
    smart_rewrite: form.smart_rewrite,
    generate_audio: form.generate_audio,
    audio_url: nonEmpty(form.audio_url) ? form.audio_url.trim() : undefined,
    seed: form.seed,
  })
}

/**
 * Family D: no prompt field; one text item with the prompt and its flags, then the images with their roles.
 * In reference mode, images the prompt does not cite yet are cited in front of it ([图1][图2] …).
 */
/** Reference mode: the image numbers the prompt does not cite, which the body cites in front of it. */
export function uncitedReferences(form: FamilyDForm): number[] {
  if (form.mode !== 'reference') return []
  const cited = new Set(citedImages(form.prompt))
  return form.images
    .filter(nonEmpty)
    .map((_, i) => i + 1)
    .filter((n) => !cited.has(n))
}

export function buildFamilyDBody(model: VideoModel, form: FamilyDForm): VideoBody {
  const images = form.mode === 'text' ? [] : form.images.filter(nonEmpty)
  const roles = familyDRoles(form.mode, images.length)
  let prompt = form.prompt.trim()
  if (form.mode === 'reference') {
    prompt = [uncitedReferences(form).map(referenceCitation).join(''), prompt].filter(nonEmpty).join(' ')
  }
  const text = formatFamilyDText(prompt, {
    ratio: form.ratio ?? model.defaultAspectRatio,
    dur: String(form.duration ?? model.defaultDuration),
    rs: form.resolution ?? model.defaultResolution,
    wm: String(form.watermark ?? false),
    cf: String(form.cameraFixed ?? false),
  })
  return {
    model: model.id,
    metadata: {
      content: [
        { type: 'text', text },
        // Extra images beyond the mode's count keep going with the mode's last role so the rules can refuse
        // them by name instead of the builder dropping them silently.
        ...images.map((url, i) => ({
          type: 'image_url',
          image_url: { url },
          role: roles[i] ?? roles[roles.length - 1] ?? 'first_frame',
        })),
      ],
    },
  }
}

/** Builds the endpoint 11 body for any family; the form's family must be the model's. */
export function buildVideoBody(model: VideoModel, form: VideoForm): VideoBody {
  switch (form.family) {
    case 'A':
      return buildFamilyABody(model, form)
    case 'B':
      return buildFamilyBBody(model, form)
    case 'C':
      return buildFamilyCBody(model, form)
    case 'D':
      return buildFamilyDBody(model, form)
  }
}
