import { afterEach, describe, expect, it } from 'vitest'
import type { SseFrame } from '../../../../shared/ipc/exchange'
import { FRAME_PAGE, FrameList, ROW_HEIGHT, type FramePage } from './FrameList'
import {
  button,
  byRole,
  click,
  mount,
  recordClipboard,
  scrollTo,
  settle,
  typeInto,
  type Mounted,
} from '../../../test/renderForTest'

let view: Mounted | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
})

/** A chat-completions-like stream: frame i carries delta "w{i}", every 10th is a ping. */
function makeFrames(n: number): SseFrame[] {
  return Array.from({ length: n }, (_, i) =>
    i % 10 === 9
      ? { t: i * 0.5, event: 'ping', data: '{}' }
      : { t: i * 0.5, event: 'delta', data: `{"i":${i},"delta":{"content":"w${i}"}}` },
  )
}

/** The main-side record as `text.getFrames` serves it, with every call logged. */
function record(all: SseFrame[]) {
  const calls: [number, number][] = []
  const loadFrames = async (offset: number, limit: number): Promise<FramePage> => {
    calls.push([offset, limit])
    return { total: all.length, frames: all.slice(offset, offset + limit) }
  }
  return { calls, loadFrames }
}

const rows = () => byRole(view!.container, 'listitem')
const countText = () => view!.container.querySelector('.inspector-count')!.textContent
const scroller = () => view!.container.querySelector<HTMLElement>('.inspector-frames')!
const filterBox = () => view!.container.querySelector<HTMLInputElement>('input[type=search]')!

describe('FrameList windowing', () => {
  it('mounts only a window of rows for 50,000 frames and moves it on scroll', () => {
    const frames = makeFrames(50_000)
    view = mount(<FrameList snapshot={frames} truncated={false} />)
    expect(countText()).toBe('Showing 50,000 of 50,000 frames')
    const body = view.container.querySelector<HTMLElement>('[role=list]')!
    expect(body.style.height).toBe(`${50_000 * ROW_HEIGHT}px`)
    expect(rows().length).toBeGreaterThan(10)
    expect(rows().length).toBeLessThan(60)
    expect(rows()[0]!.getAttribute('aria-posinset')).toBe('1')

    scrollTo(scroller(), 30_000 * ROW_HEIGHT)
    const mounted = rows()
    expect(mounted.length).toBeLessThan(60)
    const positions = mounted.map((r) => Number(r.getAttribute('aria-posinset')))
    expect(positions).toContain(30_001)
    expect(Math.min(...positions)).toBeGreaterThan(29_980)
    expect(mounted[0]!.getAttribute('aria-setsize')).toBe('50000')
    const row = mounted.find((r) => r.getAttribute('aria-posinset') === '30001')!
    expect(row.style.top).toBe(`${30_000 * ROW_HEIGHT}px`)
    expect(row.textContent).toContain('"content":"w30000"')
  })

  it('expands a frame to pretty JSON and makes room for it below the row', async () => {
    view = mount(<FrameList snapshot={makeFrames(3)} truncated={false} />)
    expect(rows()[0]!.querySelector('code')!.textContent).toBe('{"i":0,"delta":{"content":"w0"}}')
    const expand = button(view.container, 'Expand frame 1')
    expect(expand.getAttribute('aria-expanded')).toBe('false')
    await click(expand)
    expect(button(view.container, 'Collapse frame 1').getAttribute('aria-expanded')).toBe('true')
    const pretty = rows()[0]!.querySelector('pre')!
    expect(pretty.textContent).toBe('{\n  "i": 0,\n  "delta": {\n    "content": "w0"\n  }\n}')
    const first = rows()[0]!
    const second = rows()[1]!
    expect(parseFloat(second.style.top)).toBe(parseFloat(first.style.height))
    expect(parseFloat(first.style.height)).toBeGreaterThan(ROW_HEIGHT)
  })

  it('compacts a multi-line JSON frame to one line in the row', () => {
    view = mount(<FrameList snapshot={[{ t: 0, data: '{\n  "a": [1,\n 2]\n}' }]} truncated={false} />)
    expect(rows()[0]!.querySelector('code')!.textContent).toBe('{"a":[1,2]}')
  })
})

describe('FrameList filter', () => {
  it('keeps frames whose event name or data matches, and counts them', () => {
    view = mount(<FrameList snapshot={makeFrames(100)} truncated={false} />)
    typeInto(filterBox(), 'PING')
    expect(countText()).toBe('Showing 10 of 100 frames')
    expect(rows().every((r) => r.textContent!.includes('ping'))).toBe(true)
    typeInto(filterBox(), 'w42"')
    expect(countText()).toBe('Showing 1 of 100 frames')
    expect(rows()).toHaveLength(1)
    expect(rows()[0]!.textContent).toContain('+21.0 ms')
    typeInto(filterBox(), '')
    expect(countText()).toBe('Showing 100 of 100 frames')
  })

  it('says the filter only searches the loaded frames when some are not loaded', async () => {
    const all = makeFrames(1000)
    const { loadFrames } = record(all)
    view = mount(<FrameList snapshot={all.slice(-400)} truncated loadFrames={loadFrames} />)
    await settle()
    typeInto(filterBox(), 'ping')
    expect(countText()).toBe('Showing 40 of 1,000 frames (the filter searches the 400 loaded)')
  })
})

describe('FrameList paging', () => {
  it('asks for the record size, then pages backwards to the first frame with exact offsets', async () => {
    const all = makeFrames(1000)
    const { calls, loadFrames } = record(all)
    view = mount(<FrameList snapshot={all.slice(-400)} truncated loadFrames={loadFrames} />)
    await settle()
    expect(calls).toEqual([[0, 1]])
    expect(countText()).toBe('Showing 400 of 1,000 frames')
    expect(view.container.textContent).toContain('600 earlier frames not loaded')

    await click(button(view.container, 'Load earlier frames'))
    expect(calls[1]).toEqual([100, FRAME_PAGE])
    expect(countText()).toBe('Showing 900 of 1,000 frames')

    await click(button(view.container, 'Load earlier frames'))
    expect(calls[2]).toEqual([0, 100])
    expect(countText()).toBe('Showing 1,000 of 1,000 frames')
    expect(() => button(view!.container, 'Load earlier frames')).toThrow()

    // The earliest frame is now first, numbered by its place in the whole record.
    expect(rows()[0]!.textContent).toContain('"i":0,')
    expect(button(view.container, 'Copy frame 1')).toBeTruthy()
  })

  it('loads earlier pages until a focused frame is loaded, scrolls it into the window and marks it', async () => {
    const all = makeFrames(2000)
    const { calls, loadFrames } = record(all)
    view = mount(<FrameList snapshot={all.slice(-300)} truncated loadFrames={loadFrames} focusFrame={1400} />)
    for (let i = 0; i < 6; i++) await settle()
    expect(calls).toEqual([
      [0, 1],
      [1200, FRAME_PAGE],
    ])
    const focused = view.container.querySelectorAll('[role=listitem][aria-current="true"]')
    expect(focused).toHaveLength(1)
    expect(focused[0]!.textContent).toContain('"i":1400,')
    expect(button(focused[0]!, 'Copy frame 1401')).toBeTruthy()
    // Frame 1400 is row 200 of the 800 loaded (1200–1999); the list is scrolled to put it a third down.
    expect(scroller().scrollTop).toBe(200 * ROW_HEIGHT - 480 / 3)
    expect(view.container.querySelectorAll('[aria-current="true"]')).toHaveLength(1)
  })

  it('keeps an expanded frame open when earlier frames are prepended', async () => {
    const all = makeFrames(450)
    const { loadFrames } = record(all)
    view = mount(<FrameList snapshot={all.slice(-400)} truncated loadFrames={loadFrames} />)
    await settle()
    await click(button(view.container, 'Expand frame 51'))
    await click(button(view.container, 'Load earlier frames'))
    scrollTo(scroller(), 50 * ROW_HEIGHT)
    expect(button(view.container, 'Collapse frame 51').getAttribute('aria-expanded')).toBe('true')
  })

  it('reports a failed page and keeps what was loaded', async () => {
    const all = makeFrames(1000)
    let fail = false
    const loadFrames = async (offset: number, limit: number): Promise<FramePage> => {
      if (fail) throw new Error('That exchange is no longer kept in memory; run the request again.')
      return { total: all.length, frames: all.slice(offset, offset + limit) }
    }
    view = mount(<FrameList snapshot={all.slice(-400)} truncated loadFrames={loadFrames} />)
    await settle()
    fail = true
    await click(button(view.container, 'Load earlier frames'))
    expect(byRole(view.container, 'alert')[0]!.textContent).toContain('no longer kept in memory')
    expect(countText()).toBe('Showing 400 of 1,000 frames')
  })

  it('says older frames exist when it cannot page', () => {
    const all = makeFrames(1000)
    view = mount(<FrameList snapshot={all.slice(-400)} truncated />)
    expect(countText()).toBe('Showing 400 of 400+ frames')
    expect(view.container.textContent).toContain('Only the newest frames are kept')
    expect(() => button(view!.container, 'Load earlier frames')).toThrow()
  })
})

describe('FrameList copy', () => {
  it('copies a frame exactly as received', async () => {
    const copied = recordClipboard()
    const data = '{"a":  1.0,\n"b":"\\u00e9"}'
    view = mount(<FrameList snapshot={[{ t: 5, event: 'x', data }]} truncated={false} />)
    await click(button(view.container, 'Copy frame 1'))
    expect(copied).toEqual([data])
  })
})

describe('FrameList names', () => {
  const names = () => rows().map((r) => r.querySelector('.inspector-frame-event')!.textContent)

  it('names native chunks by what they hold: text, thought, functionCall, usage, finish', () => {
    const chunk = (parts: unknown[], extra: object = {}) =>
      JSON.stringify({ candidates: [{ content: { role: 'model', parts }, ...extra }] })
    const frames: SseFrame[] = [
      { t: 1, data: chunk([{ text: 'Let me think', thought: true }]) },
      { t: 2, data: chunk([{ text: 'Hello' }]) },
      { t: 3, data: chunk([{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }]) },
      { t: 4, data: chunk([{ text: '.' }], { finishReason: 'STOP' }) },
      { t: 5, data: JSON.stringify({ usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 9 } }) },
    ]
    view = mount(<FrameList snapshot={frames} truncated={false} />)
    expect(names()).toEqual(['thought', 'text', 'functionCall', 'text, finish', 'usage'])
    expect(rows()[0]!.querySelector('.inspector-frame-event')!.getAttribute('title')).toContain(
      'No event: line',
    )
  })

  it('names chat-completions chunks and keeps a real event name as sent', () => {
    const frames: SseFrame[] = [
      { t: 1, data: '{"choices":[{"index":0,"delta":{"role":"assistant"}}]}' },
      { t: 2, data: '{"choices":[{"index":0,"delta":{"content":"Hi"}}]}' },
      { t: 3, data: '{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}' },
      { t: 4, data: '{"choices":[],"usage":{"prompt_tokens":3}}' },
      { t: 5, data: '[DONE]' },
      { t: 6, event: 'content_block_delta', data: '{"type":"content_block_delta"}' },
      { t: 7, data: 'not json' },
    ]
    view = mount(<FrameList snapshot={frames} truncated={false} />)
    expect(names()).toEqual(['role', 'text', 'finish', 'usage', 'done', 'content_block_delta', 'data'])
  })
})
