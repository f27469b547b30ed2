// The one model picker wherever a model is chosen, in Chromium against browser mode's simulator: the Gateway
// check adds models from it, and after the check every other panel's picker (Compare, Cases, the Load test) shows
// what is known of a model: its context window, output limit, modalities, and which formats the check saw working,
// with the check's date. At 1024 and 1920 px, nothing spills out of the window.
import type { Page, TestInfo } from '@playwright/test'
import { expect, test } from '../fixtures'

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0)
    const path = testInfo.outputPath(`${name}-${width}.png`)
    await page.screenshot({ path })
    await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' })
  }
}

const today = () => new Date().toISOString().slice(0, 10)

test('the check adds models from the picker, and every panel picker then shows what the check saw', async ({
  page,
  app,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 900 })
  await page.goto(app.url)
  await page.getByRole('tab', { name: 'Gateway check' }).click()

  // Two models added from the picker (search + Enter, then a click), each once, into the editable list.
  const add = page.getByRole('combobox', { name: 'Add a model to check' })
  await add.fill('gpt-4o-mi')
  const list = page.getByRole('listbox', { name: 'Add a model to check: models' })
  await expect(list.getByRole('option').first()).toContainText('gpt-4o-mini')
  await add.press('Enter')
  await expect(page.getByLabel('Models')).toHaveValue('gpt-4o-mini')
  await expect(add).toHaveValue('')
  await add.fill('sonnet-4-6')
  await list.getByRole('option', { name: /claude-sonnet-4-6/ }).click()
  await add.fill('gpt-4o-mini')
  await add.press('Enter')
  await expect(page.getByLabel('Models')).toHaveValue('gpt-4o-mini, claude-sonnet-4-6')
  await page.getByRole('button', { name: 'Run check' }).click()
  await expect(page.getByTestId('check-progress')).toHaveText(/^Finished: (\d+) of \1 probes/, {
    timeout: 60_000,
  })

  // Compare: a column's picker says what the check saw for the model, with the day it ran.
  await page.getByRole('tab', { name: /Compare$/ }).click()
  const column = page.getByRole('combobox', { name: 'Column 1 model' })
  await column.fill('claude-sonnet-4-6')
  const sonnet = page
    .getByRole('listbox', { name: 'Column 1 model: models' })
    .getByRole('option', { name: /claude-sonnet-4-6/ })
    .first()
  await expect(sonnet).toContainText('200K context')
  await expect(sonnet).toContainText(`checked ${today()}: chat ✓, messages ✓`)
  await shot(page, testInfo, 'compare-picker')
  await column.press('Enter')
  await expect(column).toHaveValue('claude-sonnet-4-6')

  // Cases: a target's model.
  await page.getByRole('tab', { name: /Cases/ }).click()
  await page.getByPlaceholder('Suite name').fill('Picker')
  await page.getByRole('button', { name: 'Create suite' }).click()
  await page.getByRole('button', { name: 'Add target' }).click()
  const target = page.getByRole('combobox', { name: 'Target 1 model' })
  await target.fill('gpt-4o-mini')
  const mini = page
    .getByRole('listbox', { name: 'Target 1 model: models' })
    .getByRole('option', { name: /gpt-4o-mini/ })
    .first()
  await expect(mini).toContainText(`checked ${today()}: chat ✓, responses ✓`)
  await shot(page, testInfo, 'cases-picker')
  await target.press('Escape')

  // The Load test: a target's model, and an embedding format offers embedding models.
  await page.getByRole('tab', { name: 'Load test' }).click()
  const load = page.getByRole('combobox', { name: 'Model of target 1' })
  await load.fill('4o-mini')
  await expect(
    page
      .getByRole('listbox', { name: 'Model of target 1: models' })
      .getByRole('option', { name: /gpt-4o-mini/ })
      .first(),
  ).toContainText(`checked ${today()}`)
  await shot(page, testInfo, 'load-picker')
  await load.press('Enter')
  await expect(load).toHaveValue('gpt-4o-mini')
})
