// What a load test costs, as a new user meets it, in Chromium at 1024 and 1920 px: a small run of gpt-4o-mini on
// the simulator (demo price $0.15 in / $0.60 out per 1M) shows its cost per target and in total once it ends, and
// Settings' spend this month counts it once; a slow run shows its cost so far while it goes, beside its throughput,
// and each level's cost in the Levels table.
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'
import { faultyProfile } from '../pages/ComparePage'

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

test('a running load test shows its cost so far beside its throughput, and each level its own cost', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(app.url)
  // A copy of the simulator (its demo prices come with it) that streams 40 tokens a second.
  const slow = await faultyProfile(page, 'tps:40')
  await page.getByRole('tab', { name: 'Load test' }).click()
  await page.getByRole('combobox', { name: 'Profile of target 1' }).selectOption({ label: slow })
  await page.getByLabel('Concurrent requests').fill('1, 2')
  await page.getByLabel('Each level: how many').fill('4')
  await page.getByLabel('Warm-up requests per level').fill('0')
  await page.getByLabel('Max tokens (output)').fill('24')
  await page.getByRole('button', { name: 'Start load test' }).click()
  const progress = page.getByTestId('load-progress')
  // While it runs: the throughput of the level going and the cost so far, in the status line and the table.
  await expect(progress).toContainText(/Running: .* req\/s at this level · cost so far \$0\.\d{6}/, {
    timeout: 30_000,
  })
  await expect(page.getByTestId('load-cost')).toHaveText(/^Cost so far: \$0\.\d{6}$/)
  await page.screenshot({ path: test.info().outputPath('load-cost-live-1024.png') })
  await expect(progress).toContainText('Finished', { timeout: 60_000 })
  const total = page.getByTestId('load-cost')
  await expect(total).toHaveText(/^Cost: \$0\.\d{6}$/)
  // Each level its own cost, 4 priced requests each; together the run's total.
  const levelCosts = page.getByTestId('load-level-cost')
  await expect(levelCosts).toHaveCount(2)
  await expect(levelCosts.first()).toContainText('4 priced')
  const micros = (text: string | null) => Math.round(Number(/\$([\d.]+)/.exec(text ?? '')![1]) * 1e6)
  const levels = (await levelCosts.allTextContents()).map(micros)
  // Each shown amount is rounded to the millionth: the sum may differ from the total by a millionth.
  expect(Math.abs(levels[0]! + levels[1]! - micros(await total.textContent()))).toBeLessThanOrEqual(1)
})
