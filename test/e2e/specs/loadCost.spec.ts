// What a load test costs, as a new user meets it, in Chromium at 1024 and 1920 px: a small run of gpt-4o-mini on
// the simulator (demo price $0.15 in / $0.60 out per 1M) shows its cost per target and in total once it ends, and
// Settings' spend this month counts it once.
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'

for (const width of [1024, 1920]) {
  test(`a finished load test shows its cost per target and in total, charged once, at ${width} px`, async ({
    page,
    app,
  }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    await page.getByRole('tab', { name: 'Load test' }).click()
    await page.getByLabel('Concurrent requests').fill('1, 2')
    await page.getByLabel('Each level: how many').fill('4')
    await page.getByLabel('Warm-up requests per level').fill('1')
    await page.getByLabel('Max tokens (output)').fill('24')
    await page.getByRole('button', { name: 'Start load test' }).click()
    const total = page.getByTestId('load-cost')
    await expect(total).toHaveText(/^Cost: \$0\.\d{6}$/, { timeout: 60_000 })
    const table = page.getByRole('table', { name: 'Cost by target' })
    await expect(table.getByRole('row', { name: /gpt-4o-mini/ })).toContainText('10')
    const amount = ((await total.textContent()) ?? '').replace('Cost: ', '')
    await expect(page.getByTestId('load-target-cost')).toHaveText(amount)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`load-cost-${width}.png`) })
    await new SettingsPage(page).open()
    const spend = page.getByRole('table', { name: 'Spend this month' })
    await expect(spend.getByRole('row', { name: /Local simulator/ }).first()).toContainText(
      `${amount} over 1 run`,
    )
  })
}
