import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { readFileSync } from 'node:fs'
import { createSimulator, type RunningSimulator } from './server'
import { ODD_PHOTO_STATUS, PHOTO_TASK_MS } from './console'
import { ODD_TASK_STATUS, VIDEO_TIMELINE_MS } from './video'
import { imageDimensions } from '../shared/video/images'

const TOKEN = 'console-test-token'
const API = '/prod-api/svc/v4/api'

let sim: RunningSimulator
let now = 0

beforeAll(async () => {
  sim = await createSimulator({ consoleToken: TOKEN, clock: { now: () => now } })
})
afterAll(() => sim.close())

interface Envelope {
  code: number
  msg: string
  data: unknown
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token = TOKEN,
): Promise<{ status: number; env: Envelope }> {
  const res = await fetch(`${sim.consoleBaseUrl}${API}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, env: (await res.json()) as Envelope }
}

const post = (path: string, body: unknown) => call('POST', path, body)
const get = (path: string) => call('GET', path)

async function expectPng(url: string): Promise<{ width: number; height: number }> {
  expect(url.startsWith(`${sim.baseUrl}/sim-media/images/`)).toBe(true)
  const res = await fetch(url)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/png')
  const info = imageDimensions(new Uint8Array(await res.arrayBuffer()))
  expect(info?.format).toBe('png')
  return { width: info?.width ?? 0, height: info?.height ?? 0 }
}

describe('console envelope and auth', () => {
  it('refuses a wrong access token with the envelope', async () => {
    const { status, env } = await call('GET', 'svcVideoQuery?taskId=x', undefined, 'wrong')
    expect(status).toBe(401)
    expect(env).toMatchObject({ code: 401, data: null })
  })

  it('answers a missing required field with a non-200 code naming it', async () => {
    const { status, env } = await post('svcVideoCompletions', { model: 'm', prompt: 'p' })
    expect(status).toBe(400)
    expect(env.code).toBe(400)
    expect(env.msg).toContain('duration is required')
    expect(env.msg).toContain('aspect_ratio is required')
  })
})

describe('console video (14, 15)', () => {
  it('submits, then answers task_id, status and url until succeeded; the url serves the console sample', async () => {
    const { env } = await post('svcVideoCompletions', {
      model: 'famD-1-0-pro-250528',
      prompt: 'a kite',
      duration: '5',
      aspect_ratio: '16:9',
    })
    expect(env).toMatchObject({ code: 200, data: { task_id: expect.any(String) } })
    const id = (env.data as { task_id: string }).task_id
    const first = await get(`svcVideoQuery?taskId=${id}`)
    expect(first.env.data).toEqual({ task_id: id, status: 'queued', url: null })
    now += VIDEO_TIMELINE_MS.total
    const done = await get(`svcVideoQuery?taskId=${id}`)
    const data = done.env.data as { status: string; url: string }
    expect(data.status).toBe('succeeded')
    const bytes = Buffer.from(await (await fetch(data.url)).arrayBuffer())
    expect(bytes.equals(readFileSync(new URL('../../resources/sim/console.mp4', import.meta.url)))).toBe(true)
  })

  it('accepts a numeric duration, refuses one outside 3, 5, 8, 10, 12', async () => {
    expect(
      (await post('svcVideoCompletions', { model: 'm', prompt: 'p', duration: 12, aspect_ratio: '9:16' })).env
        .code,
    ).toBe(200)
    const bad = await post('svcVideoCompletions', {
      model: 'm',
      prompt: 'p',
      duration: 7,
      aspect_ratio: '9:16',
    })
    expect(bad.env.msg).toContain('duration must be one of 3, 5, 8, 10, 12')
  })

  it('reports a failed task and unknown ids', async () => {
    const { env } = await post('svcVideoCompletions', {
      model: 'm',
      prompt: 'please fail',
      duration: 5,
      aspect_ratio: '1:1',
    })
    now += VIDEO_TIMELINE_MS.total
    const q = await get(`svcVideoQuery?taskId=${(env.data as { task_id: string }).task_id}`)
    expect(q.env.data).toMatchObject({ status: 'failed', url: null, error: { code: 500 } })
    expect((await get('svcVideoQuery?taskId=nope')).env.code).toBe(404)
    expect((await get('svcVideoQuery')).env.code).toBe(400)
  })
})

describe('batch images (16)', () => {
  const fields = {
    model: 'img-1',
    prompt: 'a teapot',
    n: 3,
    size: '640x480',
    temperature: 1,
    watermark: false,
  }

  it('answers n PNG URLs for the plain form', async () => {
    const { env } = await post('batchImageGenerationSubmit', fields)
    const images = (env.data as { images: { url: string }[] }).images
    expect(images).toHaveLength(3)
    expect(await expectPng(images[0]!.url)).toEqual({ width: 640, height: 480 })
    expect(new Set(images.map((i) => i.url)).size).toBe(3)
  })

  it('accepts the batchImageGenerationDTO. prefixed form and caps the picture size', async () => {
    const prefixed = Object.fromEntries(
      Object.entries({ ...fields, n: 1, size: '2048x1024' }).map(([k, v]) => [
        `batchImageGenerationDTO.${k}`,
        v,
      ]),
    )
    const { env } = await post('batchImageGenerationSubmit', prefixed)
    expect(env.code).toBe(200)
    const [image] = (env.data as { images: { url: string }[] }).images
    expect(await expectPng(image!.url)).toEqual({ width: 1024, height: 512 })
  })

  it('names missing fields with their prefix', async () => {
    const { env } = await post('batchImageGenerationSubmit', { model: 'img-1', prompt: 'x' })
    expect(env.code).toBe(400)
    expect(env.msg).toContain('batchImageGenerationDTO.n is required')
  })

  it('serves the same bytes for the same URL', async () => {
    const { env } = await post('batchImageGenerationSubmit', { ...fields, n: 1, size: '64x64' })
    const url = (env.data as { images: { url: string }[] }).images[0]!.url
    const a = Buffer.from(await (await fetch(url)).arrayBuffer())
    const b = Buffer.from(await (await fetch(url)).arrayBuffer())
    expect(a.equals(b)).toBe(true)
  })
})

describe('photo shoot (17, 18, 20) and try-on (19)', () => {
  it('easy mode answers data.url of a PNG', async () => {
    const { env } = await post('photoShootEasyModeSubmit', {
      size: '512x512',
      contents: [{ parts: [{ text: 'on a beach' }, { image: 'https://example.com/product.png' }] }],
    })
    expect(env.code).toBe(200)
    expect(await expectPng((env.data as { url: string }).url)).toEqual({ width: 512, height: 512 })
  })

  it('advanced mode answers a task id string that photoShootQuery finishes with images', async () => {
    const urls = {
      productImageUrl: 'https://e/p.png',
      productMaskUrl: 'https://e/pm.png',
      templateImageUrl: 'https://e/t.png',
      templateMaskUrl: 'https://e/tm.png',
    }
    const { env } = await post('photoShootAdvancedModeSubmit', urls)
    expect(typeof env.data).toBe('string')
    const id = env.data as string
    expect((await get(`photoShootQuery?taskId=${id}`)).env.data).toEqual({
      status: 'RUNNING',
      result: { taskId: id, images: [] },
    })
    now += PHOTO_TASK_MS
    const done = (await get(`photoShootQuery?taskId=${id}`)).env.data as {
      status: string
      result: { taskId: string; images: string[] }
    }
    expect(done.status).toBe('SUCCESS')
    expect(done.result.taskId).toBe(id)
    expect(done.result.images.length).toBeGreaterThan(0)
    await expectPng(done.result.images[0]!)
  })

  it('advanced mode refuses a missing mask', async () => {
    const { env } = await post('photoShootAdvancedModeSubmit', {
      productImageUrl: 'a',
      templateImageUrl: 'b',
      templateMaskUrl: 'c',
    })
    expect(env).toMatchObject({ code: 400, msg: 'productMaskUrl is required' })
  })

  it.each([
    [
      'prefixed',
      {
        'cVDressingV4DTO.model.url': 'https://e/person.png',
        'cVDressingV4DTO.garment.data': [{ type: 'image', url: 'https://e/shirt.png' }],
      },
    ],
    ['imageUrl/clothingUrl', { imageUrl: 'https://e/person.png', clothingUrl: 'https://e/shirt.png' }],
  ])('try-on accepts the %s form; photoShootQuery serves its task id', async (_form, body) => {
    const { env } = await post('dressing2Submitv4', body)
    const id = (env.data as { task_id: string }).task_id
    expect(id).toMatch(/^tryon_/)
    now += PHOTO_TASK_MS
    const done = (await get(`photoShootQuery?taskId=${id}`)).env.data as {
      status: string
      result: { images: string[] }
    }
    expect(done.status).toBe('SUCCESS')
    await expectPng(done.result.images[0]!)
  })

  it('a restarted simulator still answers for the photo-shoot and try-on tasks it issued', async () => {
    const { env } = await post('dressing2Submitv4', {
      imageUrl: 'https://e/p.png',
      clothingUrl: 'https://e/s.png',
    })
    const id = (env.data as { task_id: string }).task_id
    const again = await createSimulator({ consoleToken: TOKEN, clock: { now: () => now + PHOTO_TASK_MS } })
    try {
      const res = await fetch(`${again.consoleBaseUrl}${API}/photoShootQuery?taskId=${id}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      const done = (await res.json()) as Envelope
      expect(done).toMatchObject({ code: 200, data: { status: 'SUCCESS', result: { taskId: id } } })
    } finally {
      await again.close()
    }
  })

  it('try-on names missing fields; a "fail" URL ends FAILED', async () => {
    const bad = await post('dressing2Submitv4', { 'cVDressingV4DTO.model.url': 'https://e/p.png' })
    expect(bad.env.msg).toContain('cVDressingV4DTO.garment.data is required')
    const { env } = await post('dressing2Submitv4', {
      imageUrl: 'https://e/fail.png',
      clothingUrl: 'https://e/s.png',
    })
    now += PHOTO_TASK_MS
    const q = await get(`photoShootQuery?taskId=${(env.data as { task_id: string }).task_id}`)
    expect(q.env).toMatchObject({ code: 200, data: { status: 'FAILED' } })
    expect(q.env.msg).toContain('fail')
    expect((await get('photoShootQuery?taskId=unknown')).env.code).toBe(404)
  })

  it('task lookup triggers: neverending stays running, oddstatus answers a status the spec does not name', async () => {
    const video = async (prompt: string) =>
      (
        (await post('svcVideoCompletions', { model: 'm', prompt, duration: 5, aspect_ratio: '1:1' })).env
          .data as { task_id: string }
      ).task_id
    const endless = await video('a neverending shot')
    const odd = await video('an oddstatus shot')
    const advanced = async (word: string) =>
      (
        await post('photoShootAdvancedModeSubmit', {
          productImageUrl: `https://e/${word}.png`,
          productMaskUrl: 'https://e/pm.png',
          templateImageUrl: 'https://e/t.png',
          templateMaskUrl: 'https://e/tm.png',
        })
      ).env.data as string
    const endlessPhoto = await advanced('neverending')
    const oddPhoto = await advanced('oddstatus')
    now += 100 * VIDEO_TIMELINE_MS.total
    expect((await get(`svcVideoQuery?taskId=${endless}`)).env.data).toMatchObject({ status: 'in_progress' })
    expect((await get(`svcVideoQuery?taskId=${odd}`)).env.data).toMatchObject({ status: ODD_TASK_STATUS })
    expect((await get(`photoShootQuery?taskId=${endlessPhoto}`)).env.data).toMatchObject({
      status: 'RUNNING',
    })
    expect((await get(`photoShootQuery?taskId=${oddPhoto}`)).env.data).toMatchObject({
      status: ODD_PHOTO_STATUS,
    })
    expect(PHOTO_TASK_MS).toBeLessThan(100 * VIDEO_TIMELINE_MS.total)
    const unknown = await get('photoShootQuery?taskId=ps_nope')
    expect(unknown.status).toBe(404)
    expect(unknown.env.msg).toContain('ps_nope')
  })
})
