import { describe, it, expect } from 'vitest'
import {
  checkBatchImage,
  checkConsoleVideo,
  checkPhotoShootAdvanced,
  checkPhotoShootEasy,
  checkTryOn,
  consolePath,
  unprefixFields,
  type ConsoleCheck,
} from './consoleTasks'

const fields = <T>(c: ConsoleCheck<T>): string[] => (c.ok ? [] : c.issues.map((i) => i.field))

describe('unprefixFields', () => {
  it('reads prefixed, nested and plain forms into one object', () => {
    expect(unprefixFields({ 'P.model': 'm', 'P.a.b': 1 }, 'P')).toEqual({ model: 'm', a: { b: 1 } })
    expect(unprefixFields({ P: { model: 'm', 'a.b': 1 } }, 'P')).toEqual({ model: 'm', a: { b: 1 } })
    expect(unprefixFields({ model: 'm', 'list[1].url': 'u' }, 'P')).toEqual({
      model: 'm',
      list: [undefined, { url: 'u' }],
    })
  })
})

describe('console checks', () => {
  it('names the paths of the spec', () => {
    expect(consolePath('tryOn')).toBe('/prod-api/svc/v4/api/dressing2Submitv4')
    expect(consolePath('photoShootQuery')).toBe('/prod-api/svc/v4/api/photoShootQuery')
  })

  it('console video needs model, prompt, duration and aspect_ratio; duration as string or number', () => {
    expect(fields(checkConsoleVideo({}))).toEqual(['model', 'prompt', 'duration', 'aspect_ratio'])
    const ok = checkConsoleVideo({ model: 'm', prompt: 'p', duration: '5', aspect_ratio: '16:9' })
    expect(ok.ok && ok.value.duration).toBe(5)
    expect(checkConsoleVideo({ model: 'm', prompt: 'p', duration: 12, aspect_ratio: '1:1' }).ok).toBe(true)
    const bad = checkConsoleVideo({ model: 'm', prompt: 'p', duration: 7, aspect_ratio: '1:1' })
    expect(!bad.ok && bad.issues[0]?.message).toContain('duration must be one of 3, 5, 8, 10, 12')
  })

  it('batch image accepts the prefixed and the plain form and names missing fields with the prefix', () => {
    const plain = { model: 'm', prompt: 'p', n: 2, size: '1024x1024', temperature: 1, watermark: false }
    const prefixed = Object.fromEntries(
      Object.entries(plain).map(([k, v]) => [`batchImageGenerationDTO.${k}`, v]),
    )
    expect(checkBatchImage(plain)).toEqual(checkBatchImage(prefixed))
    expect(checkBatchImage(plain).ok).toBe(true)
    expect(fields(checkBatchImage({ model: 'm' }))).toEqual([
      'batchImageGenerationDTO.prompt',
      'batchImageGenerationDTO.n',
      'batchImageGenerationDTO.size',
      'batchImageGenerationDTO.temperature',
      'batchImageGenerationDTO.watermark',
    ])
    expect(fields(checkBatchImage({ ...plain, n: 0 }))).toEqual(['batchImageGenerationDTO.n'])
  })

  it('easy mode needs size and parts with text or image', () => {
    expect(
      checkPhotoShootEasy({
        size: '1:1',
        contents: [{ parts: [{ text: 't' }, { image: 'https://e/x.png' }] }],
      }).ok,
    ).toBe(true)
    expect(fields(checkPhotoShootEasy({ contents: [] }))).toEqual(['size', 'contents'])
    expect(fields(checkPhotoShootEasy({ size: '1:1', contents: [{ parts: [{}] }] }))).toEqual([
      'contents[0].parts[0]',
    ])
  })

  it('advanced mode needs its four URLs', () => {
    expect(fields(checkPhotoShootAdvanced({ productImageUrl: 'a' }))).toEqual([
      'productMaskUrl',
      'templateImageUrl',
      'templateMaskUrl',
    ])
  })

  it('try-on accepts the prefixed form, the nested form and imageUrl/clothingUrl', () => {
    const garment = [{ type: 'image', url: 'https://e/g.png' }]
    const a = checkTryOn({
      'cVDressingV4DTO.model.url': 'https://e/p.png',
      'cVDressingV4DTO.garment.data': garment,
    })
    const b = checkTryOn({
      cVDressingV4DTO: { model: { url: 'https://e/p.png' }, garment: { data: garment } },
    })
    const c = checkTryOn({ imageUrl: 'https://e/p.png', clothingUrl: 'https://e/g.png' })
    expect(a).toEqual(b)
    expect(a.ok && a.value).toEqual({ form: 'prefixed', personUrl: 'https://e/p.png', garments: garment })
    expect(c.ok && c.value).toEqual({ form: 'plain', personUrl: 'https://e/p.png', garments: garment })
    expect(fields(checkTryOn({}))).toEqual(['cVDressingV4DTO.model.url', 'cVDressingV4DTO.garment.data'])
    expect(
      fields(
        checkTryOn({ 'cVDressingV4DTO.model.url': 'u', 'cVDressingV4DTO.garment.data': [{ type: 'image' }] }),
      ),
    ).toEqual(['cVDressingV4DTO.garment.data[0].url'])
    expect(fields(checkTryOn({ imageUrl: 'u' }))).toEqual(['clothingUrl'])
  })
})
