// Accessibility: an axe-core scan of every panel in the light and the dark theme finds no violations
// (WCAG 2.0–2.2 A and AA rules, target size included), with the app as a newcomer first sees it against browser mode's simulator.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'
import { HistoryPage } from '../pages/HistoryPage'

const PANELS = [
  'Text',
  'Compare',
  'Video',
  'Images',
  'Jobs',
  'Embeddings',
  'History',
  'Cases',
  'Gateway check',
  'Settings',
]

for (const theme of ['Light', 'Dark'] as const) {
  test(`every panel in the ${theme.toLowerCase()} theme has no axe violations`, async ({ page, app }) => {
    test.setTimeout(120_000)
    await page.goto(app.url)
    const settings = new SettingsPage(page)
    await settings.open()
    await settings.chooseTheme(theme)
    // A finished run, so History shows a run with its danger button (Delete) and Text an answer.
    const text = new TextPage(page)
    await text.open()
    await text.send('Hello there')
    await text.waitDone()
    const found: string[] = []
    for (const name of PANELS) {
      await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name }).click()
      await expect(
        page
          .locator('h1, h2')
          .filter({ hasText: new RegExp(`^${name}$`) })
          .first(),
      ).toBeVisible()
      if (name === 'History') await new HistoryPage(page).openRow(/Hello there/)
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
      for (const v of result.violations)
        found.push(
          `${name}: ${v.id} (${v.nodes.length}) ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
        )
    }
    expect(found).toEqual([])
  })
}
