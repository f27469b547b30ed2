import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { foldRunEvents, newRun } from '../../../../shared/ipc/runView'
import { useColumnRun, useCompareStore } from './index'

// React's own scheduling, as in the app (no act()): the point is when the column's answer renders.
globalThis.IS_REACT_ACT_ENVIRONMENT = false

/** What each render of the column's answer showed. */
let renders: string[] = []
let container: HTMLDivElement
let root: Root

function Answer({ runId }: { runId: string }) {
  const run = useColumnRun(runId)
  const text = run ? `${run.runId}:${run.text}` : `${runId}:none`
  renders.push(text)
  return <p>{text}</p>
}

/** Lets every task React or the hook scheduled run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))
const shown = () => container.textContent

/** Folds a text delta into a run of the Compare store, as the columns' pacer does. */
function stream(runId: string, delta: string): void {
  const { runs } = useCompareStore.getState()
  useCompareStore.setState({ runs: { ...runs, [runId]: foldRunEvents(runs[runId]!, [{ type: 'text', delta }]) } })
}

async function show(runId: string): Promise<void> {
  root.render(<Answer runId={runId} />)
  for (let i = 0; i < 100 && !shown()?.startsWith(`${runId}:`); i++) await settle()
  renders = []
}

beforeEach(async () => {
  useCompareStore.setState({
    runs: { a: newRun('a', 'chat', 'gpt-4o-mini'), b: newRun('b', 'chat', 'gpt-4o-mini') },
  })
  container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
  await show('a')
})
afterEach(async () => {
  root.unmount()
  container.remove()
  useCompareStore.setState({ runs: {} })
  await settle()
})

describe("a Compare column's streamed answer", () => {
  it('shows each fold of its run once the task that folded it ends, in one render', async () => {
    stream('a', 'Hel')
    stream('a', 'lo')
    expect(shown()).toBe('a:')
    await null
    expect(shown()).toBe('a:Hello')
    expect(renders).toEqual(['a:Hello'])
  })

  it("does not render for another column's run", async () => {
    stream('b', 'other column')
    await settle()
    expect(renders).toEqual([])
    expect(shown()).toBe('a:')
  })

  it('follows the new run when the column is run again, and no longer the old one', async () => {
    stream('b', 'second')
    await show('b')
    expect(shown()).toBe('b:second')
    stream('a', 'old run')
    await settle()
    expect(renders).toEqual([])
    stream('b', ' run')
    await settle()
    expect(shown()).toBe('b:second run')
    expect(renders).toEqual(['b:second run'])
  })
})
