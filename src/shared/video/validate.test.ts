import { describe, it, expect } from 'vitest'
import { VIDEO_MODELS, findVideoModel, type VideoModel } from '../catalog/videoModels'
import {
  defaultVideoForm,
  type FamilyAForm,
  type FamilyBForm,
  type FamilyCForm,
  type FamilyDForm,
  type VideoForm,
} from './forms'
import { dataUrl, jpegHeader, pngHeader } from '../../../test/fakes/imageHeaders'
import { validateVideoForm, type VideoFormResult } from './validate'

const PROMPT = 'a red fox runs through fresh snow'
const IMG = 'https://example.com/frame.png'
const IMG2 = 'https://example.com/last.png'

function model(id: string): VideoModel {
  const m = findVideoModel(id)
  if (!m) throw new Error(id)
  return m
}

/** The smallest valid form of a model: its defaults, a prompt, and the images its first mode needs. */
function validForm(m: VideoModel): VideoForm {
  const form = defaultVideoForm(m)
  form.prompt = PROMPT
  if (form.family === 'C' && m.modes.includes('firstFrame')) form.image = IMG
  if (form.family === 'D' && form.mode === 'firstFrame') form.images = [IMG]
  return form
}

function issuesOf(result: VideoFormResult): { field: string; rule: string; message: string }[] {
  return result.ok ? [] : result.issues
}

function expectIssue(result: VideoFormResult, field: string, rule: string, ...words: string[]): void {
  const found = issuesOf(result).find((i) => i.field === field && i.rule === rule)
  expect(found, `expected ${field}/${rule} in ${JSON.stringify(issuesOf(result))}`).toBeDefined()
  for (const w of [field.replace(/^images$/, ''), ...words]) expect(found?.message).toContain(w)
}

const ALL = VIDEO_MODELS.map((m) => [m.id, m] as const)

describe('validateVideoForm: every model', () => {
  it.each(ALL)('%s: the default form with a prompt builds a valid body', (_id, m) => {
    const result = validateVideoForm(m, validForm(m))
    expect(issuesOf(result)).toEqual([])
    expect(result.ok && result.body.model).toBe(m.id)
    expect(result.ok && result.request.durationSeconds).toBe(m.defaultDuration)
  })

  it.each(ALL)('%s: every allowed duration passes and the neighbours outside fail', (_id, m) => {
    for (const d of m.durations) {
      const f = validForm(m)
      setDuration(f, d)
      expect(issuesOf(validateVideoForm(m, f))).toEqual([])
    }
    for (const d of [Math.min(...m.durations) - 1, Math.max(...m.durations) + 1, 7.5]) {
      if (m.durations.includes(d)) continue
      const f = validForm(m)
      setDuration(f, d)
      const field = { A: 'seconds', B: 'durationSeconds', C: 'duration', D: 'duration' }[m.family]
      const r = validateVideoForm(m, f)
      expect(r.ok).toBe(false)
      expect(issuesOf(r)[0]?.field).toBe(field)
    }
  })

  it.each(ALL.filter(([, m]) => m.resolutions.length > 0))(
    '%s: resolutions outside the list fail',
    (_id, m) => {
      for (const r of m.resolutions) {
        const f = validForm(m) as FamilyBForm | FamilyCForm | FamilyDForm
        f.resolution = r
        expect(issuesOf(validateVideoForm(m, f))).toEqual([])
      }
      const f = validForm(m) as FamilyBForm | FamilyCForm | FamilyDForm
      f.resolution = '4k'
      expectIssue(validateVideoForm(m, f), 'resolution', 'oneOf', m.resolutions.join(', '), m.id)
    },
  )

  it.each(ALL.filter(([, m]) => m.aspectRatios.length > 0))(
    '%s: aspect ratios outside the list fail',
    (_id, m) => {
      const field = m.family === 'B' ? 'aspectRatio' : m.family === 'C' ? 'aspect_ratio' : 'ratio'
      for (const ratio of m.aspectRatios) {
        const f = validForm(m) as unknown as Record<string, unknown>
        f[field] = ratio
        expect(issuesOf(validateVideoForm(m, f as unknown as VideoForm))).toEqual([])
      }
      const f = validForm(m) as unknown as Record<string, unknown>
      f[field] = '5:4'
      expectIssue(validateVideoForm(m, f as unknown as VideoForm), field, 'oneOf', m.aspectRatios.join(', '))
    },
  )

  it.each(ALL.filter(([, m]) => m.family !== 'D'))('%s: an empty prompt is refused by name', (_id, m) => {
    const f = validForm(m)
    f.prompt = ''
    if (m.id === 'famC-2.5-i2v-preview') expect(validateVideoForm(m, f).ok).toBe(true)
    else expectIssue(validateVideoForm(m, f), 'prompt', 'required')
  })

  it('refuses a form of another family and an unknown model', () => {
    expectIssue(
      validateVideoForm('famA-2', validForm(model('famB-3.0-generate-preview'))),
      'model',
      'oneOf',
      'family A',
    )
    expect(validateVideoForm('famZ-9', validForm(model('famA-2'))).ok).toBe(false)
  })
})

function setDuration(f: VideoForm, d: number): void {
  if (f.family === 'A') f.seconds = d
  else if (f.family === 'B') f.durationSeconds = d
  else f.duration = d
}

describe('family A', () => {
  const m = model('famA-2')
  const form = (extra: Partial<FamilyAForm>): FamilyAForm => ({ family: 'A', prompt: PROMPT, ...extra })

  it('builds seconds as a string and the default portrait size', () => {
    const r = validateVideoForm(m, form({}))
    expect(r.ok && r.body).toEqual({ model: 'famA-2', prompt: PROMPT, seconds: '4', size: '720x1280' })
  })

  it('converts width and height into size', () => {
    const r = validateVideoForm(m, form({ width: 1280, height: 720, seconds: 12 }))
    expect(r.ok && r.body).toEqual({ model: 'famA-2', prompt: PROMPT, seconds: '12', size: '1280x720' })
    expectIssue(
      validateVideoForm(m, form({ width: 1000, height: 1000 })),
      'width',
      'oneOf',
      '720x1280, 1280x720',
      '1000x1000',
    )
  })

  it('refuses sizes outside the list', () => {
    expectIssue(validateVideoForm(m, form({ size: '1920x1080' })), 'size', 'oneOf', '720x1280, 1280x720')
  })

  it('accepts an input_reference whose pixels equal size and refuses any other size', () => {
    const ok = validateVideoForm(
      m,
      form({ size: '1280x720', input_reference: dataUrl('image/png', pngHeader(1280, 720)) }),
    )
    expect(issuesOf(ok)).toEqual([])
    expect(ok.ok && ok.request.mode).toBe('firstFrame')
    const jpeg = validateVideoForm(m, form({ input_reference: dataUrl('image/jpeg', jpegHeader(720, 1280)) }))
    expect(issuesOf(jpeg)).toEqual([])
    expectIssue(
      validateVideoForm(m, form({ input_reference: dataUrl('image/png', pngHeader(1280, 720)) })),
      'input_reference',
      'dimensions',
      'exactly 720x1280',
      '1280x720',
    )
  })

  it('checks a URL reference against the caller-supplied image info', () => {
    const url = form({ input_reference: IMG })
    expect(validateVideoForm(m, url).ok).toBe(true)
    expectIssue(
      validateVideoForm(m, url, { imageInfo: { format: 'png', width: 640, height: 640 } }),
      'input_reference',
      'dimensions',
      '640x640',
    )
    expectIssue(
      validateVideoForm(m, url, { imageInfo: { format: 'webp', width: 720, height: 1280 } }),
      'input_reference',
      'format',
      'JPEG or PNG',
    )
  })

  it('refuses input_reference data that is no JPEG or PNG', () => {
    const gif = dataUrl('image/gif', new TextEncoder().encode('GIF89a0000000000'))
    expectIssue(
      validateVideoForm(m, form({ input_reference: gif })),
      'input_reference',
      'format',
      'JPEG or PNG',
      'gif',
    )
    expectIssue(validateVideoForm(m, form({ input_reference: 'nonsense!' })), 'input_reference', 'format')
  })

  it('remixes only from ids starting with video_, and never together with input_reference', () => {
    const r = validateVideoForm(m, form({ remix_from_video_id: 'video_abc123' }))
    expect(r.ok && r.body.remix_from_video_id).toBe('video_abc123')
    expect(r.ok && r.request.mode).toBe('remix')
    expectIssue(
      validateVideoForm(m, form({ remix_from_video_id: 'task_abc' })),
      'remix_from_video_id',
      'prefix',
      '"video_"',
    )
    expectIssue(
      validateVideoForm(m, form({ remix_from_video_id: 'video_1', input_reference: IMG })),
      'remix_from_video_id',
      'conflict',
    )
  })
})

describe('family B', () => {
  const v30 = model('famB-3.0-generate-preview')
  const v31 = model('famB-3.1-generate-preview')
  const fast = model('famB-3.1-fast-generate-preview')
  const form = (extra: Partial<FamilyBForm>): FamilyBForm => ({ family: 'B', prompt: PROMPT, ...extra })

  it('builds the camelCase body with defaults', () => {
    const r = validateVideoForm(
      v30,
      form({ generateAudio: true, seed: 42, personGeneration: 'allow_adult', addWatermark: false }),
    )
    expect(r.ok && r.body).toEqual({
      model: 'famB-3.0-generate-preview',
      prompt: PROMPT,
      durationSeconds: 4,
      aspectRatio: '16:9',
      resolution: '1080p',
      generateAudio: true,
      sampleCount: 1,
      seed: 42,
      personGeneration: 'allow_adult',
      addWatermark: false,
    })
    expect(r.ok && r.request.audio).toBe(true)
  })

  it('does not send generateAudio to fast models, which always include audio', () => {
    const r = validateVideoForm(fast, form({ generateAudio: false }))
    expect(r.ok && 'generateAudio' in r.body).toBe(false)
    expect(r.ok && r.request.audio).toBe(true)
  })

  it('takes lastFrame on 3.1 models only, and only with image', () => {
    const r = validateVideoForm(v31, form({ image: IMG, lastFrame: IMG2 }))
    expect(r.ok && r.request.mode).toBe('firstLast')
    expect(r.ok && r.body.lastFrame).toBe(IMG2)
    expectIssue(validateVideoForm(v30, form({ image: IMG, lastFrame: IMG2 })), 'lastFrame', 'mode', '3.1')
    expectIssue(validateVideoForm(v31, form({ lastFrame: IMG2 })), 'lastFrame', 'requires', 'image')
  })

  it('bounds sampleCount to 1-4 and wants integers', () => {
    for (const n of [1, 2, 3, 4]) expect(validateVideoForm(v31, form({ sampleCount: n })).ok).toBe(true)
    expectIssue(validateVideoForm(v31, form({ sampleCount: 5 })), 'sampleCount', 'range', '1 to 4')
    expectIssue(validateVideoForm(v31, form({ sampleCount: 0 })), 'sampleCount', 'range')
    expectIssue(validateVideoForm(v31, form({ seed: 1.5 })), 'seed', 'type', 'integer')
  })

  it('refuses an image that is neither URL nor Base64', () => {
    expectIssue(validateVideoForm(v31, form({ image: 'C:\\frame.png' })), 'image', 'format', 'URL')
  })
})

describe('family C', () => {
  const t2v = model('famC-2.5-t2v-preview')
  const i2v = model('famC-2.5-i2v-preview')
  const form = (extra: Partial<FamilyCForm>): FamilyCForm => ({ family: 'C', prompt: PROMPT, ...extra })

  it('builds the snake_case body for text-to-video', () => {
    const r = validateVideoForm(
      t2v,
      form({
        duration: 10,
        resolution: '1080p',
        smart_rewrite: true,
        generate_audio: true,
        audio_url: 'https://e.com/a.mp3',
        seed: 7,
      }),
    )
    expect(r.ok && r.body).toEqual({
      model: 'famC-2.5-t2v-preview',
      prompt: PROMPT,
      duration: 10,
      resolution: '1080p',
      aspect_ratio: '16:9',
      smart_rewrite: true,
      generate_audio: true,
      audio_url: 'https://e.com/a.mp3',
      seed: 7,
    })
  })

  it('needs an image on i2v and refuses one on t2v', () => {
    const r = validateVideoForm(i2v, form({ image: IMG }))
    expect(r.ok && r.body).toEqual({
      model: 'famC-2.5-i2v-preview',
      prompt: PROMPT,
      duration: 5,
      resolution: '720p',
      image: IMG,
    })
    expectIssue(validateVideoForm(i2v, form({})), 'image', 'required', 'famC-2.5-i2v-preview')
    expectIssue(validateVideoForm(t2v, form({ image: IMG })), 'image', 'forbidden', 'text-to-video')
  })

  it('refuses durations other than 5 and 10 and a non-URL audio_url', () => {
    expectIssue(validateVideoForm(t2v, form({ duration: 8 })), 'duration', 'oneOf', '5, 10')
    expectIssue(validateVideoForm(t2v, form({ audio_url: 'song.mp3' })), 'audio_url', 'format')
  })
})

describe('family D', () => {
  const liteT2v = model('famD-1-0-lite-t2v-250428')
  const liteI2v = model('famD-1-0-lite-i2v-250428')
  const pro = model('famD-1-0-pro-250528')
  const pro15 = model('famD-1-5-pro-251215')
  const form = (extra: Partial<FamilyDForm>): FamilyDForm => ({
    family: 'D',
    mode: 'text',
    prompt: PROMPT,
    images: [],
    ...extra,
  })

  it('has no prompt field: one text item carries the prompt and every flag', () => {
    const r = validateVideoForm(
      pro15,
      form({ ratio: '9:16', duration: 12, resolution: '480p', watermark: true, cameraFixed: true }),
    )
    expect(r.ok && r.body).toEqual({
      model: 'famD-1-5-pro-251215',
      metadata: {
        content: [{ type: 'text', text: `${PROMPT} --ratio 9:16 --dur 12 --rs 480p --wm true --cf true` }],
      },
    })
    expect(r.ok && r.request.audio).toBe(true)
    expect(r.ok && 'prompt' in r.body).toBe(false)
  })

  it('gives images their roles per mode', () => {
    const first = validateVideoForm(pro, form({ mode: 'firstFrame', images: [IMG] }))
    expect(first.ok && (first.body.metadata as { content: unknown[] }).content[1]).toEqual({
      type: 'image_url',
      image_url: { url: IMG },
      role: 'first_frame',
    })
    const fl = validateVideoForm(liteI2v, form({ mode: 'firstLast', images: [IMG, IMG2] }))
    expect(
      fl.ok && (fl.body.metadata as { content: { role?: string }[] }).content.map((c) => c.role),
    ).toEqual([undefined, 'first_frame', 'last_frame'])
  })

  it('first+last frame needs exactly two images', () => {
    expectIssue(
      validateVideoForm(liteI2v, form({ mode: 'firstLast', images: [IMG] })),
      'images',
      'count',
      'exactly 2',
    )
    expectIssue(
      validateVideoForm(liteI2v, form({ mode: 'firstLast', images: [IMG, IMG2, IMG] })),
      'images',
      'count',
      'got 3',
    )
  })

  it('reference mode numbers the images [图1], [图2] in the prompt', () => {
    const r = validateVideoForm(
      liteI2v,
      form({ mode: 'reference', prompt: 'the cat from [图2] plays', images: [IMG, IMG2] }),
    )
    const content = r.ok ? (r.body.metadata as { content: { text?: string; role?: string }[] }).content : []
    expect(content[0]?.text).toBe(
      '[图1] the cat from [图2] plays --ratio 16:9 --dur 5 --rs 720p --wm false --cf false',
    )
    expect(content.slice(1).map((c) => c.role)).toEqual(['reference_image', 'reference_image'])
    expectIssue(
      validateVideoForm(liteI2v, form({ mode: 'reference', prompt: 'see [图3]', images: [IMG, IMG2] })),
      'prompt',
      'citation',
      '[图3]',
    )
    expectIssue(
      validateVideoForm(liteI2v, form({ mode: 'reference', images: [IMG, IMG, IMG, IMG, IMG] })),
      'images',
      'count',
      '1 to 4',
    )
  })

  it('lite t2v takes no image and no adaptive ratio', () => {
    expectIssue(
      validateVideoForm(liteT2v, form({ mode: 'firstFrame', images: [IMG] })),
      'mode',
      'mode',
      'first frame',
    )
    expectIssue(validateVideoForm(liteT2v, form({ ratio: 'adaptive' })), 'ratio', 'oneOf', '--ratio')
    expect(
      validateVideoForm(liteI2v, form({ mode: 'firstFrame', images: [IMG], ratio: 'adaptive' })).ok,
    ).toBe(true)
  })

  it('refuses modes a model does not offer', () => {
    expectIssue(
      validateVideoForm(pro, form({ mode: 'firstLast', images: [IMG, IMG2] })),
      'mode',
      'mode',
      'first+last frame',
    )
    expectIssue(validateVideoForm(liteI2v, form({ mode: 'text' })), 'mode', 'mode', 'text-to-video')
    expectIssue(validateVideoForm(pro, form({ mode: 'text', images: [IMG] })), 'images', 'forbidden')
  })

  it('1.5 models take 4-12 s at 480p or 720p', () => {
    expectIssue(validateVideoForm(pro15, form({ duration: 3 })), 'duration', 'oneOf', '--dur', '4, 5, 6')
    expectIssue(validateVideoForm(pro15, form({ resolution: '1080p' })), 'resolution', 'oneOf', '480p, 720p')
  })

  it('text-to-video needs a prompt', () => {
    expectIssue(validateVideoForm(pro15, form({ prompt: '  ' })), 'prompt', 'required')
  })
})
