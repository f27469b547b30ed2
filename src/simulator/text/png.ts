// A small, valid, deterministic PNG built in code (node:zlib), for native image output.
// The picture is a gradient and checkerboard whose colours come from the seed: same seed, same bytes.
import { encodeRgbPng } from '../pngEncode'

/** Width and height for an aspect ratio such as `16:9`, longest side `longest` pixels. */
export function sizeForAspect(aspect: string | undefined, longest = 128): { width: number; height: number } {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(aspect ?? '')
  const w = match ? Number(match[1]) : 1
  const h = match ? Number(match[2]) : 1
  if (!(w > 0 && h > 0)) return { width: longest, height: longest }
  return w >= h
    ? { width: longest, height: Math.max(1, Math.round((longest * h) / w)) }
    : { width: Math.max(1, Math.round((longest * w) / h)), height: longest }
}

/** An 8-bit RGB PNG of the given size, coloured by `seed`. */
export function makePng(seed: number, width: number, height: number): Buffer {
  const base = [seed & 0xff, (seed >>> 8) & 0xff, (seed >>> 16) & 0xff]
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1)
    raw[row] = 0
    for (let x = 0; x < width; x += 1) {
      const checker = ((x >> 4) + (y >> 4)) % 2 === 0 ? 40 : 0
      const offset = row + 1 + x * 3
      raw[offset] = ((base[0] ?? 0) + Math.floor((x * 255) / width) + checker) & 0xff
      raw[offset + 1] = ((base[1] ?? 0) + Math.floor((y * 255) / height) + checker) & 0xff
      raw[offset + 2] = ((base[2] ?? 0) + checker) & 0xff
    }
  }
  return encodeRgbPng(width, height, raw)
}
