// The tab row for panels that lay out their own tab contents: the same WAI-ARIA keyboard as Tabs (one tab in
// the Tab order, Left/Right wrap, Home/End; moving focus selects at once), so every tab list in the app answers
// arrow keys the same way. The caller keeps rendering the selected view below it.
import type { KeyboardEvent } from 'react'

/** Where an arrow, Home or End key moves from `index` among `count` tabs; null for any other key. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  const last = count - 1
  if (key === 'ArrowRight') return index >= last ? 0 : index + 1
  if (key === 'ArrowLeft') return index <= 0 ? last : index - 1
  if (key === 'Home') return 0
  if (key === 'End') return last
  return null
}

interface Props<Id extends string> {
  /** Accessible name of the tab list. */
  label: string
  items: readonly { id: Id; label: string }[]
  selected: Id
  onSelect(id: NoInfer<Id>): void
  className?: string
  /** Class of one tab, selected or not (the lists keep their own look). */
  tabClass?(selected: boolean): string
}

export function TabList<Id extends string>({ label, items, selected, onSelect, className, tabClass }: Props<Id>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((t) => t.id === selected)
    const target = tabKeyTarget(event.key, index, items.length)
    const next = target === null ? undefined : items[target]
    if (!next) return
    event.preventDefault()
    onSelect(next.id)
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[target!]?.focus()
  }
  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {items.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={t.id === selected}
          tabIndex={t.id === selected ? 0 : -1}
          className={tabClass?.(t.id === selected)}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  )
}
