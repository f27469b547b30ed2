// Keyboard basics across the app: the light theme's focus ring stands out 3:1 against the page; every tab list
// answers Left/Right (wrapping) and Home/End with one Tab stop; every radio belongs to a group by name.
import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'

/** WCAG contrast of two CSS colours as the browser computed them (rgb()/rgba() opaque). */
async function contrast(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    ([x, y]) => {
      const lum = (c: string) => {
        const [r, g, bl] = c
          .match(/[\d.]+/g)!
          .slice(0, 3)
          .map((v) => Number(v) / 255)
        const f = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
        return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(bl!)
      }
      const [l1, l2] = [lum(x!), lum(y!)].sort((p, q) => q - p)
      return (l1! + 0.05) / (l2! + 0.05)
    },
    [a, b],
  )
}

async function openPanel(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name }).click()
}

/** Drives a tab list by keyboard only: one tab focusable, arrows wrap, Home/End jump. */
async function checkArrows(list: Locator): Promise<void> {
  const tabs = list.getByRole('tab')
  const n = await tabs.count()
  expect(n).toBeGreaterThan(1)
  await expect(list.locator('[role="tab"][tabindex="0"]')).toHaveCount(1)
  await list.locator('[role="tab"][aria-selected="true"]').focus()
  await list.page().keyboard.press('Home')
  await expect(tabs.first()).toBeFocused()
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true')
  await list.page().keyboard.press('ArrowRight')
  await expect(tabs.nth(1)).toBeFocused()
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
  await list.page().keyboard.press('End')
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true')
  await list.page().keyboard.press('ArrowRight')
  await expect(tabs.first()).toBeFocused()
  await list.page().keyboard.press('ArrowLeft')
  await expect(tabs.last()).toBeFocused()
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true')
  await list.page().keyboard.press('Home')
}

test('the light focus ring is 3:1 against the page and every tab list answers arrow keys', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.chooseTheme('Light')

  await openPanel(page, 'Text')
  const message = page.getByLabel('Message', { exact: true })
  await message.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  const ring = await message.evaluate((el) => getComputedStyle(el).outlineColor)
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(await contrast(page, ring, bg)).toBeGreaterThanOrEqual(3)
  expect(await contrast(page, ring, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3)

  await checkArrows(page.getByRole('tablist', { name: 'Request views' }))
  await openPanel(page, 'Compare')
  await checkArrows(page.getByRole('tablist', { name: 'Differences' }))
  await checkArrows(page.getByTestId('compare-column').first().getByRole('tablist').first())
  await openPanel(page, 'Images')
  await checkArrows(page.getByRole('tablist', { name: 'Image tasks' }))
  await openPanel(page, 'Embeddings')
  await checkArrows(page.getByRole('tablist', { name: 'Mode' }))
  await checkArrows(page.getByRole('tablist', { name: 'Request views' }))
})

test('every radio in the Images forms and the mask painter is grouped by name', async ({ page, app }) => {
  await page.goto(app.url)
  await openPanel(page, 'Images')
  for (const task of ['Batch images', 'Photo-shoot', 'Try-on']) {
    await page.getByRole('tablist', { name: 'Image tasks' }).getByRole('tab', { name: task }).click()
    const radios = page.locator('input[type="radio"]')
    expect(await radios.count()).toBeGreaterThan(0)
    await expect(page.locator('input[type="radio"]:not([name]), input[type="radio"][name=""]')).toHaveCount(0)
  }
})
