// The README says only what the app does: its list of panels is exactly the panels the sidebar offers.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '../fixtures'

test('the README lists exactly the panels the sidebar offers', async ({ page, app }) => {
  const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8')
  const intro = readme.slice(0, readme.indexOf('\n## '))
  const listed = [...intro.matchAll(/^- \*\*(.+?)\*\*:/gm)].map((m) => m[1])
  await page.goto(app.url)
  const tabs = page.getByRole('tablist', { name: 'Panels' }).getByRole('tab')
  await expect(tabs.first()).toBeVisible()
  const offered = await tabs.locator('.nav-label').allTextContents()
  expect(listed).toEqual(offered)
})
