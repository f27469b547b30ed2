import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { create } from 'zustand'
import { newRun, type RunView } from '../../stores/runFold'
import { mount, type Mounted } from '../inspector/renderForTest'
import { STREAM_DRAW_MS } from '../../stores/streamPace'
import { useDrawnRun } from './useDrawnRun'

interface State {
  run: RunView | null
}
const select = (s: State) => s.run

let view: Mounted | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
})

function setup() {
  const store = create<State>(() => ({ run: null }))
  const drawn: string[] = []
  function Answer() {
    const run = useDrawnRun(store, select)
    drawn.push(run ? `${run.status}:${run.text}` : 'none')
    return <p>{run?.text}</p>
  }
  view = mount(<Answer />)
  const set = (run: RunView | null) => act(() => store.setState({ run }))
  return { store, drawn, set }
}

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

describe('useDrawnRun', () => {
  it('draws a growing answer at most once per STREAM_DRAW_MS, and its last text once the pause is over', async () => {
    const { drawn, set } = setup()
    const started = newRun('r1', 'chat', 'm')
    set(started)
    expect(drawn.at(-1)).toBe('running:')
    const before = drawn.length
    let run = started
    for (const piece of ['a', 'b', 'c', 'd', 'e']) {
      run = { ...run, text: run.text + piece }
      set(run)
    }
    // A run starting is drawn at once; what grows right after it waits for the pause.
    expect(drawn.length).toBe(before)
    expect(view!.container.textContent).toBe('')
    await wait(STREAM_DRAW_MS + 20)
    expect(drawn.slice(before)).toEqual(['running:abcde'])
    expect(view!.container.textContent).toBe('abcde')
  })

  it('draws a run that ends, fails or is replaced at once, with everything it holds', async () => {
    const { drawn, set } = setup()
    let run = newRun('r1', 'chat', 'm')
    set(run)
    run = { ...run, text: 'partial' }
    set(run)
    set({ ...run, text: 'partial and the rest', status: 'done' })
    expect(drawn.at(-1)).toBe('done:partial and the rest')
    set(newRun('r2', 'chat', 'm'))
    expect(drawn.at(-1)).toBe('running:')
    set(null)
    expect(drawn.at(-1)).toBe('none')
    // Nothing drawn late: the pause that was pending when the run ended was called off.
    const count = drawn.length
    await wait(STREAM_DRAW_MS + 20)
    expect(drawn.length).toBe(count)
  })
})
