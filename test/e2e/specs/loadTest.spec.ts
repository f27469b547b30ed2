// The Load test panel as a user drives it in Chromium against browser mode and its simulator, at 1024 and 1920 px:
// a bad level named at its field only once Start was pressed; a short run to its end with every level in the table,
// the curves and the timeline; a request opened from the timeline in the Inspector; a slow run stopped in the
// middle keeping what finished; the two runs compared level by level; a failing profile's errors in red.
import { expect, test } from '../fixtures'
import { faultyProfile } from '../pages/ComparePage'
import type { Page, TestInfo } from '@playwright/test'

async function fits(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0)
    await testInfo.attach(`${name}-${width}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
  }
}

async function openLoad(page: Page) {
  await page.getByRole('tab', { name: 'Load test' }).click()
  await expect(page.getByRole('heading', { name: 'Load test' })).toBeVisible()
}

const progress = (page: Page) => page.getByTestId('load-progress')

test('a load test runs, shows its levels, curves and timeline, stops in the middle, and two runs compare', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(180_000)
  await page.goto(app.url)
  const slow = await faultyProfile(page, 'tps:25')
  await openLoad(page)

  // Nothing is shown as wrong before the user acts; a bad level is named at its field once Start is pressed.
  await expect(page.locator('.load-form .field-error')).toHaveCount(0)
  await page.getByLabel('Concurrent requests').fill('1, two')
  await page.getByRole('button', { name: 'Start load test' }).click()
  await expect(page.locator('.load-levels .field-error')).toHaveText(
    'Levels: numbers above 0, separated by commas (1, 4, 16, 64).',
  )
  await expect(progress(page)).toHaveCount(0)

  // A short run against the built-in simulator, to its end.
  await page.getByLabel('Concurrent requests').fill('1, 2, 4')
  await page.getByLabel('Each level: how many').fill('6')
  await page.getByLabel('Warm-up requests per level').fill('1')
  await page.getByLabel('Max tokens (output)').fill('24')
  await page.getByLabel('Name (optional)').fill('first run')
  await expect(page.getByTestId('load-estimate')).toContainText('21 requests (3 levels, warm-up included)')
  await page.getByRole('button', { name: 'Start load test' }).click()
  await expect(progress(page)).toContainText('Finished "first run": 21 requests', { timeout: 60_000 })
  const table = page.getByTestId('load-levels')
  await expect(table.locator('tbody tr')).toHaveCount(3)
  await expect(table.locator('tbody tr').first()).toContainText('6 / 6')
  await fits(page, testInfo, 'levels')
  await page.getByRole('tab', { name: 'Curves' }).click()
  await expect(page.getByRole('img', { name: /Time to first token/ })).toBeVisible()
  await expect(page.getByTestId('load-knee-words')).toBeVisible()
  await expect(page.getByRole('img', { name: /Histogram of TTFT/ })).toBeVisible()
  await fits(page, testInfo, 'curves')
  await page.getByRole('tab', { name: 'Timeline' }).click()
  const timeline = page.getByTestId('load-timeline')
  await expect(timeline).toBeVisible()
  // The first request sent sits at the start of the first lane.
  const box = (await timeline.boundingBox())!
  await timeline.click({ position: { x: 4, y: 6 } })
  const detail = page.getByRole('complementary', { name: 'Request detail' })
  await expect(detail.getByTestId('load-request-words')).toContainText('HTTP 200')
  await expect(detail.getByRole('region', { name: 'Request exchange' })).toBeVisible()
  await expect(detail).not.toContainText('sk-')
  expect(box.width).toBeGreaterThan(300)
  await fits(page, testInfo, 'timeline')

  // A slow profile, timed levels: stopped in the middle, what finished is kept.
  await page.getByRole('combobox', { name: 'Profile of target 1' }).selectOption({ label: slow })
  await page.getByLabel('Each level: unit').selectOption('seconds')
  await page.getByLabel('Each level: how many').fill('60')
  await page.getByLabel('Max tokens (output)').fill('40')
  await page.getByLabel('Name (optional)').fill('slow run')
  await page.getByRole('button', { name: 'Start load test' }).click()
  await expect(progress(page)).toContainText('Running')
  await page.getByRole('tab', { name: 'Levels' }).click({ timeout: 30_000 })
  await expect(page.getByTestId('load-levels').locator('tbody tr').first()).toContainText(
    /[1-9]\d* \/ [1-9]/,
    {
      timeout: 30_000,
    },
  )
  await page.keyboard.press('Escape')
  await expect(progress(page)).toContainText('Stopped "slow run"', { timeout: 20_000 })
  await expect(progress(page)).toContainText('left out of the figures')
  await expect(page.getByTestId('load-levels').locator('tbody tr').first()).toContainText('stopped')
  await fits(page, testInfo, 'stopped')

  // Compared with the first run, level by level.
  const compareWith = page.getByLabel('Compare with')
  await compareWith.focus()
  const first = compareWith.locator('option', { hasText: 'first run' })
  await expect(first).toHaveCount(1)
  await compareWith.selectOption((await first.getAttribute('value'))!)
  await page.getByRole('button', { name: 'Compare', exact: true }).click()
  const diff = page.getByTestId('load-diff')
  await expect(diff).toContainText('Against "first run"')
  await expect(diff.locator('tbody tr')).toHaveCount(3)
  await expect(diff).toContainText(/TPOT p50 .* ms \(\+\d+ %\)/)
  await fits(page, testInfo, 'diff')
})

test('a profile whose streams fail mid-way shows its errors by class, in red, each opening its exchange', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const faulty = await faultyProfile(page, 'error:2')
  await openLoad(page)
  await page.getByRole('combobox', { name: 'Profile of target 1' }).selectOption({ label: faulty })
  await page.getByLabel('Concurrent requests').fill('2')
  await page.getByLabel('Each level: how many').fill('4')
  await page.getByLabel('Warm-up requests per level').fill('0')
  await page.getByRole('button', { name: 'Start load test' }).click()
  await expect(progress(page)).toContainText('Finished', { timeout: 60_000 })
  const row = page.getByTestId('load-levels').locator('tbody tr').first()
  await expect(row).toContainText('0 / 4')
  await expect(row.locator('.load-bad')).toContainText('mid-stream error: 4 (100.0 %)')
  await page.getByRole('tab', { name: 'Timeline' }).click()
  await page.getByRole('group', { name: 'Failed requests' }).getByRole('button').first().click()
  const detail = page.getByRole('complementary', { name: 'Request detail' })
  await expect(detail.getByTestId('load-request-words')).toContainText('Failed (midStream)')
  await expect(detail.getByRole('region', { name: 'Request exchange' })).toBeVisible()
})
test.afterEach(async ({ app }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(app.output().slice(-4000))
})
