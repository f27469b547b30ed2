// Layout check for any panel: from the boxes Chromium laid out, no label text or control overlaps another, and
// none lies where the user cannot get to it (outside the clip of an overflow-hidden box, or beyond the scrollable
// area of its scroll containers and the page). Each check keeps a screenshot as a test artefact.
import { expect, type Page, type TestInfo } from '@playwright/test'

export interface LayoutCheckOptions {
  /** CSS selectors whose subtrees are not checked (say why where you pass one). */
  ignore?: readonly string[]
}

/**
 * What overlaps or cannot be reached on the page as it is now, one sentence per problem (empty when clean).
 * Controls are buttons, inputs, selects, textareas, tabs, links and summaries; label text is every text line
 * inside a label or legend (not inside a control), measured line by line, so overflowing text counts.
 */
export async function findLayoutProblems(page: Page, options: LayoutCheckOptions = {}): Promise<string[]> {
  return page.evaluate((ignore) => {
    const CONTROLS =
      'button, input:not([type=hidden]), select, textarea, [role=tab], a[href], summary, [contenteditable=true]'
    const SLACK = 1.5
    interface Atom {
      node: Node
      element: Element
      box: DOMRect
      name: string
    }
    const ignored = (el: Element) => ignore.some((s) => el.closest(s) !== null)
    const shown = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true, opacityProperty: true, contentVisibilityAuto: true })
    const describe = (el: Element, text?: string) => {
      const label =
        text ??
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        ''
      const words = label.replace(/\s+/g, ' ').trim().slice(0, 40)
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : ''
      return `${el.tagName.toLowerCase()}${cls} "${words}"`
    }

    const atoms: Atom[] = []
    for (const el of document.querySelectorAll(CONTROLS)) {
      if (ignored(el) || !shown(el)) continue
      // A control inside another control (a checkbox in a summary) is checked through its outer control.
      if (el.parentElement?.closest(CONTROLS)) continue
      const box = el.getBoundingClientRect()
      if (box.width < 1 || box.height < 1) continue
      atoms.push({ node: el, element: el, box, name: describe(el) })
    }
    for (const holder of document.querySelectorAll('label, legend')) {
      if (ignored(holder) || !shown(holder)) continue
      const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement!
        // Screen-reader-only text (.sr-only) is clipped to nothing on purpose: it is not on screen to overlap.
        if (
          !n.textContent?.trim() ||
          parent.closest(`${CONTROLS}, option, datalist, .sr-only`) ||
          !shown(parent)
        )
          continue
        const range = document.createRange()
        range.selectNodeContents(n)
        for (const box of range.getClientRects()) {
          if (box.width < 1 || box.height < 1) continue
          atoms.push({ node: n, element: parent, box, name: `text "${n.textContent.trim().slice(0, 40)}"` })
        }
      }
    }

    // Overlaps are judged on what is on screen: each box clipped by its clipping ancestors (content scrolled out
    // of a list does not overlap whatever lies beyond the list).
    const visible = (atom: Atom): DOMRect | null => {
      let { left, right, top, bottom } = atom.box
      for (
        let el = atom.element.parentElement;
        el && el !== document.documentElement;
        el = el.parentElement
      ) {
        const cs = getComputedStyle(el)
        if (cs.position === 'fixed') break
        const r = el.getBoundingClientRect()
        if (cs.overflowX !== 'visible') [left, right] = [Math.max(left, r.left), Math.min(right, r.right)]
        if (cs.overflowY !== 'visible') [top, bottom] = [Math.max(top, r.top), Math.min(bottom, r.bottom)]
      }
      return right - left > SLACK && bottom - top > SLACK
        ? new DOMRect(left, top, right - left, bottom - top)
        : null
    }
    const onScreen = atoms.flatMap((atom) => {
      const box = visible(atom)
      return box ? [{ ...atom, box }] : []
    })

    const problems: string[] = []
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > SLACK &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > SLACK
    for (let i = 0; i < onScreen.length; i++) {
      for (let j = i + 1; j < onScreen.length; j++) {
        const a = onScreen[i]!
        const b = onScreen[j]!
        if (a.node === b.node || a.node.contains(b.node) || b.node.contains(a.node)) continue
        if (overlap(a.box, b.box)) problems.push(`${a.name} overlaps ${b.name}`)
      }
    }

    // Reachable: inside every clipping ancestor's visible box (hidden) or scrollable extent (auto/scroll). Past a
    // scroll container, what must stay visible further out is that container's box, not the atom.
    const reachable = (atom: Atom): string | null => {
      let { left, right, top, bottom } = atom.box
      for (
        let el = atom.element as Element | null;
        el && el !== document.documentElement;
        el = el.parentElement
      ) {
        const cs = getComputedStyle(el)
        if (cs.position === 'fixed') break
        if (el === atom.node) continue
        const r = el.getBoundingClientRect()
        const x0 = r.left + el.clientLeft
        const y0 = r.top + el.clientTop
        if (cs.overflowX !== 'visible') {
          const scrolls = cs.overflowX === 'auto' || cs.overflowX === 'scroll'
          const min = scrolls ? x0 - el.scrollLeft : x0
          const max = scrolls ? x0 - el.scrollLeft + el.scrollWidth : x0 + el.clientWidth
          if (left < min - SLACK || right > max + SLACK)
            return `${atom.name} is cut off by ${describe(el, '')}`
          if (scrolls) [left, right] = [r.left, r.right]
        }
        if (cs.overflowY !== 'visible') {
          const scrolls = cs.overflowY === 'auto' || cs.overflowY === 'scroll'
          // A column-reverse scroller counts its scroll position from the bottom (0 at the end, negative above).
          const reversed = cs.display.includes('flex') && cs.flexDirection === 'column-reverse'
          const min = !scrolls
            ? y0
            : reversed
              ? y0 + el.clientHeight - el.scrollHeight - el.scrollTop
              : y0 - el.scrollTop
          const max = scrolls ? min + el.scrollHeight : y0 + el.clientHeight
          if (top < min - SLACK || bottom > max + SLACK)
            return `${atom.name} is cut off by ${describe(el, '')}`
          if (scrolls) [top, bottom] = [r.top, r.bottom]
        }
      }
      const doc = document.scrollingElement ?? document.documentElement
      if (left < -scrollX - SLACK || right > doc.scrollWidth - scrollX + SLACK)
        return `${atom.name} lies outside the page horizontally`
      if (top < -scrollY - SLACK || bottom > doc.scrollHeight - scrollY + SLACK)
        return `${atom.name} lies outside the page vertically`
      return null
    }
    for (const atom of atoms) {
      const problem = reachable(atom)
      if (problem) problems.push(problem)
    }
    return [...new Set(problems)]
  }, options.ignore ?? [])
}

/** Saves a full screenshot of the page as an artefact named `name`, then asserts the layout is clean. */
export async function expectCleanLayout(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: LayoutCheckOptions = {},
): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path })
  await testInfo.attach(name, { path, contentType: 'image/png' })
  expect(await findLayoutProblems(page, options), `layout of ${name}`).toEqual([])
}

/** Words of table headers that wrap onto two lines (broken inside the word), as `word in "header"`. */
export async function headerWordsBroken(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    for (const th of document.querySelectorAll('th, [role=columnheader]')) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, m.index)
          range.setEnd(node, m.index + m[0].length)
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          )
          if (lines.size > 1) out.push(`${m[0]} in "${(th.textContent ?? '').trim().slice(0, 40)}"`)
        }
      }
    }
    return out
  })
}

/** At 1024 and 1920 px wide: nothing overlaps or is out of reach, and the page does not scroll sideways. */
export async function fitsAtBothWidths(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await expectCleanLayout(page, testInfo, `${name}-${width}`)
  }
}
