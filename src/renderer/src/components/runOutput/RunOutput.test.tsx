import { afterEach, describe, expect, it } from 'vitest'
import { newRun, type RunView } from '../../stores/runs'
import { mount, type Mounted } from '../../../test/renderForTest'
import { RunOutput } from './RunOutput'

let view: Mounted | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
})

const ended = (extra: Partial<RunView>): RunView => ({
  ...newRun('r1', 'chat', 'm'),
  status: 'done',
  summary: { toolCalls: [], images: [], stopReason: 'stop', finish: 'refusal', warnings: [] },
  ...extra,
})

describe('RunOutput', () => {
  it('shows a refusal as a refusal, not as the answer', () => {
    const run = ended({})
    run.summary!.refusal = 'I cannot help with that.'
    view = mount(<RunOutput run={run} onKeepPartial={() => undefined} onOpenLink={() => undefined} />)
    const note = view.container.querySelector('[data-testid="refusal"]')
    expect(note?.getAttribute('role')).toBe('note')
    expect(note?.textContent).toBe('refusal I cannot help with that.')
    expect(view.container.querySelector('[data-testid="answer-text"]')).toBeNull()
  })

  it('shows a refusal while it streams', () => {
    view = mount(
      <RunOutput
        run={{ ...newRun('r2', 'chat', 'm'), refusal: "I'm sorry" }}
        onKeepPartial={() => undefined}
        onOpenLink={() => undefined}
      />,
    )
    expect(view.container.querySelector('[data-testid="refusal"]')?.textContent).toBe("refusal I'm sorry")
  })

  it('marks a tool call whose arguments were cut off and shows them as received', () => {
    const args = '{"city": "Par'
    const call = {
      id: 't1',
      name: 'plan',
      arguments: args,
      parsedArguments: { city: 'Par' },
      truncated: true,
    }
    view = mount(
      <RunOutput
        run={ended({ toolCalls: [call] })}
        onKeepPartial={() => undefined}
        onOpenLink={() => undefined}
      />,
    )
    const shown = view.container.querySelector('[data-testid="tool-call"]')
    expect(shown?.textContent).toContain('truncated')
    expect(shown?.querySelector('pre')?.textContent).toBe(args)
  })

  it('says a run shown again after a reload is one, and offers to keep its text only when it holds all of it', () => {
    const failed = (text: string, chars: number) =>
      ended({ status: 'error', text, error: { message: 'overloaded', raw: null }, restored: { chars } })
    view = mount(
      <RunOutput run={failed('The start', 9)} onKeepPartial={() => undefined} onOpenLink={() => undefined} />,
    )
    const note = () => view!.container.querySelector('[data-testid="run-restored"]')?.textContent
    const keep = () =>
      [...view!.container.querySelectorAll('button')].filter((b) =>
        b.textContent?.startsWith('Keep the partial'),
      )
    expect(note()).toBe('Shown again after a reload; History keeps the whole run.')
    expect(keep()).toHaveLength(1)
    view.unmount()
    // Only the start of a long text was kept: keeping it as a turn would keep less than arrived.
    view = mount(
      <RunOutput
        run={failed('The start', 120_000)}
        onKeepPartial={() => undefined}
        onOpenLink={() => undefined}
      />,
    )
    expect(note()).toBe(
      'Shown again after a reload: the first 9 of 120,000 characters that arrived. History keeps the whole run.',
    )
    expect(keep()).toHaveLength(0)
    view.unmount()
    // History no longer has the run (deleted since): the note does not promise it.
    view = mount(
      <RunOutput
        run={ended({
          status: 'error',
          text: '',
          error: { message: 'overloaded', raw: null },
          restored: { chars: 120, unrecorded: true },
        })}
        onKeepPartial={() => undefined}
        onOpenLink={() => undefined}
      />,
    )
    expect(note()).toBe('Shown again after a reload; History no longer has this run (120 characters had arrived).')
    expect(keep()).toHaveLength(0)
  })
})
