import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createStore, useStore } from 'zustand'
import { useStreamingSlice } from './useStreamingSlice'

// React's own scheduling, as in the app (no act()): the point is when the reader renders.
globalThis.IS_REACT_ACT_ENVIRONMENT = false

interface State {
  turns: number
  text: string
  other: number
}
const store = createStore<State>(() => ({ turns: 0, text: '', other: 0 }))
const textOf = (s: State) => s.text
const turnsOf = (s: State) => s.turns

/** What each render of the reader showed. */
let renders: string[] = []
let container: HTMLDivElement
let root: Root

function Reader() {
  const turns = useStore(store, turnsOf)
  const text = useStreamingSlice(store, textOf)
  renders.push(`${turns}:${text}`)
  return <p>{`${turns}:${text}`}</p>
}

/** Lets every task React or the hook scheduled run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

beforeEach(async () => {
  store.setState({ turns: 0, text: '', other: 0 })
  container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
  root.render(<Reader />)
  for (let i = 0; i < 100 && container.textContent === ''; i++) await settle()
  renders = []
})
afterEach(async () => {
  root.unmount()
  container.remove()
  await settle()
})

const shown = () => container.textContent

describe('useStreamingSlice', () => {
  it('shows the latest text once the task that changed it ends, rendering once for several changes', async () => {
    store.setState({ text: 'He' })
    store.setState({ text: 'Hello' })
    // Not inside the task that changed it: the rest of that task's code runs first.
    expect(shown()).toBe('0:')
    await null
    expect(shown()).toBe('0:Hello')
    expect(renders).toEqual(['0:Hello'])
  })

  it('does not render again for a change elsewhere in the store', async () => {
    store.setState({ other: 1 })
    await settle()
    expect(renders).toEqual([])
  })

  it('never shows its slice and another hook of the same store at two different moments', async () => {
    store.setState({ turns: 1, text: 'a' })
    store.setState({ text: 'ab' })
    await settle()
    expect(shown()).toBe('1:ab')
    expect(renders.length).toBeGreaterThan(0)
    for (const render of renders) expect(render).toBe('1:ab')
  })

  it('stops following the store once its reader is gone', async () => {
    root.unmount()
    store.setState({ text: 'after' })
    await settle()
    expect(renders).toEqual([])
    root = createRoot(container)
  })
})
