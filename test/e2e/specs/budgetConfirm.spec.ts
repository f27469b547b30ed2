// Batch work's cost before Start and the monthly budget, in Chromium against browser mode's simulator and its
// demo prices: the Load test panel shows the estimate of its plan (checked by hand: requests × tokens × price),
// and with a budget the plan would pass, Start asks first: Cancel sends nothing, "Start anyway" runs it.
import type { Page, TestInfo } from '@playwright/test'
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    const path = testInfo.outputPath(`${name}-${width}.png`)
    await page.screenshot({ path })
    await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' })
  }
}

test('the load test shows its cost estimate, and past the monthly budget Start asks first', async ({
  page,
  app,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 900 })
  await page.goto(app.url)
  await new SettingsPage(page).open()
  const prices = page.getByRole('region', { name: 'Prices for Local simulator' })
  await prices.getByRole('textbox', { name: 'Monthly budget' }).fill('0.01')
  await prices.getByRole('button', { name: 'Save budget' }).click()
  await expect(prices.getByTestId('profile-spend')).toContainText('monthly budget')

  await page.getByRole('tab', { name: 'Load test' }).click()
  await page.getByLabel('Concurrent requests').fill('1, 2')
  await page.getByLabel('Each level: how many').fill('4')
  await page.getByLabel('Warm-up requests per level').fill('0')
  // 8 requests of 128 input and at most 128 output tokens of gpt-4o-mini at $0.15 / $0.60 per 1M:
  // 8 × 128 × 0.15 + 8 × 128 × 0.60 = 153.6 + 614.4 = 768 micro-dollars.
  const estimate = page.getByTestId('cost-estimate')
  await expect(estimate).toContainText('Cost estimate: ≈ $0.000768')
  await expect(estimate).toContainText(
    'Local simulator: $0.00 spent this month of a $0.01 budget, $0.01 left',
  )
  // Past the budget: 64 requests cost 8 × 768 = 6144 micro-dollars, which the budget of 10,000 still holds;
  // 128 requests (12,288) pass it.
  await page.getByLabel('Each level: how many').fill('64')
  await expect(estimate).toContainText('Cost estimate: ≈ $0.012288')
  await expect(estimate).toContainText('this run would pass it by $0.002288')
  await page.getByRole('button', { name: 'Start load test' }).click()
  const dialog = page.getByRole('dialog', { name: 'Over the monthly budget' })
  await expect(dialog).toContainText('This load test is estimated at ≈ $0.012288.')
  await shot(page, testInfo, 'budget-dialog')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Start load test' })).toBeVisible()
  await expect(page.getByText(/^Running/)).toHaveCount(0)

  await page.getByLabel('Each level: how many').fill('2')
  await page.getByRole('button', { name: 'Start load test' }).click()
  await expect(page.getByRole('dialog', { name: 'Over the monthly budget' })).toHaveCount(0)
  await expect(page.getByTestId('load-progress')).toContainText('Finished', { timeout: 30_000 })

  await page.getByLabel('Each level: how many').fill('64')
  await page.getByRole('button', { name: 'Start load test' }).click()
  await dialog.getByRole('button', { name: 'Start anyway' }).click()
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible()
  await page.getByRole('button', { name: 'Stop' }).click()
  await shot(page, testInfo, 'estimate-after')
})
