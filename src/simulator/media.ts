// Media the simulator hands out: the sample MP4s of resources/sim, PNGs drawn in code (deterministic per URL),
// and hosted result URLs under /sim-media/ that answer Range (206/416) and HEAD like a CDN would. A hosted
// URL can be registered as expired (always 403, the way a signed URL past its lifetime answers) or flaky (the
// first GET drops halfway), so clients can test their bounded-attempts and Range-resume paths.
import { existsSync, readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import type { SimContext, SimRoute, SimState } from './types'
import { contentRange, parseByteRange } from '../shared/video/range'
import { faultPlanOf } from './http'
import { encodeRgbPng } from './pngEncode'

/** Sample videos shipped in resources/sim (see its README for how they were made). */
export const SAMPLE_VIDEOS = [
  'famA.mp4',
  'famB.mp4',
  'famC.mp4',
  'famD.mp4',
  'famD-audio.mp4',
  'console.mp4',
] as const
export type SampleVideo = (typeof SAMPLE_VIDEOS)[number]

/** Environment variable that points at the sample media folder when the default lookup cannot find it. */
export const SAMPLE_DIR_ENV = 'GATEWAY_SIM_MEDIA_DIR'

// From src/simulator (tsx, vitest) and from out/main (electron-vite bundle) the folder is two levels up;
// a packaged app finds it under its resources path.
function sampleDirCandidates(): string[] {
  const env = process.env[SAMPLE_DIR_ENV]
  const resourcesPath = (process as { resourcesPath?: string }).resourcesPath
  return [
    ...(env ? [env] : []),
    fileURLToPath(new URL('../../resources/sim/', import.meta.url)),
    ...(resourcesPath ? [join(resourcesPath, 'sim'), join(resourcesPath, 'resources', 'sim')] : []),
    join(process.cwd(), 'resources', 'sim'),
  ]
}

const videoCache = new Map<string, Buffer>()

/** The bytes of a sample video (read once, then cached). */
export function sampleVideo(name: SampleVideo): Buffer {
  const cached = videoCache.get(name)
  if (cached) return cached
  const dir = sampleDirCandidates().find((d) => existsSync(join(d, name)))
  if (!dir)
    throw new Error(`Sample video ${name} not found; set ${SAMPLE_DIR_ENV} to the resources/sim folder.`)
  const bytes = readFileSync(join(dir, name))
  videoCache.set(name, bytes)
  return bytes
}

// ---------- PNG drawing ----------

// 5x7 bitmap font, one 5-bit row per number (top to bottom), for the labels burned into generated images.
// prettier-ignore
const FONT: Record<string, readonly number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17], B: [30, 17, 17, 30, 17, 17, 30], C: [14, 17, 16, 16, 16, 17, 14],
  D: [28, 18, 17, 17, 17, 18, 28], E: [31, 16, 16, 30, 16, 16, 31], F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15], H: [17, 17, 17, 31, 17, 17, 17], I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12], K: [17, 18, 20, 24, 20, 18, 17], L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17], N: [17, 17, 25, 21, 19, 17, 17], O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16], Q: [14, 17, 17, 17, 21, 18, 13], R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30], T: [31, 4, 4, 4, 4, 4, 4], U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4], W: [17, 17, 17, 21, 21, 21, 10], X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 17, 10, 4, 4, 4], Z: [31, 1, 2, 4, 8, 16, 31], '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14], '2': [14, 17, 1, 2, 4, 8, 31], '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2], '5': [31, 16, 30, 1, 1, 17, 14], '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8], '8': [14, 17, 17, 14, 17, 17, 14], '9': [14, 17, 17, 15, 1, 2, 12],
  '-': [0, 0, 0, 31, 0, 0, 0], '#': [10, 10, 31, 10, 31, 10, 10], '.': [0, 0, 0, 0, 0, 12, 12],
  ' ': [0, 0, 0, 0, 0, 0, 0],
}

/** FNV-1a, for seeds and colours that depend only on a string. */
export function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number): number => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)]
}

export interface PngSpec {
  width: number
  height: number
  /** Colours and pattern derive from the seed, so one seed always draws the same picture. */
  seed: string
  /** Lines burned in the middle (A-Z, 0-9, space, `-#.`; other characters are dropped). */
  lines: string[]
}

/** Draws a deterministic RGB PNG: a seeded two-colour gradient, soft rings, and the label lines on a band. */
export function renderPng({ width, height, seed, lines }: PngSpec): Buffer {
  const h = hash32(seed)
  const c1 = hsl(h % 360, 0.65, 0.55)
  const c2 = hsl((h >>> 9) % 360, 0.7, 0.35)
  const cx = ((h >>> 3) % 100) / 100
  const cy = ((h >>> 11) % 100) / 100
  const rowBytes = width * 3 + 1
  const raw = Buffer.alloc(rowBytes * height)
  for (let y = 0; y < height; y++) {
    raw[y * rowBytes] = 0 // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2
      const dx = x / width - cx
      const dy = y / height - cy
      const ring = 0.85 + 0.15 * Math.cos(Math.sqrt(dx * dx + dy * dy) * 40)
      const o = y * rowBytes + 1 + x * 3
      raw[o] = Math.round((c1[0] * (1 - t) + c2[0] * t) * ring)
      raw[o + 1] = Math.round((c1[1] * (1 - t) + c2[1] * t) * ring)
      raw[o + 2] = Math.round((c1[2] * (1 - t) + c2[2] * t) * ring)
    }
  }
  const text = lines.map((l) => [...l.toUpperCase()].filter((ch) => FONT[ch]).join(''))
  const longest = Math.max(1, ...text.map((l) => l.length))
  const scale = Math.max(
    1,
    Math.min(8, Math.floor((width * 0.85) / (longest * 6)), Math.floor((height * 0.6) / (text.length * 9))),
  )
  const bandTop = Math.floor(height / 2 - (text.length * 9 * scale) / 2) - scale * 2
  const bandBottom = bandTop + text.length * 9 * scale + scale * 3
  for (let y = Math.max(0, bandTop); y < Math.min(height, bandBottom); y++) {
    for (let x = 0; x < width; x++) {
      const o = y * rowBytes + 1 + x * 3
      raw[o] = (raw[o] ?? 0) >> 2
      raw[o + 1] = (raw[o + 1] ?? 0) >> 2
      raw[o + 2] = (raw[o + 2] ?? 0) >> 2
    }
  }
  text.forEach((line, li) => {
    const left = Math.floor((width - line.length * 6 * scale) / 2)
    const top = bandTop + scale * 2 + li * 9 * scale
    ;[...line].forEach((ch, ci) => {
      const rows = FONT[ch] ?? []
      rows.forEach((bits, ry) => {
        for (let rx = 0; rx < 5; rx++) {
          if (!((bits >> (4 - rx)) & 1)) continue
          for (let sy = 0; sy < scale; sy++) {
            for (let sx = 0; sx < scale; sx++) {
              const x = left + (ci * 6 + rx) * scale + sx
              const y = top + ry * scale + sy
              if (x < 0 || y < 0 || x >= width || y >= height) continue
              raw.fill(255, y * rowBytes + 1 + x * 3, y * rowBytes + 1 + x * 3 + 3)
            }
          }
        }
      })
    })
  })
  return encodeRgbPng(width, height, raw)
}

/** Largest side of a generated image; bigger requests are scaled down keeping their aspect ratio. */
export const MAX_IMAGE_SIDE = 1024

/** Reads a requested size (`1024x1024`, `2K`, `16:9`, …) into pixel dimensions within MAX_IMAGE_SIDE. */
export function imageSizeOf(size: string | undefined): { width: number; height: number } {
  const fit = (w: number, h: number): { width: number; height: number } => {
    const k = Math.min(1, MAX_IMAGE_SIDE / Math.max(w, h))
    return { width: Math.max(16, Math.round(w * k)), height: Math.max(16, Math.round(h * k)) }
  }
  const dims = /^\s*(\d+)\s*[x*×]\s*(\d+)\s*$/i.exec(size ?? '')
  if (dims && Number(dims[1]) > 0 && Number(dims[2]) > 0) return fit(Number(dims[1]), Number(dims[2]))
  const ratio = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(size ?? '')
  if (ratio && Number(ratio[1]) > 0 && Number(ratio[2]) > 0)
    return fit(Number(ratio[1]) * 1000, Number(ratio[2]) * 1000)
  return { width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE }
}

/** Labels for the kinds of generated images; the kind is part of the URL. */
const IMAGE_KINDS: Record<string, string> = {
  batch: 'BATCH IMAGE',
  easy: 'PHOTO SHOOT',
  advanced: 'PHOTO SHOOT',
  tryon: 'TRY-ON',
  image: 'IMAGE',
}

/**
 * URL of a generated PNG served by the simulator. Everything the picture depends on is in the URL, so the
 * same URL always answers the same bytes and no state is kept.
 */
export function generatedImageUrl(
  sim: SimState,
  kind: keyof typeof IMAGE_KINDS,
  key: string,
  index: number,
  size: { width: number; height: number },
): string {
  const safeKey = key.replace(/[^A-Za-z0-9-]/g, '').slice(0, 48) || 'x'
  return `${sim.baseUrl}/sim-media/images/${kind}/${safeKey}/${size.width}x${size.height}/${index}.png`
}

const pngCache = new Map<string, Buffer>()
const PNG_CACHE_MAX = 32

function cachedPng(path: string, spec: PngSpec): Buffer {
  const hit = pngCache.get(path)
  if (hit) return hit
  const png = renderPng(spec)
  if (pngCache.size >= PNG_CACHE_MAX) pngCache.delete(pngCache.keys().next().value as string)
  pngCache.set(path, png)
  return png
}

// ---------- hosted results ----------

export interface HostedMedia {
  file: SampleVideo
  /** Always answers 403 like an expired signed URL. */
  expired: boolean
  /** The first GET sends half the bytes, then drops the connection; later GETs (with Range) succeed. */
  flaky: boolean
  gets: number
}

const HOSTED_STORE = 'media.hosted'

function hostedStore(sim: SimState): Map<string, HostedMedia> {
  let store = sim.stores.get(HOSTED_STORE) as Map<string, HostedMedia> | undefined
  if (!store) sim.stores.set(HOSTED_STORE, (store = new Map()))
  return store
}

/** Registers a hosted result and returns its absolute URL (`/sim-media/hosted/<token>/<file>`). */
export function hostMedia(
  sim: SimState,
  file: SampleVideo,
  opts: { expired?: boolean; flaky?: boolean } = {},
): string {
  const token = randomBytes(12).toString('hex')
  hostedStore(sim).set(token, { file, expired: opts.expired ?? false, flaky: opts.flaky ?? false, gets: 0 })
  return `${sim.baseUrl}/sim-media/hosted/${token}/${file}`
}

// ---------- serving ----------

/**
 * Answers bytes with Range support: 200 with Accept-Ranges, 206 with Content-Range, 416 with
 * `Content-Range: bytes *\/size`; HEAD gets the headers only. `dropHalfway` (and the request's drop/stall
 * fault) sends half the answer, then destroys or stalls the socket.
 */
export function sendMedia(
  ctx: SimContext,
  bytes: Buffer,
  contentType: string,
  opts: { dropHalfway?: boolean } = {},
): void {
  const { req, res } = ctx
  const size = bytes.length
  const range = parseByteRange(req.headers.range, size)
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'content-type': contentType,
    'cache-control': 'public, max-age=3600',
    etag: `"${hash32(bytes.subarray(0, 4096).toString('base64') + size).toString(16)}"`,
  }
  if (range.kind === 'unsatisfiable') {
    res.writeHead(416, {
      ...headers,
      'content-range': contentRange(range, size) ?? '',
      'content-length': '0',
    })
    res.end()
    return
  }
  const body = range.kind === 'partial' ? bytes.subarray(range.start, range.end + 1) : bytes
  res.writeHead(range.kind === 'partial' ? 206 : 200, {
    ...headers,
    ...(range.kind === 'partial' ? { 'content-range': contentRange(range, size) ?? '' } : {}),
    'content-length': String(body.length),
  })
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  const fault = faultPlanOf(ctx).stream
  const half = body.subarray(0, Math.floor(body.length / 2))
  if (opts.dropHalfway || fault?.kind === 'drop') res.write(half, () => res.destroy())
  else if (fault?.kind === 'stall') res.write(half)
  else res.end(body)
}

function notFound(ctx: SimContext, what: string): void {
  const body = Buffer.from(`Not found: ${what}\n`)
  ctx.res.writeHead(404, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(body.length),
  })
  ctx.res.end(body)
}

// The XML answer of an object store for a signed URL past its lifetime.
function expired(ctx: SimContext): void {
  const body = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>\n',
  )
  ctx.res.writeHead(403, { 'content-type': 'application/xml', 'content-length': String(body.length) })
  ctx.res.end(body)
}

export const mediaRoutes: SimRoute[] = [
  {
    method: 'GET',
    path: /^\/sim-media\/hosted\/(?<token>[0-9a-f]+)\/(?<name>[\w.-]+)$/,
    auth: 'none',
    errorStyle: 'openai',
    handle(ctx) {
      const entry = hostedStore(ctx.sim).get(ctx.params.token ?? '')
      if (!entry || entry.file !== ctx.params.name) return notFound(ctx, ctx.url.pathname)
      if (entry.expired) return expired(ctx)
      const first = ctx.req.method === 'GET' && entry.gets === 0
      if (ctx.req.method === 'GET') entry.gets += 1
      sendMedia(ctx, sampleVideo(entry.file), 'video/mp4', { dropHalfway: entry.flaky && first })
    },
  },
  {
    method: 'GET',
    path: /^\/sim-media\/samples\/(?<name>[\w.-]+)$/,
    auth: 'none',
    errorStyle: 'openai',
    handle(ctx) {
      const name = ctx.params.name as SampleVideo
      if (!SAMPLE_VIDEOS.includes(name)) return notFound(ctx, ctx.url.pathname)
      sendMedia(ctx, sampleVideo(name), 'video/mp4')
    },
  },
  {
    method: 'GET',
    path: /^\/sim-media\/images\/(?<kind>[a-z]+)\/(?<key>[A-Za-z0-9-]+)\/(?<w>\d{1,4})x(?<h>\d{1,4})\/(?<n>\d{1,3})\.png$/,
    auth: 'none',
    errorStyle: 'openai',
    handle(ctx) {
      const { kind = '', key = '', w = '0', h = '0', n = '0' } = ctx.params
      const label = IMAGE_KINDS[kind]
      const width = Number(w)
      const height = Number(h)
      if (!label || width < 16 || height < 16 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
        return notFound(ctx, ctx.url.pathname)
      }
      const png = cachedPng(ctx.url.pathname, {
        width,
        height,
        seed: `${kind}/${key}/${n}`,
        lines: ['SIMULATED', `${label} ${Number(n) + 1}`],
      })
      sendMedia(ctx, png, 'image/png')
    },
  },
]
