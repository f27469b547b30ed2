import { describe, expect, it } from 'vitest'
import {
  checkBatchImage,
  checkPhotoShootAdvanced,
  checkPhotoShootEasy,
  checkTryOn,
} from '../catalog/consoleTasks'
import { buildImageBody, imageFieldsOf, imageFormWarnings, validateImageForm } from './bodies'
import {
  defaultAdvancedForm,
  defaultBatchForm,
  defaultEasyForm,
  defaultTryOnForm,
  type ImageForm,
} from './forms'

const URL_A = 'https://img.example/a.png'
const URL_B = 'https://img.example/b.png'
const FILE = `attachment:${'a'.repeat(32)}`
const asIs = (_field: string, ref: string) => ref
const fields = (form: ImageForm) => validateImageForm(form).map((i) => `${i.field}:${i.rule}`)

describe('batch images (16)', () => {
  const form = { ...defaultBatchForm(), prompt: 'a red chair', promptOptions: '{"style":"photo"}' }

  it('the prefixed form carries every field under batchImageGenerationDTO. and the console check accepts it', () => {
    const body = buildImageBody(form, asIs)
    expect(body).toEqual({
      'batchImageGenerationDTO.model': 'svc-image-1',
      'batchImageGenerationDTO.prompt': 'a red chair',
      'batchImageGenerationDTO.n': 4,
      'batchImageGenerationDTO.size': '1024x1024',
      'batchImageGenerationDTO.temperature': 1,
      'batchImageGenerationDTO.watermark': false,
      'batchImageGenerationDTO.promptOptions': { style: 'photo' },
    })
    expect(checkBatchImage(body)).toMatchObject({ ok: true, value: { n: 4, prompt: 'a red chair' } })
  })

  it('the plain form carries the same fields without the prefix, optional ones included', () => {
    const body = buildImageBody(
      {
        ...form,
        bodyForm: 'plain',
        image: URL_A,
        quality: 'hd',
        responseFormat: 'url',
        score: 0.5,
        optimizePrompt: 'on',
        sequentialImageGeneration: 'auto',
        sequentialImageGenerationOptions: '{"max_images": 3}',
      },
      asIs,
    )
    expect(body).toMatchObject({
      model: 'svc-image-1',
      n: 4,
      image: URL_A,
      quality: 'hd',
      responseFormat: 'url',
      score: 0.5,
      optimizePrompt: 'on',
      sequentialImageGeneration: 'auto',
      sequentialImageGenerationOptions: { max_images: 3 },
    })
    expect(checkBatchImage(body).ok).toBe(true)
  })

  it('refuses a missing prompt, n below 1 or above the bound, a fractional temperature and bad JSON, naming each field', () => {
    expect(fields({ ...form, prompt: ' ', n: 0 })).toEqual(['prompt:required', 'n:range'])
    // The spec gives no maximum: above 16 is a warning, not an issue.
    expect(fields({ ...form, n: 17 })).toEqual([])
    expect(imageFormWarnings({ ...form, n: 17 })[0]!.message).toContain('the spec gives no maximum')
    expect(imageFormWarnings({ ...form, n: 16 })).toEqual([])
    expect(fields({ ...form, n: 2.5, temperature: 0.5 })).toEqual(['n:type', 'temperature:type'])
    expect(fields({ ...form, promptOptions: '[1]', image: 'not a url' })).toEqual([
      'image:format',
      'promptOptions:format',
    ])
    expect(validateImageForm({ ...form, n: 0 })[0]!.message).toMatch(/n must be at least 1 \(got 0\)/)
  })
})

describe('photo-shoot easy mode (17)', () => {
  it('sends size and contents[0].parts with the text and the image as given', () => {
    const form = { ...defaultEasyForm(), parts: [{ text: 'on a beach' }, { image: FILE }] }
    const body = buildImageBody(form, (field, ref) => (ref === FILE ? `<${field}>` : ref))
    expect(body).toEqual({
      size: '1024x1024',
      contents: [{ parts: [{ text: 'on a beach' }, { image: '<parts[1].image>' }] }],
    })
    expect(checkPhotoShootEasy(body).ok).toBe(true)
  })

  it('refuses a part with neither text nor image and a missing size', () => {
    expect(fields({ ...defaultEasyForm(), size: '' })).toEqual([
      'size:required',
      'parts[0]:required',
      'parts[1]:required',
    ])
  })
})

describe('photo-shoot advanced mode (18)', () => {
  const form = {
    ...defaultAdvancedForm(),
    productImage: URL_A,
    productMask: FILE,
    templateImage: URL_B,
    templateMask: URL_B,
  }

  it('sends the four URL fields', () => {
    const body = buildImageBody(form, asIs)
    expect(body).toEqual({
      productImageUrl: URL_A,
      productMaskUrl: FILE,
      templateImageUrl: URL_B,
      templateMaskUrl: URL_B,
    })
    expect(checkPhotoShootAdvanced(body).ok).toBe(true)
  })

  it('refuses a missing image and a mask whose size differs from its image', () => {
    expect(fields({ ...form, templateImage: '' })).toEqual(['templateImage:required'])
    const dims = (f: string) =>
      f === 'productImage'
        ? { width: 800, height: 600 }
        : f === 'productMask'
          ? { width: 400, height: 300 }
          : null
    const issues = validateImageForm(form, dims)
    expect(issues).toEqual([
      {
        field: 'productMask',
        rule: 'match',
        message: 'productMask must be the size of productImage (800×600; the mask is 400×300)',
      },
    ])
  })
})

describe('try-on (19)', () => {
  const form = { ...defaultTryOnForm(), person: URL_A, garments: [{ type: 'image', image: URL_B }] }

  it('the prefixed form nests model.url, garment.data and every config under cVDressingV4DTO.', () => {
    const body = buildImageBody(form, asIs)
    expect(body).toMatchObject({
      'cVDressingV4DTO.model.url': URL_A,
      'cVDressingV4DTO.garment.data': [{ type: 'image', url: URL_B }],
      'cVDressingV4DTO.return_url': true,
      'cVDressingV4DTO.inference_config.num_steps': 30,
      'cVDressingV4DTO.inference_config.keep_head': true,
      'cVDressingV4DTO.logoInfo.opacity': 0.3,
    })
    expect(checkTryOn(body)).toMatchObject({ ok: true, value: { form: 'prefixed', personUrl: URL_A } })
  })

  it('the plain form sends imageUrl and clothingUrl only, and takes one garment', () => {
    const plain = { ...form, bodyForm: 'plain' as const }
    const body = buildImageBody(plain, asIs)
    expect(body).toEqual({ imageUrl: URL_A, clothingUrl: URL_B })
    expect(checkTryOn(body)).toMatchObject({ ok: true, value: { form: 'plain' } })
    expect(fields({ ...plain, garments: [...plain.garments, { type: 'image', image: URL_A }] })).toEqual([
      'garments:range',
    ])
  })

  it('refuses a missing person, a garment without image, and out-of-range config values', () => {
    const bad = {
      ...form,
      person: '',
      garments: [{ type: '', image: '' }],
      inference_config: { ...form.inference_config, num_steps: 0, p_bbox_iou_ratio: 2 },
      logoInfo: { ...form.logoInfo, opacity: 1.5, position: 0.5 },
    }
    expect(fields(bad)).toEqual([
      'person:required',
      'garments[0].type:required',
      'garments[0].image:required',
      'inference_config.num_steps:range',
      'inference_config.p_bbox_iou_ratio:range',
      'logoInfo.position:type',
      'logoInfo.opacity:range',
    ])
  })

  it('lists the image fields that hold a value', () => {
    expect(imageFieldsOf(form)).toEqual([
      { field: 'person', value: URL_A },
      { field: 'garments[0].image', value: URL_B },
    ])
  })
})
