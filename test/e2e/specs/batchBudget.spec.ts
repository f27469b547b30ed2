// The cost estimate and the monthly budget before a Cases matrix and before a Gateway check, as a new user meets
// them in Chromium at 1024 and 1920 px against browser mode's simulator and its demo prices. The estimate is
// checked by hand (the local token count the Text panel showed × price, the answer at its max tokens;
// the console image task at $0.04); a model with no price is named; with no budget, under it and with nothing
// priced nothing is asked (and the line says which); past it, Run asks first and Cancel sends nothing.
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { CasesPage } from '../pages/CasesPage'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'

const dollars = (micros: number) =>
  `$${(micros / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`
const microsOf = (text: string) => Math.round(Number(/≈ \$([\d.]+)/.exec(text)?.[1] ?? NaN) * 1e6)

async function setBudget(page: Page, amount: string): Promise<void> {
  await new SettingsPage(page).open()
  const prices = page.getByRole('region', { name: 'Prices for Local simulator' })
  await prices.getByRole('textbox', { name: 'Monthly budget' }).fill(amount)
  await prices.getByRole('button', { name: 'Save budget' }).click()
  await expect(prices.getByTestId('profile-spend')).toContainText('monthly budget')
}

for (const width of [1024, 1920]) {
  test(`a Cases matrix shows its estimate and asks before passing the monthly budget at ${width} px`, async ({
    page,
    app,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    await text.choose('Chat completions', 'gpt-4o-mini')
    await page.getByLabel('Max tokens', { exact: true }).fill('200')
    await page.getByLabel('Message', { exact: true }).fill('Name three colours and say why you like them.')
    // The local count of what the case will send: the same tokenizer the estimate uses.
    await expect(page.getByTestId('context-meter')).toContainText('tokens')
    const input = Number(
      /≈ ([\d,]+)/
        .exec((await page.getByTestId('context-meter').textContent()) ?? '')?.[1]
        ?.replace(/,/g, ''),
    )
    expect(input).toBeGreaterThan(0)
    await page.getByLabel('Message', { exact: true }).press('Control+Enter')
    await text.waitDone()
    // What the answer cost is this month's spend so far.
    const spent = Math.round(
      Number(/cost \$([\d.]+)/.exec((await page.getByTestId('run-footer').textContent()) ?? '')?.[1]) * 1e6,
    )
    expect(spent).toBeGreaterThan(0)
    const cases = new CasesPage(page)
    const suite = await cases.saveAnswerToNewSuite('colours', 'Budget')
    await suite.getByRole('button', { name: 'All four formats' }).click()
    await page.getByRole('combobox', { name: 'Target 2 model' }).fill('my-model')

    // Three priced targets of gpt-4o-mini ($0.15 in / $0.60 out per 1M), the answer at its max tokens (200), each
    // target's figure rounded once to a micro-dollar.
    const byHand = 3 * Math.round(input * 0.15 + 200 * 0.6)
    const estimate = suite.getByTestId('cost-estimate')
    await expect(estimate).toContainText(`Cost estimate: ≈ ${dollars(byHand)}`)
    await expect(estimate).toContainText('No price for my-model: not counted')
    await expect(estimate).toContainText(
      'No monthly budget for Local simulator (Settings → Prices): nothing is asked before it starts.',
    )

    // A budget the run would pass: Run asks first, and Cancel sends nothing.
    await setBudget(page, '0.0003')
    await cases.open()
    await expect(estimate).toContainText(`this run would pass it by ${dollars(spent + byHand - 300)}`)
    await expect(estimate).toContainText('Past the budget: you are asked before it starts.')
    await suite.getByRole('button', { name: 'Run suite' }).click()
    const dialog = page.getByRole('dialog', { name: 'Over the monthly budget' })
    await expect(dialog).toContainText(`This suite run is estimated at ≈ ${dollars(byHand)}.`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`cases-budget-dialog-${width}.png`) })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(cases.summary).toHaveCount(0)

    // Under the budget: nothing is asked, and the matrix runs.
    await setBudget(page, '5')
    await cases.open()
    await expect(estimate).toContainText('Under the budget: nothing is asked before it starts.')
    await suite.getByRole('button', { name: 'Run suite' }).click()
    await expect(cases.summary).toHaveText(/^Done: /, { timeout: 30_000 })
    await expect(dialog).toHaveCount(0)
    // The target with no price ran: its cell and column say "no price", apart from a failed run.
    await expect(page.getByTestId('matrix-cell-cost')).toHaveCount(4)
    await expect(page.getByTestId('matrix-cell-cost').nth(1)).toHaveText('no price')
    await expect(page.getByTestId('matrix-column-cost').nth(1)).toHaveText('unknown (1 without a price)')
    await expect(page.getByTestId('matrix-cost')).toContainText('(+ 1 without a price)')
    await page.screenshot({ path: test.info().outputPath(`cases-budget-run-${width}.png`), fullPage: true })

    // Nothing priced: the line says so, and nothing is asked.
    for (const n of [4, 3, 2]) await page.getByRole('button', { name: `Remove target ${n}` }).click()
    await page.getByRole('combobox', { name: 'Target 1 model' }).fill('my-model')
    await expect(estimate).toContainText('Cost estimate: nothing here has a price.')
    await expect(estimate).toContainText('Nothing priced: nothing is asked before it starts.')
  })

  test(`a Gateway check with paid probes shows its estimate and asks before passing the budget at ${width} px`, async ({
    page,
    app,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(app.url)
    await setBudget(page, '0.01')
    await page.getByRole('tab', { name: 'Gateway check' }).click()
    await page.getByLabel('Models').fill('gpt-4o-mini my-model')
    const estimate = page.getByTestId('cost-estimate')
    await expect(estimate).toContainText('Under the budget: nothing is asked before it starts.')
    const free = microsOf((await estimate.textContent()) ?? '')
    expect(free).toBeGreaterThan(0)

    // The console image task adds one image at $0.04, which passes the $0.01 budget.
    await page.getByLabel('One console image task').check()
    await expect(estimate).toContainText(`Cost estimate: ≈ ${dollars(free + 40_000)}`)
    await expect(estimate).toContainText('Past the budget: you are asked before it starts.')
    // A model with no price is named, and left out of the figure.
    await expect(estimate).toContainText('No price for my-model: not counted')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({
      path: test.info().outputPath(`check-budget-estimate-${width}.png`),
      fullPage: true,
    })

    await page.getByRole('button', { name: 'Run check' }).click()
    const dialog = page.getByRole('dialog', { name: 'Over the monthly budget' })
    await expect(dialog).toContainText(`This check is estimated at ≈ ${dollars(free + 40_000)}.`)
    await page.screenshot({ path: test.info().outputPath(`check-budget-dialog-${width}.png`) })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('check-progress')).toHaveCount(0)

    // Without the paid probe it stays under the budget: it runs without asking.
    await page.getByLabel('One console image task').uncheck()
    await expect(estimate).toContainText('Under the budget: nothing is asked before it starts.')
    await page.getByRole('button', { name: 'Run check' }).click()
    await expect(page.getByTestId('check-progress')).toHaveText(/^Finished: (\d+) of \1 probes/, {
      timeout: 60_000,
    })
    await expect(dialog).toHaveCount(0)
  })
}
