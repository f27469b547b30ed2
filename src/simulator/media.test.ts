import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createServer, type Server } from 'node:http'
import { inflateSync } from 'node:zlib'
import type { AddressInfo } from 'node:net'
import { createSimulator, type RunningSimulator } from './server'
import { SAMPLE_VIDEOS, imageSizeOf, renderPng, sampleVideo, sendMedia } from './media'
import type { SimContext } from './types'
import { imageDimensions } from '../shared/video/images'

const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251))

// sendMedia on a bare server: HEAD reaches it here whatever the simulator's router does with HEAD.
let bare: Server
let bareUrl = ''
let sim: RunningSimulator

beforeAll(async () => {
  bare = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const ctx = {
      req,
      res,
      url,
      params: {},
      body: undefined,
      sim: undefined as never,
      fault: req.headers['x-sim-fault'] as string | undefined,
    }
    sendMedia(ctx as SimContext, BYTES, 'application/octet-stream')
  })
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r))
  bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`
  sim = await createSimulator()
})
afterAll(async () => {
  await new Promise((r) => bare.close(r))
  await sim.close()
})

describe('sendMedia', () => {
  it('answers the whole resource with Accept-Ranges, type and length', async () => {
    const res = await fetch(bareUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('content-type')).toBe('application/octet-stream')
    expect(res.headers.get('content-length')).toBe('1000')
    expect(Buffer.from(await res.arrayBuffer()).equals(BYTES)).toBe(true)
  })

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=990-', 990, 999],
    ['bytes=-1', 999, 999],
    ['bytes=500-5000', 500, 999],
  ])('answers %s with 206 and its slice', async (range, start, end) => {
    const res = await fetch(bareUrl, { headers: { range } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`)
    expect(res.headers.get('content-length')).toBe(String(end - start + 1))
    expect(Buffer.from(await res.arrayBuffer()).equals(BYTES.subarray(start, end + 1))).toBe(true)
  })

  it('answers 416 with bytes */size past the end, and 200 for a malformed range', async () => {
    const past = await fetch(bareUrl, { headers: { range: 'bytes=1000-' } })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe('bytes */1000')
    expect((await fetch(bareUrl, { headers: { range: 'bytes=9-2' } })).status).toBe(200)
  })

  it('answers HEAD with the headers of a GET and no body', async () => {
    const res = await fetch(bareUrl, { method: 'HEAD', headers: { range: 'bytes=10-19' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-length')).toBe('10')
    expect((await res.arrayBuffer()).byteLength).toBe(0)
  })

  it('drops the socket halfway under the drop fault', async () => {
    const res = await fetch(bareUrl, { headers: { 'x-sim-fault': 'drop:0' } })
    await expect(res.arrayBuffer()).rejects.toThrow()
  })
})

describe('sample media', () => {
  it.each(SAMPLE_VIDEOS.map((n) => [n]))('%s is a small MP4 served at /sim-media/samples/', async (name) => {
    const bytes = sampleVideo(name)
    expect(bytes.length).toBeLessThan(200_000)
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp')
    const res = await fetch(`${sim.baseUrl}/sim-media/samples/${name}`)
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('answers 404 for unknown samples and out-of-range image sizes', async () => {
    expect((await fetch(`${sim.baseUrl}/sim-media/samples/other.mp4`)).status).toBe(404)
    expect((await fetch(`${sim.baseUrl}/sim-media/images/batch/k/4096x16/0.png`)).status).toBe(404)
    expect((await fetch(`${sim.baseUrl}/sim-media/images/nope/k/64x64/0.png`)).status).toBe(404)
  })
})

describe('renderPng', () => {
  it('writes a valid PNG: IHDR size, and an IDAT that inflates to every filtered row', () => {
    const png = renderPng({ width: 40, height: 30, seed: 's', lines: ['SIMULATED'] })
    expect(imageDimensions(png)).toEqual({ format: 'png', width: 40, height: 30 })
    const idatAt = png.indexOf('IDAT')
    const len = png.readUInt32BE(idatAt - 4)
    const raw = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + len))
    expect(raw.length).toBe(30 * (40 * 3 + 1))
    expect(png.subarray(-8, -4).toString('latin1')).toBe('IEND')
  })

  it('is deterministic per seed', () => {
    const spec = { width: 32, height: 32, seed: 'a', lines: ['X'] }
    expect(renderPng(spec).equals(renderPng(spec))).toBe(true)
    expect(renderPng(spec).equals(renderPng({ ...spec, seed: 'b' }))).toBe(false)
  })
})

describe('imageSizeOf', () => {
  it.each([
    ['640x480', 640, 480],
    ['2048*1024', 1024, 512],
    ['16:9', 1024, 576],
    ['2K', 1024, 1024],
    [undefined, 1024, 1024],
  ])('%s → %ix%i', (size, width, height) => {
    expect(imageSizeOf(size)).toEqual({ width, height })
  })
})
