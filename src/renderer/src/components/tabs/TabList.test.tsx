import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { byRole, mount, press, type Mounted } from '../../../test/renderForTest'
import { TabList } from './TabList'

let view: Mounted | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
})

const ITEMS = [
  { id: 'text', label: 'Text', content: <span>✎ Text</span> },
  { id: 'video', label: 'Video' },
  { id: 'jobs', label: 'Jobs' },
] as const

function Sidebar({ previewed }: { previewed: string[] }) {
  const [selected, setSelected] = useState<'text' | 'video' | 'jobs'>('text')
  return (
    <TabList
      label="Panels"
      orientation="vertical"
      items={ITEMS}
      selected={selected}
      onSelect={setSelected}
      ids={{ tab: (id) => `tab-${id}`, panel: (id) => `panel-${id}` }}
      onPreview={(id) => previewed.push(id)}
    />
  )
}

const selectedTab = (root: ParentNode) => byRole(root, 'tab').find((t) => t.getAttribute('aria-selected') === 'true')!

describe('TabList', () => {
  it('a vertical list moves with Up and Down (wrapping), not Left and Right, and says it is vertical', () => {
    view = mount(<Sidebar previewed={[]} />)
    const list = byRole(view.container, 'tablist')[0]!
    expect(list.getAttribute('aria-orientation')).toBe('vertical')
    press(selectedTab(view.container), 'ArrowRight')
    expect(selectedTab(view.container).id).toBe('tab-text')
    press(selectedTab(view.container), 'ArrowDown')
    expect(selectedTab(view.container).id).toBe('tab-video')
    expect(document.activeElement).toBe(selectedTab(view.container))
    press(selectedTab(view.container), 'ArrowUp')
    press(selectedTab(view.container), 'ArrowUp')
    expect(selectedTab(view.container).id).toBe('tab-jobs')
    press(selectedTab(view.container), 'Home')
    expect(selectedTab(view.container).id).toBe('tab-text')
  })

  it('names each tab by its label, links it to its panel, keeps one tab in the Tab order and offers a preview on focus', () => {
    const previewed: string[] = []
    view = mount(<Sidebar previewed={previewed} />)
    const tabs = byRole(view.container, 'tab')
    expect(tabs.map((t) => t.getAttribute('aria-controls'))).toEqual(['panel-text', 'panel-video', 'panel-jobs'])
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1])
    expect(tabs[0]!.title).toBe('Text')
    expect(tabs[0]!.textContent).toBe('✎ Text')
    press(tabs[0]!, 'ArrowDown')
    expect(previewed).toContain('video')
  })
})
