// The Load test's set-up as typed comes back after a reload and after the app restarts, in Chromium against
// browser mode, at 1024 and 1920 px: two targets (each one's profile, model and format, each control named with its
// target), the load, the limits and the name, a wrong value kept as typed and named only once Start is pressed.
import { expect, test } from '../fixtures'
import { faultyProfile } from '../pages/ComparePage'
import { fitsAtBothWidths } from '../pages/layoutCheck'
import type { Page } from '@playwright/test'

async function openLoad(page: Page) {
  await page.getByRole('tab', { name: 'Load test' }).click()
  await expect(page.getByRole('heading', { name: 'Load test' })).toBeVisible()
}

async function expectSetUp(page: Page, slow: string) {
  const targets = page.getByTestId('load-target')
  await expect(targets).toHaveCount(2)
  await expect(
    page.getByRole('combobox', { name: 'Profile of target 1' }).locator('option:checked'),
  ).toHaveText(slow)
  await expect(page.getByRole('combobox', { name: 'Model of target 1' })).toHaveValue('claude-haiku-4-5')
  await expect(page.getByRole('combobox', { name: 'Model of target 2' })).toHaveValue('gpt-4o')
  await expect(page.getByRole('combobox', { name: 'Format of target 2' })).toHaveValue('responses')
  await expect(page.getByLabel('Concurrent requests')).toHaveValue('3, 6')
  await expect(page.getByLabel('Each level: how many')).toHaveValue('15')
  await expect(page.getByLabel('Each level: unit')).toHaveValue('seconds')
  await expect(page.getByLabel('Warm-up requests per level')).toHaveValue('0')
  await expect(page.getByLabel('Goodput: TTFT ≤ (ms)')).toHaveValue('500')
  await expect(page.getByLabel('TPOT ≤ (ms)')).toHaveValue('fast')
  await expect(page.getByLabel('Name (optional)')).toHaveValue('my named test')
  // Kept as typed, not judged before the user acts again.
  await expect(page.locator('.load-form .field-error')).toHaveCount(0)
}

test('the set-up typed comes back after a reload and a restart, each target control named', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.goto(app.url)
  const slow = await faultyProfile(page, 'tps:25')
  await openLoad(page)

  await page.getByRole('combobox', { name: 'Profile of target 1' }).selectOption({ label: slow })
  const model1 = page.getByRole('combobox', { name: 'Model of target 1' })
  await model1.fill('claude-haiku-4-5')
  await model1.press('Escape')
  await page.getByRole('button', { name: 'Add a target' }).click()
  // One box named "Model …" per target: a label lookup finds each, never two under one name.
  await expect(page.getByLabel(/^Model of target \d$/)).toHaveCount(2)
  const model2 = page.getByRole('combobox', { name: 'Model of target 2' })
  await model2.fill('gpt-4o')
  await model2.press('Escape')
  await page.getByRole('combobox', { name: 'Format of target 2' }).selectOption('responses')
  await page.getByLabel('Concurrent requests').fill('3, 6')
  await page.getByLabel('Each level: unit').selectOption('seconds')
  await page.getByLabel('Each level: how many').fill('15')
  await page.getByLabel('Warm-up requests per level').fill('0')
  await page.getByLabel('Goodput: TTFT ≤ (ms)').fill('500')
  await page.getByLabel('TPOT ≤ (ms)').fill('fast')
  await page.getByLabel('Name (optional)').fill('my named test')
  await expect(page.getByTestId('load-estimate')).toContainText('Fix the fields above')

  await page.reload()
  await openLoad(page)
  await expectSetUp(page, slow)
  await fitsAtBothWidths(page, testInfo, 'load-set-up-after-reload')

  await app.restart()
  await page.goto(app.url)
  await openLoad(page)
  await expectSetUp(page, slow)
  await fitsAtBothWidths(page, testInfo, 'load-set-up-after-restart')

  // The wrong limit is named at its field once Start is pressed; nothing is sent.
  await page.getByRole('button', { name: 'Start load test' }).click()
  await expect(page.locator('.load-form .field-error')).toHaveText([
    'TPOT limit: a number of ms above 0, or empty.',
  ])
  await expect(page.getByTestId('load-progress')).toHaveCount(0)
})
