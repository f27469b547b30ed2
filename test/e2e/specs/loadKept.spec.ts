// The Load test's last rough edges, as a user meets them in Chromium at 1024 and 1920 px: the simulator's length
// trigger is not offered for a real gateway (a profile on a dead port), whose run ends with its connection errors
// and nothing billed; a kept run opened under a form holding another set-up says whose results they are and puts
// its set-up in the form on "Use this set-up"; the histogram has its axes and counts.
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'
import type { Page } from '@playwright/test'

const progress = (page: Page) => page.getByTestId('load-progress')

async function fitsAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0)
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
  }
}

test("sim:tokens is only for the simulator; a kept run's set-up is said and can be used; the histogram has axes", async ({
  page,
  app,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.createProfile({ name: 'Dead port', baseUrl: 'http://127.0.0.1:9' })
  await settings.saveApiKey('Dead port', 'sk-dead-port-0000')
  await page.getByRole('tab', { name: 'Load test' }).click()

  // A real gateway: the trigger is off and not offered, and the reason is given.
  const simTokens = page.getByRole('checkbox', { name: /Ask the simulator for that many/ })
  await expect(simTokens).toBeChecked()
  await page.getByRole('combobox', { name: 'Profile of target 1' }).selectOption({ label: 'Dead port' })
  await expect(simTokens).not.toBeChecked()
  await expect(simTokens).toBeDisabled()
  await expect(page.locator('#load-sim-tokens-why')).toContainText('only when every target is the simulator')
  await page.getByLabel('Concurrent requests').fill('1, 2')
  await page.getByLabel('Each level: how many').fill('2')
  await page.getByLabel('Warm-up requests per level').fill('0')
  await page.getByRole('button', { name: 'Start load test' }).click()
  await expect(progress(page)).toContainText('Finished', { timeout: 60_000 })
  await expect(page.getByTestId('load-levels').locator('tbody tr').first()).toContainText(
    'connection error: 2',
  )
  await expect(page.getByTestId('load-cost')).toHaveText('Cost: nothing billed')
  await expect(page.locator('.load-cost summary')).toContainText('4 failed before billing')
  await fitsAtBothWidths(page, 'dead-port')

  // Back to the simulator: offered again, as the user left it. Two targets, three levels.
  await page.getByRole('combobox', { name: 'Profile of target 1' }).selectOption({ label: 'Local simulator' })
  await expect(simTokens).toBeEnabled()
  await expect(simTokens).toBeChecked()
  await page.getByRole('button', { name: 'Add a target' }).click()
  await page.getByLabel('Concurrent requests').fill('1, 2, 4')
  await page.getByLabel('Each level: how many').fill('6')
  await page.getByLabel('Max tokens (output)').fill('24')
  await page.getByLabel('Name (optional)').fill('kept two')
  await page.getByRole('button', { name: 'Start load test' }).click()
  await expect(progress(page)).toContainText('Finished "kept two": 36 requests', { timeout: 60_000 })
  // The run's own results under its own set-up: nothing to say.
  await expect(page.getByTestId('load-kept')).toHaveCount(0)

  // The histogram: a count axis, the metric's axis, each bar's count.
  await page.getByRole('tab', { name: 'Curves' }).click()
  const histogram = page.getByRole('img', { name: /Histogram of TTFT/ })
  await expect(histogram).toBeVisible()
  await expect(histogram.locator('text.axis')).toHaveText(['requests', 'TTFT (ms)'])
  const counts = (await histogram.locator('text.count').allTextContents()).map(Number)
  expect(counts.reduce((a, b) => a + b, 0)).toBe(6)
  await fitsAtBothWidths(page, 'histogram')

  // A new set-up typed, then the kept run opened: the results say whose they are, and the set-up can be used.
  await page.getByRole('button', { name: 'Remove target 2' }).click()
  await page.getByLabel('Concurrent requests').fill('8')
  await page.getByLabel('Name (optional)').fill('')
  const kept = page.getByRole('combobox', { name: 'Kept runs' })
  await kept.focus()
  const option = kept.locator('option', { hasText: 'kept two' })
  await expect(option).toHaveCount(1)
  await kept.selectOption((await option.getAttribute('value'))!)
  const notice = page.getByTestId('load-kept')
  await expect(notice).toContainText("These results are a kept run's")
  await expect(notice).toContainText(
    '2 targets: Local simulator · gpt-4o-mini · Chat completions; Local simulator',
  )
  await expect(notice).toContainText('1, 2, 4 concurrent, 6 requests per level')
  await expect(page.getByLabel('Concurrent requests')).toHaveValue('8')
  await fitsAtBothWidths(page, 'kept-notice')
  await notice.getByRole('button', { name: 'Use this set-up' }).click()
  await expect(notice).toHaveCount(0)
  await expect(page.getByLabel('Concurrent requests')).toHaveValue('1, 2, 4')
  await expect(page.getByTestId('load-target')).toHaveCount(2)
  await expect(page.getByLabel('Name (optional)')).toHaveValue('kept two')
  await expect(page.getByTestId('load-estimate')).toContainText('36 requests (6 levels, warm-up included)')
})
test.afterEach(async ({ app }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(app.output().slice(-4000))
})
