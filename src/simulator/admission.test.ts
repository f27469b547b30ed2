import { afterEach, describe, expect, it } from 'vitest'
import type { RunningSimulator } from './server'
import { Admission, jitteredDelay, jitteredSpeed } from './admission'
import { postJson, readSse, startSimulator } from '../../test/fakes/simulatorClient'

const chat = (content = 'Hello there', stream = true) => ({
  model: 'gpt-4o',
  stream,
  max_tokens: 20,
  messages: [{ role: 'user', content }],
})

describe('a loaded simulator', () => {
  let sim: RunningSimulator | undefined
  afterEach(async () => {
    await sim?.close()
    sim = undefined
  })

  it('queues requests past its capacity before their headers, so their first token comes later', async () => {
    sim = await startSimulator({ capacity: 2, firstTokenDelayMs: 100, tokensPerSecond: 200 })
    await readSse(await postJson(sim, '/v1/chat/completions', chat('warm the tokenizer')))
    const started = performance.now()
    const runs = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const res = await postJson(sim!, '/v1/chat/completions', chat(`request ${i} sim:tokens=10`))
        const headersAt = performance.now() - started
        await readSse(res)
        return { headersAt, endAt: performance.now() - started }
      }),
    )
    runs.sort((a, b) => a.headersAt - b.headersAt)
    // Two are answered at once; each of the other two only once a stream before it has ended.
    const firstEnd = Math.min(runs[0]!.endAt, runs[1]!.endAt)
    expect(runs[1]!.headersAt).toBeLessThan(firstEnd)
    expect(runs[2]!.headersAt).toBeGreaterThanOrEqual(firstEnd - 5)
    expect(runs[3]!.headersAt).toBeGreaterThanOrEqual(firstEnd - 5)
  })

  it('answers 429 with Retry-After past its requests-per-minute limit, in the route error shape', async () => {
    sim = await startSimulator({ requestsPerMinute: 2 })
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i < 3; i++) {
      last = await postJson(sim, '/v1/chat/completions', chat(`n${i}`, false))
      statuses.push(last.status)
      if (last.status !== 429) await last.text()
    }
    expect(statuses).toEqual([200, 200, 429])
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(59)
    expect(Number(last!.headers.get('retry-after-ms'))).toBeGreaterThan(58_000)
    const body = (await last!.json()) as { error: { message: string } }
    expect(body.error.message).toMatch(/2 requests per minute/)
  })

  it('frees a queued place when its client leaves, so the queue does not stall', async () => {
    const admission = new Admission({ capacity: 1, requestsPerMinute: 0 })
    const first = await admission.admit(new Promise(() => undefined))
    let leave!: () => void
    const waiting = admission.admit(new Promise<void>((resolve) => (leave = resolve)))
    const third = admission.admit(new Promise(() => undefined))
    expect(admission.queued).toBe(2)
    leave()
    expect(await waiting).toBeNull()
    ;(first as { release(): void }).release()
    const got = await third
    expect(got && 'release' in got).toBe(true)
    expect(admission.running).toBe(1)
  })
})

describe('jitter', () => {
  it('varies the first-token delay around the set value and never below zero', () => {
    const draws = Array.from({ length: 2000 }, () => jitteredDelay(200, 40))
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length
    expect(mean).toBeGreaterThan(190)
    expect(mean).toBeLessThan(210)
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0)
    expect(new Set(draws).size).toBeGreaterThan(1000)
    expect(jitteredDelay(200, 0)).toBe(200)
  })

  it('keeps each stream speed within a tenth and three times the set speed', () => {
    const draws = Array.from({ length: 2000 }, () => jitteredSpeed(50, 2))
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(5)
    expect(Math.max(...draws)).toBeLessThanOrEqual(150)
    expect(jitteredSpeed(0, 0.5)).toBe(0)
  })
})
