import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useEffect, useState, type ComponentType } from 'react'
import { act } from 'react'
import { button, mount, settle, type Mounted } from '../../test/renderForTest'
import type * as PanelBoundaryModule from './panelBoundary'

type Boundaries = typeof PanelBoundaryModule

// The boundaries report to main through the one client: a recording bridge stands in for the preload's.
const reports: { route: string; payload: unknown }[] = []
let boundaries: Boundaries
beforeAll(async () => {
  window.gateway = {
    invoke: async (route, payload) => {
      reports.push({ route, payload })
      return { ok: true, value: { logged: true } }
    },
    on: () => () => undefined,
  }
  boundaries = await import('./panelBoundary')
})

let view: Mounted | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
  reports.length = 0
})

function Throws(): never {
  throw new Error('render failed')
}
/** A panel whose effect returns a promise, as `scrollIntoView` does in newer Chromium: its unmount throws. */
function ReturnsAPromise() {
  // eslint-disable-next-line no-restricted-syntax -- the defect this test plants on purpose
  useEffect(() => Promise.resolve() as unknown as () => void, [])
  return <p>cell detail</p>
}
const Text = () => <textarea aria-label="Message" />

function Shell({ panels }: { panels: Record<string, ComponentType> }) {
  const [current, setCurrent] = useState(Object.keys(panels)[0]!)
  const Panel = panels[current]!
  return (
    <div>
      {Object.keys(panels).map((name) => (
        <button key={name} type="button" onClick={() => setCurrent(name)}>
          {name}
        </button>
      ))}
      <boundaries.ShellBoundary what={current}>
        <boundaries.PanelBoundary key={current} what={current}>
          <Panel />
        </boundaries.PanelBoundary>
      </boundaries.ShellBoundary>
    </div>
  )
}

describe('panel boundaries', () => {
  it('an error while a panel renders shows in that panel with a way back, and other panels still open', async () => {
    let fail = true
    function Flaky() {
      if (fail) throw new Error('render failed')
      return <p>check matrix</p>
    }
    const quiet = console.error
    console.error = () => undefined
    try {
      view = mount(<Shell panels={{ check: Flaky, text: Text }} />)
      await settle()
      const error = view.container.querySelector('[data-testid="panel-error"]')!
      expect(error.textContent).toContain('The check panel stopped because of an error')
      expect(error.textContent).toContain('render failed')
      expect(reports).toEqual([
        {
          route: 'app.reportError',
          payload: expect.objectContaining({ panel: 'check', message: 'render failed' }),
        },
      ])
      fail = false
      await act(async () => button(view!.container, 'Open the check panel again').click())
      expect(view.container.textContent).toContain('check matrix')
      await act(async () => button(view!.container, 'text').click())
      expect(view.container.querySelector('textarea')).not.toBeNull()
    } finally {
      console.error = quiet
    }
  })

  it('an error as a panel closes leaves the next panel shown with a notice, never an empty window', async () => {
    const quiet = console.error
    console.error = () => undefined
    try {
      view = mount(<Shell panels={{ 'Gateway check': ReturnsAPromise, Text }} />)
      expect(view.container.textContent).toContain('cell detail')
      await act(async () => button(view!.container, 'Text').click())
      await settle()
      expect(view.container.querySelector('textarea[aria-label="Message"]')).not.toBeNull()
      const notice = view.container.querySelector('[data-testid="shell-error"]')!
      expect(notice.textContent).toContain('The Gateway check panel hit an error as it closed.')
      expect(reports.map((r) => (r.payload as { panel: string }).panel)).toEqual(['Gateway check'])
      await act(async () => button(view!.container, 'Dismiss').click())
      expect(view.container.querySelector('[data-testid="shell-error"]')).toBeNull()
      expect(view.container.querySelector('textarea[aria-label="Message"]')).not.toBeNull()
    } finally {
      console.error = quiet
    }
  })

  it('the last-resort boundary says what happened instead of leaving the window blank', async () => {
    const quiet = console.error
    console.error = () => undefined
    try {
      view = mount(
        <boundaries.AppBoundary>
          <Throws />
        </boundaries.AppBoundary>,
      )
      await settle()
      expect(view.container.querySelector('[data-testid="app-error"]')!.textContent).toContain(
        'render failed',
      )
      expect(button(view.container, 'Reload the page')).toBeTruthy()
    } finally {
      console.error = quiet
    }
  })
})
