import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VIDEO_MODELS, type VideoModel } from '../../../shared/catalog/videoModels'
import { defaultVideoForm, type VideoForm } from '../../../shared/video/forms'
import { jpegHeader, pngHeader } from '../../../../test/fakes/imageHeaders'
import { encodeBase64 } from '../../../shared/video/images'
import { analyzeVideoBody } from '../../../shared/video/rules'
import { VIDEO_IMAGE_MAX_BYTES, type VideoJobRequest } from '../../../shared/ipc/video'
import { mediaRef } from '../../../shared/ipc/media'
import { MediaStore } from '../mediaStore'
import { prepareVideoRequest } from './requests'
import { NOT_IN_CATALOG } from '../../../shared/catalog/notInCatalog'

let dir: string
let media: MediaStore
let portrait: string
let landscape: string
let jpeg: string
let gif: string
let huge: string
const PORTRAIT = pngHeader(720, 1280)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'requests-'))
  media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
  portrait = mediaRef((await media.putBytes(PORTRAIT, 'image/png', 'portrait.png')).id)
  landscape = mediaRef((await media.putBytes(pngHeader(1280, 720), 'image/png', 'landscape.png')).id)
  jpeg = mediaRef((await media.putBytes(jpegHeader(1024, 576), 'image/jpeg', 'frame.jpg')).id)
  gif = mediaRef(
    (await media.putBytes(new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), 'image/gif', 'a.gif')).id,
  )
  const big = new Uint8Array(VIDEO_IMAGE_MAX_BYTES + 1)
  big.set(PORTRAIT)
  huge = mediaRef((await media.putBytes(big, 'image/png', 'huge.png')).id)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const request = (model: VideoModel, form: VideoForm): VideoJobRequest => ({
  kind: 'model',
  profileId: 'p',
  model: model.id,
  form,
})

/** The model's default form with a prompt and, for each image its first mode needs, an imported image. */
function formWithImages(model: VideoModel): VideoForm {
  const form = defaultVideoForm(model)
  form.prompt = 'a heron takes off'
  const mode = model.modes.find((m) => m !== 'text' && m !== 'remix')
  if (form.family === 'A' && mode) form.input_reference = portrait
  if (form.family === 'B') form.image = jpeg
  if (form.family === 'B' && model.modes.includes('firstLast')) form.lastFrame = jpeg
  if (form.family === 'C' && model.modes.includes('firstFrame')) form.image = jpeg
  if (form.family === 'D' && mode) {
    form.mode = mode as Exclude<typeof mode, 'remix'>
    form.images =
      mode === 'firstLast' ? [jpeg, portrait] : mode === 'reference' ? [jpeg, portrait, jpeg] : [jpeg]
  }
  return form
}

const dataUrlOf = (ref: string): RegExp =>
  ref === portrait ? /^data:image\/png;base64,/ : /^data:image\/jpeg;base64,/

describe('prepareVideoRequest: every model with imported images', () => {
  it.each(VIDEO_MODELS.map((m) => [m.id, m] as const))(
    '%s: inlines the images and passes the shared rules',
    async (_id, model) => {
      const form = formWithImages(model)
      const prepared = await prepareVideoRequest(request(model, form), media, { inline: true })
      expect(prepared.ok ? [] : prepared.issues).toEqual([])
      if (!prepared.ok) return
      const body = prepared.value.body!
      // What is sent passes the same rules the simulator applies.
      expect(analyzeVideoBody(body).issues).toEqual([])
      expect(body.model).toBe(model.id)
      expect(prepared.value.path).toBe('/v1/video/generations')
      const text = JSON.stringify(body)
      expect(text).not.toContain('attachment:')
      expect(JSON.stringify(prepared.value.displayBody)).not.toMatch(/base64,[A-Za-z0-9+/]{40}/)
      switch (form.family) {
        case 'A':
          expect(body).toMatchObject({ seconds: '4', size: '720x1280' })
          if (form.input_reference)
            expect(body.input_reference).toBe(`data:image/png;base64,${encodeBase64(PORTRAIT)}`)
          break
        case 'B':
          expect(body.image).toMatch(dataUrlOf(jpeg))
          expect(body.lastFrame === undefined).toBe(!model.modes.includes('firstLast'))
          expect(body).toMatchObject({
            durationSeconds: 4,
            aspectRatio: '16:9',
            resolution: '1080p',
            sampleCount: 1,
          })
          break
        case 'C':
          expect(body.duration).toBe(5)
          expect(body.image === undefined).toBe(!model.modes.includes('firstFrame'))
          break
        case 'D': {
          expect(body.prompt).toBeUndefined()
          const content = (
            body.metadata as { content: { type: string; role?: string; image_url?: { url: string } }[] }
          ).content
          expect(content[0]?.type).toBe('text')
          const images = content.slice(1)
          expect(images).toHaveLength(form.images.length)
          images.forEach((item, i) => expect(item.image_url?.url).toMatch(dataUrlOf(form.images[i]!)))
          const roles = images.map((i) => i.role)
          if (form.mode === 'firstLast') expect(roles).toEqual(['first_frame', 'last_frame'])
          if (form.mode === 'reference')
            expect(roles).toEqual(['reference_image', 'reference_image', 'reference_image'])
          if (form.mode === 'firstFrame') expect(roles).toEqual(['first_frame'])
          break
        }
      }
    },
  )

  it('a preview reads no more than headers and shows images as placeholders', async () => {
    const model = VIDEO_MODELS.find((m) => m.id === 'famA-2')!
    const prepared = await prepareVideoRequest(
      request(model, { family: 'A', prompt: 'x', input_reference: portrait }),
      media,
      { inline: false },
    )
    expect(prepared.ok && prepared.value.body).toBeNull()
    expect(prepared.ok && prepared.value.displayBody.input_reference).toBe(
      'data:image/png;base64,<portrait.png: 33 bytes, inlined when sent>',
    )
  })

  // Forms are built inside the test: the imported images exist only after beforeAll.
  it.each([
    [
      'a family A image of another size',
      'famA-2',
      () => ({ family: 'A', prompt: 'x', input_reference: landscape }),
      'input_reference',
      'dimensions',
    ],
    [
      'an image that is not JPEG or PNG',
      'famC-2.5-i2v-preview',
      () => ({ family: 'C', prompt: 'x', image: gif }),
      'image',
      'format',
    ],
    [
      'an image over the size limit',
      'famB-3.0-generate-preview',
      () => ({ family: 'B', prompt: 'x', image: huge }),
      'image',
      'range',
    ],
    [
      'an image that is no longer stored',
      'famD-1-0-pro-250528',
      () => ({ family: 'D', mode: 'firstFrame', prompt: 'x', images: [mediaRef('0'.repeat(32))] }),
      'images[0]',
      'required',
    ],
    [
      'an image on the lite text-to-video model',
      'famD-1-0-lite-t2v-250428',
      () => ({ family: 'D', mode: 'firstFrame', prompt: 'x', images: [jpeg] }),
      'mode',
      'mode',
    ],
  ] as const)('refuses %s, naming the field and rule', async (_name, id, form, field, rule) => {
    const model = VIDEO_MODELS.find((m) => m.id === id)!
    const prepared = await prepareVideoRequest(request(model, form() as VideoForm), media, { inline: true })
    expect(prepared.ok).toBe(false)
    const issue = !prepared.ok ? prepared.issues.find((i) => i.field === field) : undefined
    expect(issue, JSON.stringify(prepared)).toMatchObject({ field, rule })
    expect(issue?.message).toContain(field)
  })

  it('refuses a model outside the catalog', async () => {
    const prepared = await prepareVideoRequest(
      { kind: 'model', profileId: 'p', model: 'famZ-9', form: { family: 'A', prompt: 'x' } },
      media,
      { inline: true },
    )
    expect(prepared).toMatchObject({ ok: false, issues: [{ field: 'model' }] })
  })
})

describe('prepareVideoRequest: console video (endpoint 14)', () => {
  it('sends duration as the declared string and omits empty optional fields', async () => {
    const prepared = await prepareVideoRequest(
      {
        kind: 'console',
        profileId: 'p',
        form: { model: 'm1', prompt: 'p', duration: 8, aspect_ratio: '9:16', resolution: '' },
      },
      media,
      { inline: true },
    )
    expect(prepared).toMatchObject({
      ok: true,
      value: {
        path: '/prod-api/svc/v4/api/svcVideoCompletions',
        body: { model: 'm1', prompt: 'p', duration: '8', aspect_ratio: '9:16' },
      },
    })
    expect(prepared.ok && 'resolution' in prepared.value.body!).toBe(false)
  })

  it.each([
    [{ model: '', prompt: 'p', duration: 5, aspect_ratio: '16:9' }, 'model', 'required'],
    [{ model: 'm', prompt: 'p', duration: 7, aspect_ratio: '16:9' }, 'duration', 'oneOf'],
    [{ model: 'm', prompt: '', duration: 5, aspect_ratio: '16:9' }, 'prompt', 'required'],
    [{ model: 'm', prompt: 'p', duration: 5, aspect_ratio: '' }, 'aspect_ratio', 'required'],
  ])('refuses %o naming %s', async (form, field, rule) => {
    const prepared = await prepareVideoRequest({ kind: 'console', profileId: 'p', form }, media, {
      inline: true,
    })
    expect(prepared).toMatchObject({ ok: false, issues: [{ field, rule }] })
  })
})

describe('prepareVideoRequest: warnings are sent only when the user sends anyway (force)', () => {
  const familyD10 = VIDEO_MODELS.find((m) => m.id === 'famD-1-0-pro-250528')!
  const dForm = (patch: Record<string, unknown>): VideoForm =>
    ({ ...defaultVideoForm(familyD10), prompt: 'a red fox in snow', ...patch }) as VideoForm

  it('a duration the app assumed is a warning: refused without force, sent with it', async () => {
    const without = await prepareVideoRequest(request(familyD10, dForm({ duration: 7 })), media, {
      inline: true,
    })
    expect(without.ok).toBe(false)
    const issues = !without.ok ? without.issues : []
    expect(issues.map((i) => [i.field, i.severity])).toEqual([['duration', 'warning']])
    const forced = await prepareVideoRequest(request(familyD10, dForm({ duration: 7 })), media, {
      inline: true,
      force: true,
    })
    expect(forced.ok).toBe(true)
    const text = forced.ok ? JSON.stringify(forced.value.body) : ''
    expect(text).toContain('--dur 7')
    expect(forced.ok && forced.value.summary.durationSeconds).toBe(7)
  })

  it('an error the spec states still refuses with force', async () => {
    const prepared = await prepareVideoRequest(request(familyD10, dForm({ prompt: '' })), media, {
      inline: true,
      force: true,
    })
    expect(prepared.ok).toBe(false)
    expect(!prepared.ok && prepared.issues.some((i) => (i.severity ?? 'error') === 'error')).toBe(true)
  })

  it('an image over the 20 MB the app assumed is a warning, and is inlined when sent anyway', async () => {
    const model = VIDEO_MODELS.find((m) => m.id === 'famB-3.0-generate-preview')!
    const form = { family: 'B', prompt: 'x', image: huge } as VideoForm
    const without = await prepareVideoRequest(request(model, form), media, { inline: true })
    const issue = !without.ok ? without.issues.find((i) => i.field === 'image') : undefined
    expect(issue).toMatchObject({ field: 'image', rule: 'range', severity: 'warning' })
    expect(issue?.message).toContain('the spec gives no bound')
    const forced = await prepareVideoRequest(request(model, form), media, { inline: true, force: true })
    expect(forced.ok).toBe(true)
    const image = forced.ok ? String(forced.value.body?.image) : ''
    expect(image.startsWith('data:image/png;base64,')).toBe(true)
    expect(image.length).toBeGreaterThan(VIDEO_IMAGE_MAX_BYTES)
  })

  it('a model outside the catalog is sent with the chosen family body and the one note', async () => {
    const form = { ...defaultVideoForm(VIDEO_MODELS.find((m) => m.family === 'B')!), prompt: 'a kite' }
    const req: VideoJobRequest = { kind: 'model', profileId: 'p', model: 'vendor-video-9', form }
    const without = await prepareVideoRequest(req, media, { inline: true })
    expect(without).toMatchObject({
      ok: false,
      issues: [{ field: 'model', rule: 'catalog', severity: 'warning' }],
    })
    expect(!without.ok && without.issues[0]!.message).toBe(`model vendor-video-9: ${NOT_IN_CATALOG}`)
    const forced = await prepareVideoRequest({ ...req, force: true }, media, { inline: true, force: true })
    expect(forced.ok).toBe(true)
    const body = forced.ok ? forced.value.body : null
    expect(body).toMatchObject({ model: 'vendor-video-9', prompt: 'a kite' })
    expect(body).toHaveProperty('durationSeconds')
    expect(forced.ok && forced.value.summary).toMatchObject({ family: 'B', model: 'vendor-video-9' })
  })
})
