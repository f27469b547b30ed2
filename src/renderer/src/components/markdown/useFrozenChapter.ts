// A finished chapter of a long answer, once the browser skips it (off screen, content-visibility), keeps only its
// DOM: a copy of the nodes React rendered replaces React's tree, so its fibers, elements and props are freed and
// its pages are no longer observed by the browser; it shows, selects, copies and finds exactly as before.
// Invariant: the copy comes from cloneNode of nodes React built (never from HTML), and it is dropped for React's
// tree again as soon as the chapter's pages change (a late link definition, a replaced text).
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'

interface Frozen {
  /** The pages the copy was made from: a copy stands for these pages only. */
  pages: object
  nodes: readonly HTMLElement[]
}

/** How long a frozen code block's button says "Copied" (as CodeBlock's does). */
const COPIED_MS = 1500

/**
 * Freezes the chapter rendered into `ref` once it is `done` and skipped by the browser. Returns whether the
 * chapter is frozen now: the caller then renders its element without children, and the copy is put back in.
 */
export function useFrozenChapter(
  ref: RefObject<HTMLDivElement | null>,
  pages: object,
  done: boolean,
): boolean {
  const [frozen, setFrozen] = useState<Frozen | null>(null)
  const isFrozen = frozen !== null && frozen.pages === pages
  // A copy of pages that changed since is let go (adjusted during render, as React advises for derived state).
  if (frozen !== null && !isFrozen) setFrozen(null)
  /** The browser's last word on whether the chapter's content is skipped. */
  const skipped = useRef(false)

  // A layout effect, not a passive one: it runs again on every commit of the chapter being written (its pages
  // change), and a passive effect there would make React post a task after each such commit. It does little
  // (the listener; a copy only once the chapter is done and skipped), at the moment a synchronous commit would
  // have flushed a passive one anyway.
  useLayoutEffect(() => {
    const chapter = ref.current
    if (!chapter) return
    const freeze = () => {
      if (done && !isFrozen && skipped.current && !holdsSelectionEnd(chapter))
        setFrozen({ pages, nodes: copyOf(chapter) })
    }
    const onStateChange = (event: Event) => {
      skipped.current = (event as Event & { skipped?: boolean }).skipped === true
      freeze()
    }
    chapter.addEventListener('contentvisibilityautostatechange', onStateChange)
    freeze()
    return () => chapter.removeEventListener('contentvisibilityautostatechange', onStateChange)
  }, [ref, pages, done, isFrozen])

  // In the same commit that removed React's tree, before the next paint: the reader sees no change.
  useLayoutEffect(() => {
    const chapter = ref.current
    if (!chapter || !isFrozen) return
    chapter.append(...frozen.nodes)
    return () => {
      for (const node of frozen.nodes) node.remove()
    }
  }, [ref, frozen, isFrozen])

  return isFrozen
}

/**
 * The reader's selection starts or ends inside the chapter: its nodes must stay, or the selection would move.
 * (A selection that only passes through the chapter holds on to its element, which stays.)
 */
function holdsSelectionEnd(chapter: HTMLElement): boolean {
  const selection = document.getSelection()
  if (!selection || selection.rangeCount === 0) return false
  const range = selection.getRangeAt(0)
  return chapter.contains(range.startContainer) || chapter.contains(range.endContainer)
}

/**
 * A copy of the chapter's pages. Each page keeps the height it was laid out at, since a copy has no remembered
 * size of its own: scrolling back to it then moves nothing. Copy buttons are reset to their resting label.
 */
function copyOf(chapter: HTMLElement): HTMLElement[] {
  const pages = [...chapter.children] as HTMLElement[]
  // Fractional heights: whole pixels (offsetHeight) would add up to a visible shift over a chapter.
  const heights = pages.map((page) => page.getBoundingClientRect().height)
  return pages.map((page, i) => {
    const copy = page.cloneNode(true) as HTMLElement
    copy.style.containIntrinsicSize = `auto ${heights[i]}px`
    for (const button of copy.querySelectorAll('.md-code-copy')) button.textContent = 'Copy'
    return copy
  })
}

/**
 * The Copy button of a code block in a frozen chapter (whose nodes React does not handle): copies the code and
 * says so on the button, as CodeBlock does. Returns false when `target` is not such a button.
 */
export function copyFrozenCode(target: Element): boolean {
  const button = target.closest('.md-chapter-frozen .md-code-copy')
  if (!button) return false
  const code = button.closest('.md-code')?.querySelector('pre code')?.textContent ?? ''
  const show = (label: string) => {
    button.textContent = label
    setTimeout(() => (button.textContent = 'Copy'), COPIED_MS)
  }
  navigator.clipboard.writeText(code).then(
    () => show('Copied'),
    () => show('Copy failed'),
  )
  return true
}
