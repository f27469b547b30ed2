import { describe, expect, it } from 'vitest'
import { checkConsoleVideo } from '../catalog/consoleTasks'
import { VIDEO_MODELS, type VideoModel } from '../catalog/videoModels'
import {
  CONSOLE_VIDEO_FIELDS,
  VIDEO_FORM_FIELDS,
  visibleVideoFields,
  type VideoChoiceField,
  type VideoFieldSpec,
} from './formFields'
import { defaultVideoForm, type VideoForm } from './forms'
import { validateVideoForm } from './validate'

const IMG = 'https://example.com/frame.png'

/** The model's defaults with a prompt and the images its first mode needs: a form the rules accept. */
function validForm(m: VideoModel): VideoForm {
  const form = defaultVideoForm(m)
  form.prompt = 'a red fox runs through fresh snow'
  if (form.family === 'C' && m.modes.includes('firstFrame')) form.image = IMG
  if (form.family === 'D' && form.mode === 'firstFrame') form.images = [IMG]
  return form
}

const choices = (fields: readonly VideoFieldSpec[]): VideoChoiceField[] =>
  fields.filter((f): f is VideoChoiceField => f.kind === 'choice')

describe('video form fields drawn from the catalog', () => {
  it.each(VIDEO_MODELS.map((m) => [m.id, m] as const))(
    '%s: every value each choice offers is accepted by the body rules',
    (_id, model) => {
      const base = validForm(model)
      expect(validateVideoForm(model, base).ok).toBe(true)
      const ctx = { model, mode: model.modes[0] }
      for (const spec of choices(visibleVideoFields(VIDEO_FORM_FIELDS[model.family], ctx))) {
        const values = spec.values(ctx)
        expect(values.length, spec.key).toBeGreaterThan(0)
        for (const value of values) {
          const result = validateVideoForm(model, { ...base, [spec.key]: value } as VideoForm)
          expect(result.ok ? [] : result.issues, `${spec.key}=${value}`).toEqual([])
        }
      }
    },
  )

  it.each(VIDEO_MODELS.map((m) => [m.id, m] as const))(
    '%s: a value outside the catalog row is refused under the field that offers it',
    (_id, model) => {
      const ctx = { model, mode: model.modes[0] }
      for (const spec of choices(visibleVideoFields(VIDEO_FORM_FIELDS[model.family], ctx))) {
        if (spec.empty !== undefined) continue // a free-form field with suggested values
        const bad = typeof spec.values(ctx)[0] === 'number' ? 7777 : 'not-a-value'
        const result = validateVideoForm(model, { ...validForm(model), [spec.key]: bad } as VideoForm)
        const fields = result.ok ? [] : result.issues.map((i) => i.field)
        expect(fields, spec.key).toContain(spec.key)
      }
    },
  )

  it('fields depend on the model row: audio toggle, aspect ratio and remix appear only where they apply', () => {
    const keys = (m: VideoModel, mode = m.modes[0]) =>
      visibleVideoFields(VIDEO_FORM_FIELDS[m.family], { model: m, mode }).map((f) => f.key)
    for (const m of VIDEO_MODELS) {
      if (m.family === 'B') expect(keys(m).includes('generateAudio')).toBe(m.audio === 'toggle')
      if (m.family === 'C') expect(keys(m).includes('aspect_ratio')).toBe(m.aspectRatios.length > 0)
      if (m.family === 'A') {
        expect(keys(m, 'text')).not.toContain('remix_from_video_id')
        expect(keys(m, 'remix')).toContain('remix_from_video_id')
      }
    }
  })

  it('every console duration offered is accepted by the console rules, and the fields are the body fields', () => {
    const ctx = { model: undefined, mode: undefined }
    const duration = choices(CONSOLE_VIDEO_FIELDS).find((f) => f.key === 'duration')!
    for (const d of duration.values(ctx)) {
      const check = checkConsoleVideo({ model: 'm', prompt: 'p', duration: d, aspect_ratio: '16:9' })
      expect(check.ok, String(d)).toBe(true)
    }
    const empty = checkConsoleVideo({})
    const required = empty.ok ? [] : empty.issues.map((i) => i.field)
    const offered = CONSOLE_VIDEO_FIELDS.map((f) => f.key)
    for (const field of required) expect(offered).toContain(field)
  })
})
