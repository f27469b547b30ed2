// Header-only PNG and JPEG bytes for tests of the image and video rules: real magic numbers and frame
// headers with no pixel data, so a test can ask for any size without encoding an image.
import { encodeBase64 } from '../../src/shared/video/images'

/** A PNG signature and IHDR chunk: all a header reader needs. */
export function pngHeader(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33)
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const v = new DataView(b.buffer)
  v.setUint32(16, width)
  v.setUint32(20, height)
  b.set([8, 2, 0, 0, 0], 24)
  return b
}

/** SOI, an APP0 segment, an APP1 segment of `padding` bytes, then a baseline SOF0 frame header. */
export function jpegHeader(width: number, height: number, padding = 16): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0, 0, 1, 0, 1, 0, 0]
  const app1 = [
    0xff,
    0xe1,
    ((padding + 2) >> 8) & 0xff,
    (padding + 2) & 0xff,
    ...new Array<number>(padding).fill(0x41),
  ]
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]
  return new Uint8Array([0xff, 0xd8, ...app0, ...app1, ...sof, 0xff, 0xd9])
}

export const dataUrl = (mime: string, bytes: Uint8Array): string =>
  `data:${mime};base64,${encodeBase64(bytes)}`
