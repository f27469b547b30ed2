// A small, valid, deterministic PNG built in code (node:zlib), for native image output.
// The picture is a gradient and checkerboard whose colours come from the seed: same seed, same bytes.
import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

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
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = 2
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
