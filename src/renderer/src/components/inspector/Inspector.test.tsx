import { afterEach, describe, expect, it } from 'vitest'
import type { Exchange } from '../../../../shared/ipc/exchange'
import type { RequestPreview } from '../../../../shared/ipc/text'
import { Inspector } from './Inspector'
import type { SavedCapture } from './SaveCapture'
import {
  button,
  byRole,
  click,
  mount,
  press,
  recordClipboard,
  settle,
  type Mounted,
} from '../../../test/renderForTest'

let view: Mounted | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
})

const REQUEST_BODY =
  '{"model":"m","id":12345678901234567890,"messages":[{"role":"user","content":"hi"}],"x":{}}'

function exchange(overrides: Partial<Exchange> = {}): Exchange {
  return {
    id: 'ex-1',
    startedAt: Date.UTC(2025, 0, 1, 12, 0, 0),
    request: {
      method: 'POST',
      url: 'https://gw.example.com/v1/chat/completions',
      headers: [
        ['content-type', 'application/json'],
        ['authorization', 'Bearer ***'],
      ],
      body: REQUEST_BODY,
    },
    response: {
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'application/json']],
      body: '{"id":"r1","choices":[]}',
      truncated: false,
      frames: [],
    },
    timings: { headersMs: 120, firstByteMs: 150.5, endMs: 900 },
    attempts: 1,
    error: null,
    ...overrides,
  }
}

const preview: RequestPreview = {
  method: 'POST',
  url: 'https://gw.example.com/v1/messages',
  headers: [['x-api-key', '***']],
  body: '{"model":"claude","max_tokens":0}',
  code: { curl: 'curl', typescript: 'fetch', python: 'httpx' },
  issues: [
    { field: 'max_tokens', rule: 'must be > 0', message: 'Max tokens must be above 0', severity: 'error' },
  ],
}

const tabs = () => byRole(view!.container, 'tab')
const selectedTab = () => tabs().find((t) => t.getAttribute('aria-selected') === 'true')!
const panel = () => byRole(view!.container, 'tabpanel')[0]!
const openTab = (name: string) => click(tabs().find((t) => t.textContent === name))

describe('Inspector tabs', () => {
  it('offers Request, Response, Stream and Timing with only the selected tab in the Tab order', () => {
    view = mount(<Inspector exchange={exchange()} preview={null} />)
    expect(byRole(view.container, 'tablist', 'Inspector')).toHaveLength(1)
    expect(tabs().map((t) => t.textContent)).toEqual(['Request', 'Response', 'Stream', 'Timing'])
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1, -1])
    expect(panel().getAttribute('aria-labelledby')).toBe(selectedTab().id)
    expect(selectedTab().getAttribute('aria-controls')).toBe(panel().id)
  })

  it('moves selection and focus with the arrow keys, wrapping, and Home / End', () => {
    view = mount(<Inspector exchange={exchange()} preview={null} />)
    press(selectedTab(), 'ArrowRight')
    expect(selectedTab().textContent).toBe('Response')
    expect(document.activeElement).toBe(selectedTab())
    expect(panel().textContent).toContain('HTTP 200 OK')
    press(selectedTab(), 'ArrowLeft')
    press(selectedTab(), 'ArrowLeft')
    expect(selectedTab().textContent).toBe('Timing')
    press(selectedTab(), 'Home')
    expect(selectedTab().textContent).toBe('Request')
    press(selectedTab(), 'End')
    expect(selectedTab().textContent).toBe('Timing')
    expect(document.activeElement).toBe(selectedTab())
  })

  it('opens a tab on click and mounts only the selected panel', async () => {
    view = mount(<Inspector exchange={exchange()} preview={null} />)
    await openTab('Timing')
    expect(byRole(view.container, 'tabpanel')).toHaveLength(1)
    expect(panel().textContent).toContain('First byte')
    expect(panel().textContent).not.toContain('request headers')
  })
})

describe('Inspector request tab', () => {
  it('shows the preview marked "not sent yet", with its problems, while nothing was sent', () => {
    view = mount(<Inspector exchange={null} preview={preview} />)
    const text = panel().textContent!
    expect(text).toContain('Not sent yet')
    expect(text).toContain('POST https://gw.example.com/v1/messages')
    expect(text).toContain('Max tokens must be above 0')
    // The rule as the spec writes it is kept on the message, for a pointer that rests on it.
    expect(panel().querySelector('[title="rule: must be > 0"]')?.textContent).toBe(
      'Max tokens must be above 0',
    )
    expect(text).toContain('x-api-key')
  })

  it('shows the sent request, not the preview, once an exchange exists', () => {
    view = mount(<Inspector exchange={exchange()} preview={preview} />)
    const text = panel().textContent!
    expect(text).not.toContain('Not sent yet')
    expect(text).toContain('POST https://gw.example.com/v1/chat/completions')
    expect(text).not.toContain('/v1/messages')
  })

  it('says what to do when there is neither a preview nor an exchange', async () => {
    view = mount(<Inspector exchange={null} preview={null} />)
    expect(panel().textContent).toContain('compose a request')
    await openTab('Response')
    expect(panel().textContent).toContain('Not sent yet')
  })

  it('shows masked secrets exactly as recorded', () => {
    view = mount(<Inspector exchange={exchange()} preview={null} />)
    const rows = [...view.container.querySelectorAll('table tbody tr')].map((r) => r.textContent)
    expect(rows).toEqual(['content-typeapplication/json', 'authorizationBearer ***'])
  })

  it('pretty-prints a JSON body without changing its literals, and shows it raw on request', async () => {
    view = mount(<Inspector exchange={exchange()} preview={null} />)
    const body = () => view!.container.querySelector('pre.inspector-body')!.textContent
    expect(body()).toBe(
      [
        '{',
        '  "model": "m",',
        '  "id": 12345678901234567890,',
        '  "messages": [',
        '    {',
        '      "role": "user",',
        '      "content": "hi"',
        '    }',
        '  ],',
        '  "x": {}',
        '}',
      ].join('\n'),
    )
    const raw = button(view.container, 'Show request body raw')
    expect(raw.getAttribute('aria-pressed')).toBe('false')
    await click(raw)
    expect(raw.getAttribute('aria-pressed')).toBe('true')
    expect(body()).toBe(REQUEST_BODY)
  })

  it('shows a body that is not JSON as it is, with no raw toggle', () => {
    const ex = exchange()
    view = mount(
      <Inspector exchange={{ ...ex, request: { ...ex.request, body: 'a=1&b=2' } }} preview={null} />,
    )
    expect(view.container.querySelector('pre.inspector-body')!.textContent).toBe('a=1&b=2')
    expect(() => button(view!.container, 'Show request body raw')).toThrow()
  })

  it('renders markup in recorded text as text, never as elements', () => {
    const hostile = '<img src=x onerror="globalThis.pwned=1"><script>globalThis.pwned=1</script>'
    const ex = exchange({ error: hostile })
    view = mount(
      <Inspector
        exchange={{ ...ex, request: { ...ex.request, body: hostile, headers: [['x-h', hostile]] } }}
        preview={null}
      />,
    )
    expect(view.container.querySelector('img, script')).toBeNull()
    expect(view.container.textContent).toContain(hostile)
  })
})

describe('Inspector response tab', () => {
  it('colours the status line by class and pretty-prints a JSON body', async () => {
    view = mount(<Inspector exchange={exchange()} preview={null} />)
    await openTab('Response')
    const status = view.container.querySelector('.inspector-status')!
    expect(status.textContent).toBe('HTTP 200 OK')
    expect(status.classList.contains('ok')).toBe(true)
    expect(view.container.querySelector('pre.inspector-body')!.textContent).toBe(
      '{\n  "id": "r1",\n  "choices": []\n}',
    )
  })

  it('shows the error text next to an error status', async () => {
    const ex = exchange({ error: 'HTTP 429: rate limited; retry after 3 s' })
    view = mount(
      <Inspector
        exchange={{ ...ex, response: { ...ex.response!, status: 429, statusText: 'Too Many Requests' } }}
        preview={null}
      />,
    )
    await openTab('Response')
    expect(view.container.querySelector('.inspector-status')!.classList.contains('client-error')).toBe(true)
    expect(panel().querySelector('.error-banner')!.textContent).toContain('rate limited; retry after 3 s')
  })

  it('shows the error when no response arrived at all', async () => {
    view = mount(
      <Inspector exchange={exchange({ response: null, error: 'connect ECONNREFUSED' })} preview={null} />,
    )
    await openTab('Response')
    expect(panel().textContent).toContain('connect ECONNREFUSED')
    expect(panel().textContent).toContain('No response was received')
  })

  it('points to the Stream tab when the body came as frames', async () => {
    const ex = exchange()
    const streamed = { ...ex.response!, body: null, frames: [{ t: 1, data: '{}' }] }
    view = mount(<Inspector exchange={{ ...ex, response: streamed }} preview={null} />)
    await openTab('Response')
    expect(panel().textContent).toContain('see the Stream tab')
  })
})

describe('Inspector stream and timing tabs', () => {
  it('lists the snapshot frames with time and event name', async () => {
    const ex = exchange()
    const frames = [
      { t: 123.4, event: 'message_start', data: '{"type":"message_start"}' },
      { t: 130, data: '[DONE]' },
    ]
    view = mount(<Inspector exchange={{ ...ex, response: { ...ex.response!, frames } }} preview={null} />)
    await openTab('Stream')
    const rows = byRole(view.container, 'listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.textContent).toContain('+123.4 ms')
    expect(rows[0]!.textContent).toContain('message_start')
    expect(rows[1]!.textContent).toContain('+130.0 ms')
    expect(panel().textContent).toContain('Showing 2 of 2 frames')
  })

  it('asks for the record size once, even when the loader is a new closure on every render', async () => {
    const calls: [string, number, number][] = []
    const streamed = (id: string): Exchange => {
      const ex = exchange({ id })
      const frames = Array.from({ length: 400 }, (_, i) => ({ t: i, data: `{"n":${i}}` }))
      return { ...ex, response: { ...ex.response!, body: null, truncated: true, frames } }
    }
    const render = (ex: Exchange) => (
      <Inspector
        exchange={ex}
        preview={null}
        loadFrames={async (offset, limit) => {
          calls.push([ex.id, offset, limit])
          return { total: 1000, frames: [] }
        }}
      />
    )
    view = mount(render(streamed('a')))
    await openTab('Stream')
    await settle()
    view.rerender(render(streamed('a')))
    await settle()
    expect(calls).toEqual([['a', 0, 1]])
    expect(panel().textContent).toContain('Showing 400 of 1,000 frames')
    view.rerender(render(streamed('b')))
    await settle()
    expect(calls).toEqual([
      ['a', 0, 1],
      ['b', 0, 1],
    ])
  })

  it('says a non-streamed response has no frames', async () => {
    view = mount(<Inspector exchange={exchange()} preview={null} />)
    await openTab('Stream')
    expect(panel().textContent).toContain('was not streamed')
  })

  it('shows headers, first byte, end and attempts, with a bar scaled to the end', async () => {
    view = mount(<Inspector exchange={exchange({ attempts: 3 })} preview={null} />)
    await openTab('Timing')
    const text = panel().textContent!
    expect(text).toContain('Response headers120.0 ms')
    expect(text).toContain('First byte150.5 ms')
    expect(text).toContain('End900.0 ms')
    expect(text).toContain('3 (2 retries before the first byte)')
    const bar = byRole(view.container, 'img')[0]!
    expect(bar.getAttribute('aria-label')).toBe(
      'Headers at 120.0 ms, first byte at 150.5 ms, end at 900.0 ms',
    )
    const body = bar.querySelector<HTMLElement>('.body')!
    expect(body.style.left).toBe(`${(150.5 / 900) * 100}%`)
    expect(body.style.width).toBe(`${((900 - 150.5) / 900) * 100}%`)
  })
})

describe('Inspector timing of the write', () => {
  it('shows when the request was written and the time before it as a phase of its own', async () => {
    const timings = { writtenMs: 30, headersMs: 120, firstByteMs: 150.5, endMs: 900 }
    view = mount(<Inspector exchange={exchange({ timings, attempts: 2 })} preview={null} />)
    await openTab('Timing')
    expect(panel().textContent).toContain(
      'Request written30.0 ms (before it: connecting and waiting in the client, 1 earlier attempt)',
    )
    const bar = byRole(view.container, 'img')[0]!
    expect(bar.getAttribute('aria-label')).toBe(
      'Written at 30.0 ms, headers at 120.0 ms, first byte at 150.5 ms, end at 900.0 ms',
    )
    const before = bar.querySelector<HTMLElement>('.client')!
    expect(before.title).toBe('Before the request was written: 30.0 ms')
    const wait = bar.querySelector<HTMLElement>('.wait')!
    expect(wait.style.left).toBe(`${(30 / 900) * 100}%`)
    expect(wait.title).toBe('Waiting for headers: 90.0 ms')
  })
})

describe('Inspector save capture', () => {
  it('saves through the callback and offers the file as a download with its size', async () => {
    let calls = 0
    let finish: (c: SavedCapture) => void = () => undefined
    const onSaveCapture = () => {
      calls++
      return new Promise<SavedCapture>((resolve) => (finish = resolve))
    }
    view = mount(<Inspector exchange={exchange()} preview={null} onSaveCapture={onSaveCapture} />)
    const save = button(view.container, 'Save capture')
    await click(save)
    expect(calls).toBe(1)
    expect(save.disabled).toBe(true)
    expect(save.textContent).toBe('Saving capture…')
    finish({ url: 'media://abc123', name: 'capture-ex-1.sse', bytes: 2048 })
    await settle()
    expect(save.disabled).toBe(false)
    expect(byRole(view.container, 'status').map((s) => s.textContent)).toContain(
      'Saved capture-ex-1.sse (2.0 KB) Download capture-ex-1.sse',
    )
    const link = view.container.querySelector('a')!
    expect(link.getAttribute('href')).toBe('media://abc123')
    expect(link.getAttribute('download')).toBe('capture-ex-1.sse')
  })

  it('reports a failed save and lets the user try again', async () => {
    let fail = true
    const onSaveCapture = async () => {
      if (fail) throw new Error('That exchange is no longer kept in memory; run the request again.')
      return { url: '/media/x', name: 'c.sse', bytes: 10 }
    }
    view = mount(<Inspector exchange={exchange()} preview={null} onSaveCapture={onSaveCapture} />)
    await click(button(view.container, 'Save capture'))
    expect(byRole(view.container, 'alert')[0]!.textContent).toBe(
      'Could not save the capture: That exchange is no longer kept in memory; run the request again.',
    )
    fail = false
    await click(button(view.container, 'Save capture'))
    expect(byRole(view.container, 'alert')).toHaveLength(0)
    expect(view.container.querySelector('a')!.getAttribute('download')).toBe('c.sse')
  })

  it('does not link an address outside the media schemes', async () => {
    const onSaveCapture = async () => ({ url: 'javascript:alert(1)', name: 'c.sse', bytes: 10 })
    view = mount(<Inspector exchange={exchange()} preview={null} onSaveCapture={onSaveCapture} />)
    await click(button(view.container, 'Save capture'))
    expect(view.container.querySelector('a')).toBeNull()
    expect(view.container.textContent).toContain('Saved c.sse (10 B)')
  })

  it('offers no save without a callback, or before anything was sent', () => {
    view = mount(<Inspector exchange={exchange()} preview={null} />)
    expect(() => button(view!.container, 'Save capture')).toThrow()
    view.rerender(
      <Inspector
        exchange={null}
        preview={preview}
        onSaveCapture={async () => ({ url: '', name: '', bytes: 0 })}
      />,
    )
    expect(() => button(view!.container, 'Save capture')).toThrow()
  })
})

describe('Inspector copy buttons', () => {
  it('copies the URL, the headers and the body as shown', async () => {
    const copied = recordClipboard()
    view = mount(<Inspector exchange={exchange()} preview={null} />)
    await click(button(view.container, 'Copy URL'))
    await click(button(view.container, 'Copy request headers'))
    await click(button(view.container, 'Show request body raw'))
    await click(button(view.container, 'Copy request body'))
    expect(copied).toEqual([
      'https://gw.example.com/v1/chat/completions',
      'content-type: application/json\nauthorization: Bearer ***',
      REQUEST_BODY,
    ])
    expect(button(view.container, 'Copy URL').textContent).toBe('Copied')
  })

  it('says so when the clipboard refuses', async () => {
    recordClipboard({ refuse: true })
    view = mount(<Inspector exchange={exchange()} preview={null} />)
    await click(button(view.container, 'Copy URL'))
    expect(button(view.container, 'Copy URL').textContent).toBe('Copy failed')
  })
})
