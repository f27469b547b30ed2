import { describe, expect, it } from 'vitest'
import { ExchangeRecorder, elideLongStrings } from './exchangeRecorder'
import { framePage } from './text/exchangeLog'

describe('ExchangeRecorder bounds (M1)', () => {
  it('keeps every frame in main but a snapshot stays far below 256 KB', () => {
    const r = new ExchangeRecorder(['sk-secret-abcdef'])
    r.recordRequest(
      'POST',
      'https://gw.example.com/v1/x?key=sk-secret-abcdef',
      { authorization: 'Bearer sk-secret-abcdef' },
      `{"img":"${'A'.repeat(3_000_000)}"}`,
    )
    r.recordResponse(200, 'OK', new Headers({ 'content-type': 'text/event-stream' }))
    for (let i = 0; i < 5000; i++)
      r.recordFrame({
        event: 'delta',
        data: JSON.stringify({ i, text: 'lorem ipsum '.repeat(20 + (i % 7) * 90) }),
      })
    const snap = r.snapshot()
    expect(JSON.stringify(snap).length).toBeLessThan(200 * 1024)
    expect(snap.response!.truncated).toBe(true)
    expect(snap.response!.frames.at(-1)!.data).toContain('"i":4999')
    expect(r.allFrames()).toHaveLength(5000)
    expect(snap.request.url).toBe('https://gw.example.com/v1/x?key=***')
    expect(JSON.stringify(snap)).not.toContain('sk-secret-abcdef')
    expect(snap.request.body).toMatch(/base64, \d+ KB elided/)
  })

  it('pages frames within the budget, ending where asked', () => {
    const frames = Array.from({ length: 1000 }, (_, i) => ({
      t: i,
      data: `{"i":${i},"pad":"${'lorem ipsum '.repeat(250)}"}`,
    }))
    const page = framePage(frames, 100, 500)
    expect(JSON.stringify(page).length).toBeLessThan(256 * 1024)
    expect(page.at(-1)!.t).toBe(599)
    expect(page.length).toBeLessThan(500)
    expect(page.map((f) => f.t)).toEqual(Array.from({ length: page.length }, (_, k) => 600 - page.length + k))
  })

  it('elides long base64 strings and data URLs but leaves ordinary JSON alone', () => {
    expect(elideLongStrings('{"a":"short"}')).toBe('{"a":"short"}')
    expect(elideLongStrings(`{"d":"data:image/png;base64,${'Q'.repeat(4000)}"}`)).toMatch(
      /data:image\/png;base64, 3 KB elided/,
    )
  })

  it('elides a 12 MB and a 50 MB string in linear time without overflowing the stack (S9)', () => {
    for (const size of [12_000_000, 50_000_000]) {
      const body = `{"messages":[{"image":"data:image/jpeg;base64,${'A'.repeat(size)}"}],"x":"${'B'.repeat(size)}`
      const started = performance.now()
      const out = elideLongStrings(body)
      expect(out).toMatch(/^\{"messages":\[\{"image":"<data:image\/jpeg;base64, \d+ KB elided>"\}\],"x":"B{100}/)
      expect(performance.now() - started).toBeLessThan(5_000)
    }
  })

  it('elides exactly what the former pattern elided, on random JSON-like text', () => {
    const former = (text: string) =>
      text.replace(/"((?:data:[\w/+.-]+;base64,)?[A-Za-z0-9+/=_-]{2048,})"/g, (_m, s: string) => {
        const kb = Math.round((s.length * 3) / 4 / 1024)
        return `"<${s.startsWith('data:') ? s.slice(0, s.indexOf(',') + 1) + ' ' : 'base64, '}${kb} KB elided>"`
      })
    const pieces = ['"', 'data:image/png;base64,', 'data:x', ';base64,', ',', ':', ' ', 'é', 'A'.repeat(700), '==', '-_']
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff)
    for (let n = 0; n < 2000; n++) {
      let text = ''
      const count = 4 + (next() % 20)
      for (let k = 0; k < count; k++) text += pieces[next() % pieces.length]
      expect(elideLongStrings(text)).toBe(former(text))
    }
  })

  it('records a run whose request body holds a 10 MB string, and its snapshot stays small', () => {
    const r = new ExchangeRecorder()
    r.recordRequest('POST', 'http://127.0.0.1/v1/chat/completions', {}, `{"image_url":"${'Q'.repeat(10_000_000)}"}`)
    r.recordResponse(200, 'OK', new Headers())
    r.recordBodyChunk(`{"b64":"${'Z'.repeat(12_000_000)}"}`)
    const snap = r.snapshot()
    expect(JSON.stringify(snap).length).toBeLessThan(256 * 1024)
    expect(snap.request.body).toMatch(/KB elided/)
  })
})

describe('the memory an exchange holds', () => {
  it('keeps frame data up to its bound, then only each frame time and size', () => {
    const r = new ExchangeRecorder()
    r.recordResponse(200, 'OK', new Headers())
    for (let i = 0; i < 9; i++) r.recordFrame({ data: 'x'.repeat(5 * 1024 * 1024) })
    expect(r.retainedChars()).toBeLessThanOrEqual(32 * 1024 * 1024)
    expect(r.allFrames()).toHaveLength(9)
    expect(r.allFrames()[8]!.data).toMatch(/characters not kept/)
    expect(r.snapshot().response!.truncated).toBe(true)
  })
})
