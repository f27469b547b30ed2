// Opening a panel from the keyboard (Ctrl/Cmd+1…9, Ctrl/Cmd+,) or the command palette puts the focus in the panel
// opened, as Text's message box has it: another panel's heading, so the next Tab goes on inside that panel and a
// screen reader names where the user is. Never on the page's body.
import { expect, test } from '../fixtures'
import type { Page } from '@playwright/test'
import { TextPage } from '../pages/TextPage'

const PANELS = [
  'Compare',
  'Video',
  'Images',
  'Jobs',
  'Embeddings',
  'History',
  'Cases',
  'Evals',
  'Gateway check',
  'Load test',
  'Settings',
]

/** Where the focus is: the panel it is in (its sidebar tab's name), and the element's tag and text. */
function focusIn(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement
    const panel = el?.closest('[role="tabpanel"]')
    const tab = panel ? document.getElementById(panel.getAttribute('aria-labelledby') ?? '') : null
    return {
      panel: tab?.textContent?.replace(/^\W+/, '').trim() ?? null,
      tag: el?.tagName ?? null,
      text: (el as HTMLElement | null)?.innerText?.slice(0, 40) ?? '',
    }
  })
}

for (const width of [1024, 1920]) {
  test(`a panel opened from the palette or a shortcut has the focus in it (${width} px)`, async ({
    page,
    app,
  }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    const box = page.getByLabel('Message', { exact: true })
    await box.click()

    // Every panel through the palette.
    const palette = page.getByRole('dialog', { name: 'Command palette' })
    for (const name of PANELS) {
      await page.keyboard.press('Control+K')
      await palette.getByRole('combobox').fill(name)
      await expect(palette.getByRole('option').first()).toContainText(name)
      await page.keyboard.press('Enter')
      await expect(palette).toHaveCount(0)
      await expect.poll(() => focusIn(page).then((f) => f.panel)).toBe(name)
      const focused = await focusIn(page)
      expect(focused.tag).toMatch(/^H[12]$/)
      expect(focused.text).toBe(name)
      if (name === 'Load test' || name === 'Settings')
        await page.screenshot({
          path: test.info().outputPath(`panel-focus-${name.replace(' ', '-')}-${width}.png`),
        })
    }

    // Ctrl+1 goes back to Text with the caret in the message box; Ctrl+, opens Settings with the focus there.
    await page.keyboard.press('Control+1')
    await expect(box).toBeFocused()
    await page.keyboard.press('Control+,')
    await expect.poll(() => focusIn(page).then((f) => f.panel)).toBe('Settings')
    // Ctrl+2 from there: Compare, and the next Tab stays inside it.
    await page.keyboard.press('Control+2')
    await expect.poll(() => focusIn(page).then((f) => f.panel)).toBe('Compare')
    await page.keyboard.press('Tab')
    expect((await focusIn(page)).panel).toBe('Compare')
  })
}
