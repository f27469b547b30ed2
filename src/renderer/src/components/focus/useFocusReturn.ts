// Focus for anything that opens over or beside the page (a dialog, a side panel, an inline editor): on mount focus
// moves into it, and when it goes focus returns to the control that opened it. Focus is only handed back when it
// was inside the closing surface or lost with it, so a click elsewhere (another run in a list) keeps its focus.
import { useEffect, type RefObject } from 'react'

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"]), a[href]'

// The controls focused last, newest at the end: the opener is often gone from activeElement by the time the
// surface mounts (autoFocus moved it in, or the button was replaced by what it opened).
const recent: Element[] = []
if (typeof document !== 'undefined')
  document.addEventListener(
    'focusin',
    (e) => {
      if (!(e.target instanceof Element)) return
      recent.push(e.target)
      if (recent.length > 8) recent.shift()
    },
    true,
  )

/** The control now in the page that stands for `gone` (same tag, label and words): an opener re-rendered away. */
function sameControl(gone: HTMLElement): HTMLElement | null {
  const name = (e: Element) => `${e.getAttribute('aria-label') ?? ''}|${e.textContent ?? ''}`
  const key = name(gone)
  return [...document.querySelectorAll<HTMLElement>(gone.tagName)].find((e) => name(e) === key) ?? null
}

/**
 * Moves focus into `container` when the calling component mounts (its `[data-autofocus]` element, else its first
 * focusable one with `first`, else the container itself) and back to the opener when it unmounts; an opener that
 * was replaced meanwhile (the Edit button of a view the editor replaced) is found again by its label.
 */
export function useFocusReturn(container: RefObject<HTMLElement | null>, options: { first?: boolean } = {}): void {
  const { first = false } = options
  useEffect(() => {
    const box = container.current
    const active = document.activeElement
    const outside = (e: Element | null) => !!e && e !== document.body && !(box?.contains(e) ?? false)
    const opener = outside(active) ? active : ([...recent].reverse().find(outside) ?? null)
    if (box) {
      const target =
        box.querySelector<HTMLElement>('[data-autofocus]') ??
        (first ? box.querySelector<HTMLElement>(FOCUSABLE) : null) ??
        box
      if (target === box && !box.hasAttribute('tabindex')) box.setAttribute('tabindex', '-1')
      target.focus()
    }
    return () => {
      const now = document.activeElement
      const lost = !now || now === document.body || !now.isConnected || (box?.contains(now) ?? false)
      if (!lost) return
      if (!(opener instanceof HTMLElement)) return
      const back = opener.isConnected ? opener : sameControl(opener)
      back?.focus()
    }
    // Runs once per mount on purpose: the opener is whatever had focus when the surface appeared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
