import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { readFileSync } from 'node:fs'
import { createSimulator, type RunningSimulator } from './server'
import { ODD_TASK_STATUS, VIDEO_TIMELINE_MS } from './video'
import { dataUrl, pngHeader } from '../../test/fakes/imageHeaders'

const KEY = 'sk-video-test'
const sample = (name: string): Buffer => readFileSync(new URL(`../../resources/sim/${name}`, import.meta.url))

let sim: RunningSimulator
let now = 0

beforeAll(async () => {
  // A hand-moved clock: each test steps time past the milestones instead of sleeping.
  sim = await createSimulator({ apiKey: KEY, clock: { now: () => now } })
})
afterAll(() => sim.close())

const auth = { authorization: `Bearer ${KEY}` }

async function submit(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${sim.baseUrl}/v1/video/generations`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

async function query(id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${sim.baseUrl}/v1/video/generations/${id}`, { headers: auth })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

/** Submits, checks the submit answer, and moves the clock to the end of the task. */
async function runToEnd(body: unknown): Promise<{ id: string; final: Record<string, unknown> }> {
  const { status, json } = await submit(body)
  expect(status, JSON.stringify(json)).toBe(200)
  expect(json).toMatchObject({ status: 'submitted', format: 'mp4' })
  const id = String(json.task_id)
  now += VIDEO_TIMELINE_MS.total
  return { id, final: await query(id) }
}

const dBody = (model: string, text: string) => ({ model, metadata: { content: [{ type: 'text', text }] } })

describe('video task lifecycle', () => {
  it('moves submitted → queued → in_progress → succeeded on the clock', async () => {
    const { json } = await submit({ model: 'famC-2.5-t2v-preview', prompt: 'a lighthouse at dusk' })
    const id = String(json.task_id)
    expect((await query(id)).status).toBe('queued')
    now += VIDEO_TIMELINE_MS.queued
    expect((await query(id)).status).toBe('in_progress')
    now += VIDEO_TIMELINE_MS.total - VIDEO_TIMELINE_MS.queued - 1
    const running = await query(id)
    expect(running.status).toBe('in_progress')
    expect(running.url).toBeUndefined()
    now += 1
    expect((await query(id)).status).toBe('succeeded')
  })

  it('fails a prompt containing "fail" with error code and message', async () => {
    const { final } = await runToEnd({ model: 'famB-3.0-generate-preview', prompt: 'this should FAIL' })
    expect(final.status).toBe('failed')
    expect(final.url).toBeUndefined()
    expect(final.error).toEqual({ code: 500, message: expect.stringContaining('fail') })
  })

  it('fails family D when its text item contains "fail"', async () => {
    const { final } = await runToEnd(dBody('famD-1-0-pro-250528', 'fail on purpose --dur 5'))
    expect(final.status).toBe('failed')
  })

  it('answers 404 for an unknown task id', async () => {
    const res = await fetch(`${sim.baseUrl}/v1/video/generations/task_nope`, { headers: auth })
    expect(res.status).toBe(404)
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('task_nope')
  })

  it('"neverending" stays in_progress and "oddstatus" reports a status the spec does not name', async () => {
    const endless = await runToEnd({ model: 'famC-2.5-t2v-preview', prompt: 'a neverending road' })
    const odd = await runToEnd({ model: 'famA-2', prompt: 'an oddstatus sky' })
    now += 1000 * VIDEO_TIMELINE_MS.total
    expect((await query(endless.id)).status).toBe('in_progress')
    expect(odd.final.status).toBe(ODD_TASK_STATUS)
    expect((await query(odd.id)).status).toBe(ODD_TASK_STATUS)
  })
})

describe('video submit validation', () => {
  it('answers 400 naming the field and the rule', async () => {
    const { status, json } = await submit({
      model: 'famB-3.0-generate-preview',
      prompt: 'x',
      durationSeconds: 5,
    })
    expect(status).toBe(400)
    const error = json.error as { message: string; param: string; type: string }
    expect(error.type).toBe('invalid_request_error')
    expect(error.param).toBe('durationSeconds')
    expect(error.message).toContain('durationSeconds must be one of 4, 6, 8')
  })

  it.each([
    [
      { model: 'famA-2', prompt: 'x', remix_from_video_id: 'abc' },
      'remix_from_video_id must start with "video_"',
    ],
    [
      { model: 'famD-1-0-pro-250528', prompt: 'x', metadata: { content: [{ type: 'text', text: 'x' }] } },
      'prompt is not used by family D',
    ],
    [dBody('famD-1-0-lite-t2v-250428', 'x --ratio adaptive'), '--ratio must be one of'],
    [{ model: 'famX-1', prompt: 'x' }, 'model must be one of the video models'],
  ])('refuses %j', async (body, message) => {
    const { status, json } = await submit(body)
    expect(status).toBe(400)
    expect((json.error as { message: string }).message).toContain(message)
  })

  it('refuses a family A input_reference whose size differs from size', async () => {
    const ref = dataUrl('image/png', pngHeader(1280, 720))
    const { status, json } = await submit({
      model: 'famA-2',
      prompt: 'x',
      size: '720x1280',
      input_reference: ref,
    })
    expect(status).toBe(400)
    expect((json.error as { message: string }).message).toContain(
      'input_reference must be exactly 720x1280 pixels',
    )
  })
})

describe('limits the spec does not state are not the simulator’s to refuse', () => {
  it('accepts a family D 1.0 duration and resolution outside the app’s usual values', async () => {
    const { status, json } = await submit(dBody('famD-1-0-pro-250528', 'waves --dur 7 --rs 2k'))
    expect(status).toBe(200)
    expect(json.task_id).toEqual(expect.any(String))
  })

  it('accepts a fifth reference image on a family D 1.0 reference model', async () => {
    const ref = {
      type: 'image_url',
      image_url: { url: dataUrl('image/png', pngHeader(64, 48)) },
      role: 'reference_image',
    }
    const { status } = await submit({
      model: 'famD-1-0-lite-i2v-250428',
      metadata: { content: [{ type: 'text', text: '[图1] walks' }, ref, ref, ref, ref, ref] },
    })
    expect(status).toBe(200)
  })

  it('still refuses a limit the spec states (family B durations)', async () => {
    const { status } = await submit({ model: 'famB-3.0-generate-preview', prompt: 'x', durationSeconds: 7 })
    expect(status).toBe(400)
  })
})

describe('family A: result by download only', () => {
  it('ids start with video_, the query has no url, and the download base64 is the sample file', async () => {
    const { id, final } = await runToEnd({
      model: 'famA-2',
      prompt: 'a paper boat',
      seconds: '8',
      size: '1280x720',
    })
    expect(id.startsWith('video_')).toBe(true)
    expect(final).toEqual({ task_id: id, status: 'succeeded', format: 'mp4' })
    const res = await fetch(`${sim.baseUrl}/v1/video/generations/download?id=${id}`, { headers: auth })
    expect(res.status).toBe(200)
    const dl = (await res.json()) as Record<string, unknown>
    const file = sample('famA.mp4')
    expect(dl).toMatchObject({
      success: true,
      generation_id: id,
      task_id: id,
      format: 'mp4',
      size: file.length,
    })
    expect(Buffer.from(String(dl.base64), 'base64').equals(file)).toBe(true)
    expect(dl.data_url).toBe(`data:video/mp4;base64,${dl.base64 as string}`)
  })

  it('refuses a download before success, for other families, and for unknown ids', async () => {
    const early = await submit({ model: 'famA-2', prompt: 'not yet' })
    const get = (id: string) =>
      fetch(`${sim.baseUrl}/v1/video/generations/download?id=${id}`, { headers: auth })
    const notReady = await get(String(early.json.task_id))
    expect(notReady.status).toBe(400)
    expect(((await notReady.json()) as { error: { message: string } }).error.message).toContain('queued')
    const { id } = await runToEnd({ model: 'famC-2.5-t2v-preview', prompt: 'c' })
    expect((await get(id)).status).toBe(400)
    expect((await get('video_unknown')).status).toBe(404)
    expect((await fetch(`${sim.baseUrl}/v1/video/generations/download`, { headers: auth })).status).toBe(400)
  })
})

describe('family B: a data URL or a hosted URL', () => {
  it('answers a data URL of the sample when the prompt contains "inline"', async () => {
    const { final } = await runToEnd({ model: 'famB-3.1-fast-generate-preview', prompt: 'inline please' })
    expect(final.status).toBe('succeeded')
    const url = String(final.url)
    expect(url.startsWith('data:video/mp4;base64,')).toBe(true)
    expect(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64').equals(sample('famB.mp4'))).toBe(true)
  })

  it('answers a hosted URL when the prompt contains "hosted", the same on every query', async () => {
    const { id, final } = await runToEnd({ model: 'famB-3.0-fast-generate-001', prompt: 'hosted please' })
    expect(String(final.url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sim-media\/hosted\/[0-9a-f]+\/famB\.mp4$/)
    expect((await query(id)).url).toBe(final.url)
    const res = await fetch(String(final.url))
    expect(Buffer.from(await res.arrayBuffer()).equals(sample('famB.mp4'))).toBe(true)
  })

  it('chooses between the two deterministically from prompt and seed', async () => {
    const kinds = new Set<string>()
    for (let seed = 0; seed < 8; seed++) {
      const a = await runToEnd({ model: 'famB-3.0-generate-preview', prompt: 'a fox', seed })
      const b = await runToEnd({ model: 'famB-3.0-generate-preview', prompt: 'a fox', seed })
      const kind = (u: unknown): string => (String(u).startsWith('data:') ? 'data' : 'hosted')
      expect(kind(a.final.url)).toBe(kind(b.final.url))
      kinds.add(kind(a.final.url))
    }
    expect([...kinds].sort()).toEqual(['data', 'hosted'])
  })
})

describe('families C and D: hosted URLs with Range', () => {
  it.each([
    ['famC-2.5-i2v-preview', { prompt: 'waves', image: 'https://example.com/f.png' }, 'famC.mp4'],
    [
      'famD-1-5-pro-251215',
      { metadata: { content: [{ type: 'text', text: 'birds --dur 6' }] } },
      'famD-audio.mp4',
    ],
    [
      'famD-1-5-pro-251215-noAudio',
      { metadata: { content: [{ type: 'text', text: 'birds --dur 6' }] } },
      'famD.mp4',
    ],
  ])('%s succeeds with a hosted URL serving %s', async (model, body, file) => {
    const { final } = await runToEnd({ model, ...body })
    expect(final.status).toBe('succeeded')
    const res = await fetch(String(final.url))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await res.arrayBuffer()).equals(sample(file))).toBe(true)
  })

  it('answers 206 for a range, 416 past the end', async () => {
    const { final } = await runToEnd(dBody('famD-1-0-pro-250528', 'a river'))
    const file = sample('famD.mp4')
    const part = await fetch(String(final.url), { headers: { range: 'bytes=100-199' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${file.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(100, 200))).toBe(true)
    const tail = await fetch(String(final.url), { headers: { range: 'bytes=-10' } })
    expect(Buffer.from(await tail.arrayBuffer()).equals(file.subarray(file.length - 10))).toBe(true)
    const past = await fetch(String(final.url), { headers: { range: `bytes=${file.length}-` } })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${file.length}`)
  })

  it('"expire" makes the hosted URL answer 403 on every GET', async () => {
    const { final } = await runToEnd({ model: 'famC-2.5-t2v-preview', prompt: 'expire this link' })
    for (let i = 0; i < 3; i++) {
      const res = await fetch(String(final.url))
      expect(res.status).toBe(403)
      expect(await res.text()).toContain('Request has expired')
    }
  })

  it('"flaky" drops the first GET halfway; a Range request resumes it', async () => {
    const { final } = await runToEnd(dBody('famD-1-0-pro-250528', 'a flaky network --dur 5'))
    const file = sample('famD.mp4')
    const first = await fetch(String(final.url))
    expect(first.status).toBe(200)
    const reader = first.body!.getReader()
    const got: Buffer[] = []
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) return
          got.push(Buffer.from(value))
        }
      })(),
    ).rejects.toThrow()
    const have = Buffer.concat(got)
    expect(have.length).toBeLessThan(file.length)
    const rest = await fetch(String(final.url), { headers: { range: `bytes=${have.length}-` } })
    expect(rest.status).toBe(206)
    expect(Buffer.concat([have, Buffer.from(await rest.arrayBuffer())]).equals(file)).toBe(true)
  })

  it('unknown hosted tokens answer 404', async () => {
    expect((await fetch(`${sim.baseUrl}/sim-media/hosted/abcdef/famC.mp4`)).status).toBe(404)
  })
})

describe('video clock speed-up', () => {
  it('finishes a job in about a second at videoSpeed 20', async () => {
    const fast = await createSimulator({ apiKey: KEY, videoSpeed: 20 })
    try {
      const started = Date.now()
      const res = await fetch(`${fast.baseUrl}/v1/video/generations`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'famC-2.5-t2v-preview', prompt: 'quick' }),
      })
      const { task_id: id } = (await res.json()) as { task_id: string }
      let status = ''
      while (status !== 'succeeded' && Date.now() - started < 5000) {
        await new Promise((r) => setTimeout(r, 100))
        const q = await fetch(`${fast.baseUrl}/v1/video/generations/${id}`, { headers: auth })
        status = ((await q.json()) as { status: string }).status
      }
      expect(status).toBe('succeeded')
      const elapsed = Date.now() - started
      expect(elapsed).toBeGreaterThanOrEqual(900)
      expect(elapsed).toBeLessThan(2500)
    } finally {
      await fast.close()
    }
  })
})
