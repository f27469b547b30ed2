import { afterEach, describe, expect, it } from 'vitest'
import { newRun, type RunView } from '../../stores/runs'
import { mount, type Mounted } from '../../../test/renderForTest'
import { RunOutput } from './RunOutput'
import { runMetricParts } from './runMetrics'

let view: Mounted | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
})

const summary = { toolCalls: [], images: [], stopReason: 'STOP', finish: 'stop' as const, warnings: [] }
const timings = { ttftMs: 120, totalMs: 900, outputTokens: 0, tokensPerSecond: 0 }

describe('run metrics', () => {
  it('says usage was not reported when every count is zero, with no tokens per second', () => {
    const run: RunView = {
      ...newRun('r1', 'native', 'm'),
      status: 'done',
      summary: { ...summary, usage: { input: 0, output: 0, total: 0 } },
      timings,
    }
    view = mount(<RunOutput run={run} onKeepPartial={() => undefined} onOpenLink={() => undefined} />)
    const footer = view.container.querySelector('[data-testid="run-footer"]')?.textContent ?? ''
    expect(footer).toContain('usage not reported')
    expect(footer).not.toMatch(/in 0|out 0|tok\/s/)
  })

  it('lists every usage count the answer carried', () => {
    const parts = runMetricParts({
      status: 'done',
      summary: {
        ...summary,
        usage: { input: 12, output: 30, reasoning: 8, cachedRead: 4, cacheCreation: 2, total: 56 },
      },
      timings: { ...timings, outputTokens: 30, tokensPerSecond: 41.5 },
    })
    expect(parts).toEqual([
      'stop: STOP',
      'in 12',
      'out 30',
      'reasoning 8',
      'cache read 4',
      'cache write 2',
      'total tokens 56',
      'TTFT 120 ms',
      'total 0.90 s',
      '41.5 tok/s',
    ])
  })

  it('names the stop sequence that matched and the answer’s creation time beside the answer', () => {
    const parts = runMetricParts({
      status: 'done',
      summary: { ...summary, stopSequence: '###', createTime: '2026-11-27T10:00:00.000Z' },
      timings,
    })
    expect(parts).toContain('matched stop sequence "###"')
    // As this machine's local date and time, never the raw ISO stamp.
    expect(parts).toContain(`created ${new Date('2026-11-27T10:00:00.000Z').toLocaleString()}`)
    expect(parts.join(' ')).not.toContain('T10:00:00.000Z')
  })

  it('reads the other usage counts in words, never as field paths', () => {
    const parts = runMetricParts({
      status: 'done',
      summary: {
        ...summary,
        usage: {
          input: 151,
          output: 20,
          details: {
            'promptTokensDetails.TEXT': 151,
            'completion_tokens_details.audio_tokens': 3,
            'server_tool_use.web_search_requests': 1,
            toolUsePromptTokenCount: 7,
          },
        },
      },
      timings,
    })
    expect(parts).toContain('Prompt tokens (text) 151')
    expect(parts).toContain('Completion tokens (audio) 3')
    expect(parts).toContain('Server tool use (web search requests) 1')
    expect(parts).toContain('Tool use prompt tokens 7')
  })
})

describe('a failed run', () => {
  it('keeps the app’s own error code out of the words, folded under Details', () => {
    const run: RunView = {
      ...newRun('r4', 'chat', 'm'),
      status: 'error',
      error: { message: 'The gateway at 127.0.0.1:9 did not answer.', errorType: 'GATEWAY_UNREACHABLE', raw: null },
    }
    view = mount(<RunOutput run={run} onKeepPartial={() => undefined} onOpenLink={() => undefined} />)
    const box = view.container.querySelector<HTMLElement>('[data-testid="run-error"]')!
    const details = box.querySelector('details')!
    expect(details.open).toBe(false)
    expect(details.querySelector('summary')?.textContent).toBe('Details')
    expect(details.textContent).toContain('GATEWAY_UNREACHABLE')
    // What shows without opening Details: the words only.
    const shown = box.cloneNode(true) as HTMLElement
    shown.querySelector('details')?.remove()
    expect(shown.textContent).not.toContain('GATEWAY_UNREACHABLE')
    expect(shown.textContent).toContain('did not answer')
  })

  it('keeps the raw error body one click away when it is plain text or an HTML page', () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>'
    const run: RunView = {
      ...newRun('r3', 'chat', 'm'),
      status: 'error',
      error: { status: 502, message: '502 Bad Gateway: nginx (an HTML page)', raw: page },
    }
    view = mount(<RunOutput run={run} onKeepPartial={() => undefined} onOpenLink={() => undefined} />)
    expect(view.container.querySelector('[data-testid="run-error"] > span')?.textContent).toBe(
      '502 Bad Gateway: nginx (an HTML page)',
    )
    expect(view.container.querySelector('[data-testid="raw-error-body"] pre')?.textContent).toBe(page)
  })
})
