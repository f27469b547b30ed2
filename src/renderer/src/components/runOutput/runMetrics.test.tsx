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
    expect(parts).toContain('created 2026-11-27T10:00:00.000Z')
  })
})

describe('a failed run', () => {
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
