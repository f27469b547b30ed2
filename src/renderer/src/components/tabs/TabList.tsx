// The tab row for panels that lay out their own tab contents: the same WAI-ARIA keyboard as Tabs (one tab in
// the Tab order, Left/Right wrap, or Up/Down in a vertical list, Home/End; moving focus selects at once), so every
// tab list in the app (the sidebar's panels included) answers arrow keys the same way. The caller keeps rendering
// the selected view below or beside it.
import type { KeyboardEvent, ReactNode } from 'react'

export type TabOrientation = 'horizontal' | 'vertical'

/** Where an arrow, Home or End key moves from `index` among `count` tabs; null for any other key. */
export function tabKeyTarget(
  key: string,
  index: number,
  count: number,
  orientation: TabOrientation = 'horizontal',
): number | null {
  const last = count - 1
  const [next, previous] = orientation === 'vertical' ? ['ArrowDown', 'ArrowUp'] : ['ArrowRight', 'ArrowLeft']
  if (key === next) return index >= last ? 0 : index + 1
  if (key === previous) return index <= 0 ? last : index - 1
  if (key === 'Home') return 0
  if (key === 'End') return last
  return null
}

export interface TabItem<Id extends string> {
  id: Id
  label: string
  /** What the tab shows when it is more than its label (an icon beside it); the label stays its name. */
  content?: ReactNode
}

interface Props<Id extends string> {
  /** Accessible name of the tab list. */
  label: string
  items: readonly TabItem<Id>[]
  selected: Id
  onSelect(id: NoInfer<Id>): void
  orientation?: TabOrientation
  className?: string
  /** Class of one tab, selected or not (the lists keep their own look). */
  tabClass?(selected: boolean): string
  /** The id of a tab and of the panel it controls, when the caller renders that panel with these ids. */
  ids?: { tab(id: Id): string; panel(id: Id): string }
  /** A tab is about to be chosen (pointer over it, or focus on it): a moment to fetch what it shows. */
  onPreview?(id: NoInfer<Id>): void
}

export function TabList<Id extends string>({
  label,
  items,
  selected,
  onSelect,
  orientation = 'horizontal',
  className,
  tabClass,
  ids,
  onPreview,
}: Props<Id>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((t) => t.id === selected)
    const target = tabKeyTarget(event.key, index, items.length, orientation)
    const next = target === null ? undefined : items[target]
    if (!next) return
    event.preventDefault()
    onSelect(next.id)
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[target!]?.focus()
  }
  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation={orientation === 'vertical' ? 'vertical' : undefined}
      className={className}
      onKeyDown={onKeyDown}
    >
      {items.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={ids?.tab(t.id)}
          aria-selected={t.id === selected}
          aria-controls={ids?.panel(t.id)}
          tabIndex={t.id === selected ? 0 : -1}
          className={tabClass?.(t.id === selected)}
          title={t.content ? t.label : undefined}
          onClick={() => onSelect(t.id)}
          onPointerEnter={onPreview && (() => onPreview(t.id))}
          onFocus={onPreview && (() => onPreview(t.id))}
        >
          {t.content ?? t.label}
        </button>
      ))}
    </div>
  )
}
