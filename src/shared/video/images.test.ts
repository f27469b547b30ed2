import { describe, it, expect } from 'vitest'
import { dataUrl, jpegHeader, pngHeader } from '../../../test/fakes/imageHeaders'
import {
  decodeBase64,
  encodeBase64,
  imageDimensions,
  inlineImageInfo,
  parseImageReference,
  sniffImageFormat,
} from './images'

describe('base64', () => {
  it('round-trips every byte value and every padding length', () => {
    for (let len = 0; len < 260; len += 1) {
      const bytes = Uint8Array.from({ length: len }, (_, i) => (i * 37 + len) & 0xff)
      const text = encodeBase64(bytes)
      expect(text).toBe(Buffer.from(bytes).toString('base64'))
      expect(decodeBase64(text)).toEqual(bytes)
    }
  })

  it('decodes URL-safe text, ignores whitespace and refuses foreign characters', () => {
    const bytes = Uint8Array.from([251, 255, 191, 0, 1])
    expect(decodeBase64(Buffer.from(bytes).toString('base64url'))).toEqual(bytes)
    expect(decodeBase64('+/+/\nAAE=')).toEqual(Uint8Array.from([251, 255, 191, 0, 1]))
    expect(decodeBase64('ab!c')).toBeUndefined()
  })
})

describe('parseImageReference', () => {
  it.each([
    ['https://example.com/a.png', 'url'],
    ['http://127.0.0.1:8787/x.jpg', 'url'],
    ['data:image/png;base64,iVBORw0KGgo=', 'inline'],
    ['iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB', 'inline'],
    ['data:image/png,rawtext', 'invalid'],
    ['not an image', 'invalid'],
    ['ftp://example.com/a.png', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (ref, kind) => {
    expect(parseImageReference(ref).kind).toBe(kind)
  })

  it('keeps the data URL mime type', () => {
    expect(parseImageReference('data:image/jpeg;base64,AAAA')).toEqual({
      kind: 'inline',
      mime: 'image/jpeg',
      base64: 'AAAA',
    })
  })
})

describe('imageDimensions', () => {
  it('reads a PNG IHDR', () => {
    expect(imageDimensions(pngHeader(720, 1280))).toEqual({ format: 'png', width: 720, height: 1280 })
  })

  it('reads a JPEG frame header after APP segments', () => {
    expect(imageDimensions(jpegHeader(1280, 720))).toEqual({ format: 'jpeg', width: 1280, height: 720 })
    expect(imageDimensions(jpegHeader(640, 480, 60_000))).toEqual({ format: 'jpeg', width: 640, height: 480 })
  })

  it('reads a progressive (SOF2) JPEG and skips DHT segments', () => {
    const dht = [0xff, 0xc4, 0x00, 0x04, 0x00, 0x00]
    const sof2 = [0xff, 0xc2, 0x00, 0x0b, 0x08, 0x00, 0x20, 0x00, 0x40, 1, 1, 0x11, 0]
    expect(imageDimensions(new Uint8Array([0xff, 0xd8, ...dht, ...sof2]))).toEqual({
      format: 'jpeg',
      width: 64,
      height: 32,
    })
  })

  it('answers undefined for truncated headers and other formats', () => {
    expect(imageDimensions(pngHeader(1, 1).subarray(0, 20))).toBeUndefined()
    expect(imageDimensions(jpegHeader(10, 10).subarray(0, 30))).toBeUndefined()
    expect(imageDimensions(new TextEncoder().encode('GIF89a....'))).toBeUndefined()
    expect(sniffImageFormat(new TextEncoder().encode('GIF89a....'))).toBe('gif')
    expect(sniffImageFormat(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp')
  })
})

describe('inlineImageInfo', () => {
  it('measures data URLs and bare Base64, not URLs', () => {
    expect(inlineImageInfo(dataUrl('image/png', pngHeader(1280, 720)))).toEqual({
      format: 'png',
      width: 1280,
      height: 720,
    })
    expect(inlineImageInfo(encodeBase64(jpegHeader(720, 1280)))).toEqual({
      format: 'jpeg',
      width: 720,
      height: 1280,
    })
    expect(inlineImageInfo('https://example.com/a.png')).toBeUndefined()
  })

  it('finds a JPEG frame header beyond the first decoded prefix', () => {
    expect(inlineImageInfo(dataUrl('image/jpeg', jpegHeader(320, 200, 65_000)))).toEqual({
      format: 'jpeg',
      width: 320,
      height: 200,
    })
  })

  it('reports the format of a readable image without a size, and nothing for non-images', () => {
    expect(inlineImageInfo(dataUrl('image/gif', new TextEncoder().encode('GIF89a0000000000')))).toEqual({
      format: 'gif',
      width: 0,
      height: 0,
    })
    expect(
      inlineImageInfo(dataUrl('image/png', new TextEncoder().encode('plain text, no image'))),
    ).toBeUndefined()
  })
})
