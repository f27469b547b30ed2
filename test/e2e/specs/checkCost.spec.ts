// Cost in the Gateway check, as a new user meets it, in Chromium at 1024 and 1920 px: a check of gpt-4o-mini (the
// simulator's demo price, $0.15 in / $0.60 out per 1M) with the console image task ($0.04 an image). Each cell
// shows what its probe cost, checked by hand for the plain chat cell from the usage in its own response in the
// Inspector; each probe's column is summed in a footer row and the whole check in the status line. A profile whose
// gateway answers 500 to everything bills nothing, and its cells say so in their detail, never $0.
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { faultyProfile } from '../pages/ComparePage'
import { SettingsPage } from '../pages/SettingsPage'

const dollars = (micros: number) =>
  `$${(micros / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`
const microsOf = (text: string) => Math.round(Number(/\$([\d.]+)/.exec(text)?.[1] ?? 0) * 1e6)

async function runCheck(page: Page, models: string, images: boolean) {
  await page.getByRole('tab', { name: 'Gateway check' }).click()
  await page.getByLabel('Models').fill(models)
  await page.getByLabel('One console image task').setChecked(images)
  await page.getByRole('button', { name: 'Run check' }).click()
  await expect(page.getByTestId('check-progress')).toHaveText(/^Finished: (\d+) of \1 probes/, {
    timeout: 60_000,
  })
}

for (const width of [1024, 1920]) {
  test(`the Gateway check shows each probe's cost, each column's and the total at ${width} px`, async ({
    page,
    app,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(app.url)
    await runCheck(page, 'gpt-4o-mini', true)

    // The plain chat cell, by hand: the usage in its response × the demo price per 1M.
    const chat = page.getByRole('button', { name: /^chat · gpt-4o-mini, Answer: supported/ })
    await chat.click()
    const detail = page.getByRole('complementary', { name: 'Cell detail' })
    const inspector = detail.getByRole('region', { name: 'Cell exchange' })
    await expect(inspector).toContainText('completion_tokens')
    const body = (await inspector.textContent()) ?? ''
    const input = Number(/"prompt_tokens":\s*(\d+)/.exec(body)?.[1])
    const output = Number(/"completion_tokens":\s*(\d+)/.exec(body)?.[1])
    const byHand = Math.round(input * 0.15 + output * 0.6)
    expect(byHand).toBeGreaterThan(0)
    await expect(chat).toHaveAccessibleName(new RegExp(`, cost \\${dollars(byHand)}$`))
    await expect(chat.getByTestId('check-cell-cost')).toHaveText(dollars(byHand))
    await expect(detail).toContainText(`cost ${dollars(byHand)}`)

    // The console image task: one image at $0.04, its column the same.
    const images = page.getByRole('table', { name: 'images matrix' })
    await expect(images.getByTestId('check-cell-cost')).toHaveText('$0.04')
    await expect(images.getByTestId('check-column-cost')).toHaveText('$0.04')
    // A probe refused as the spec expects bills nothing: no cost under it, and its detail says why.
    const refused = page.getByRole('button', { name: /^chat · gpt-4o-mini, Out-of-range refused: supported/ })
    await expect(refused.getByTestId('check-cell-cost')).toHaveCount(0)
    await refused.click()
    await expect(detail).toContainText('nothing billed (no answer the gateway bills)')

    // The total is the columns together (each shown rounded to a micro-dollar).
    const columns = await page.getByTestId('check-column-cost').allTextContents()
    const summed = columns.reduce((sum, c) => sum + microsOf(c), 0)
    const total = microsOf((await page.getByTestId('check-cost').textContent()) ?? '')
    expect(total).toBeGreaterThan(40_000)
    expect(Math.abs(total - summed)).toBeLessThanOrEqual(columns.length)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`check-cost-${width}.png`), fullPage: true })

    // Settings' spend this month counts the check.
    await new SettingsPage(page).open()
    const spend = page.getByRole('table', { name: 'Spend this month' })
    await expect(spend.getByRole('row', { name: /Local simulator/ }).first()).toContainText(dollars(total))

    // A gateway that fails every request: nothing billed, and the status line says so.
    const failing = await faultyProfile(page, '500')
    await page.getByRole('tab', { name: 'Gateway check' }).click()
    await page.getByRole('combobox', { name: 'Profile' }).selectOption({ label: failing })
    await runCheck(page, 'gpt-4o-mini', false)
    await expect(page.getByTestId('check-cost')).toHaveText('Cost: nothing billed')
    await expect(page.getByTestId('check-cell-cost')).toHaveCount(0)
    await page.getByRole('button', { name: /^chat · gpt-4o-mini, Answer: failed/ }).click()
    await expect(detail).toContainText('nothing billed (no answer the gateway bills)')
    await page.screenshot({ path: test.info().outputPath(`check-cost-failing-${width}.png`), fullPage: true })
  })
}
