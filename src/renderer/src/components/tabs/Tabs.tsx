// A WAI-ARIA tab list shared by the Inspector and the code export: one tab in the Tab order (roving
// tabindex), arrow keys / Home / End move focus and select at once, and only the selected panel is mounted.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { tabKeyTarget } from './TabList'
import './tabs.css'

export interface TabSpec<Id extends string> {
  id: Id
  label: string
  render(): ReactNode
}

interface Props<Id extends string> {
  /** Accessible name of the tab list. */
  label: string
  tabs: readonly TabSpec<Id>[]
  selected: Id
  onSelect(id: Id): void
  className?: string
}

export function Tabs<Id extends string>({ label, tabs, selected, onSelect, className }: Props<Id>) {
  const base = useId()
  const buttons = useRef(new Map<Id, HTMLButtonElement>())
  const current = tabs.find((t) => t.id === selected) ?? tabs[0]

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === current?.id)
    const target = tabKeyTarget(event.key, index, tabs.length)
    const next = target === null ? undefined : tabs[target]
    if (!next) return
    event.preventDefault()
    onSelect(next.id)
    buttons.current.get(next.id)?.focus()
  }

  const tabId = (id: string) => `${base}-tab-${id}`
  const panelId = (id: string) => `${base}-panel-${id}`

  return (
    <div className={className ? `inspector-tabs ${className}` : 'inspector-tabs'}>
      <div role="tablist" aria-label={label} className="inspector-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === current?.id
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) buttons.current.set(tab.id, el)
                else buttons.current.delete(tab.id)
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              className="inspector-tab"
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={panelId(current.id)}
          aria-labelledby={tabId(current.id)}
          tabIndex={0}
          className="inspector-tabpanel"
        >
          {current.render()}
        </div>
      )}
    </div>
  )
}
