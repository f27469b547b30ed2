// Cost in the Cases matrix, as a new user meets it, in Chromium at 1024 and 1920 px: a Text answer from
// gpt-4o-mini (the simulator's demo price, $0.15 in / $0.60 out per 1M) saved as a case and run against all four
// formats. Each cell shows its run's cost, each target column its sum and the matrix its total; the chat cell
// runs the very draft the Text answer ran, so its cost is that answer's usage × price, checked by hand here.
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { CasesPage } from '../pages/CasesPage'
import { TextPage } from '../pages/TextPage'

const PRICE = { input: 0.15, output: 0.6 }
const dollars = (micros: number) =>
  `$${(micros / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`
const microsOf = (text: string) => Math.round(Number(/\$([\d.]+)/.exec(text)?.[1]) * 1e6)

async function allText(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).allTextContents()
}

for (const width of [1024, 1920]) {
  test(`the Cases matrix shows each cell's cost, each target's and the total at ${width} px`, async ({
    page,
    app,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    await text.choose('Chat completions', 'gpt-4o-mini')
    await text.send('Name three colours and say why you like them.')
    await text.waitDone()
    const footer = (await page.getByTestId('run-footer').textContent()) ?? ''
    const input = Number(/\bin (\d+)/.exec(footer)?.[1])
    const output = Number(/\bout (\d+)/.exec(footer)?.[1])
    const byHand = Math.round(input * PRICE.input + output * PRICE.output)
    expect(byHand).toBeGreaterThan(0)
    await expect(page.getByTestId('run-footer')).toContainText(`cost ${dollars(byHand)}`)

    const cases = new CasesPage(page)
    const suite = await cases.saveAnswerToNewSuite('colours', 'Costs')
    await suite.getByRole('button', { name: 'All four formats' }).click()
    await suite.getByRole('button', { name: 'Run suite' }).click()
    await expect(cases.summary).toHaveText('Done: 4 passed, 0 failed', { timeout: 30_000 })

    // Each cell's cost; the chat cell's is the Text answer's, by hand.
    await expect(page.getByTestId('matrix-cell-cost')).toHaveCount(4)
    const cells = await allText(page, 'matrix-cell-cost')
    expect(cells[0]).toBe(dollars(byHand))
    await expect(cases.cells.first()).toHaveAccessibleName(
      `Name three colours and say why you like them. on target 1 (Chat completions): pass, cost ${dollars(byHand)}`,
    )
    // One case: each target column's sum is its one cell; the total is the four together.
    expect(await allText(page, 'matrix-column-cost')).toEqual(cells)
    const total = cells.reduce((sum, c) => sum + microsOf(c), 0)
    await expect(page.getByTestId('matrix-cost')).toHaveText(`Cost: ${dollars(total)}`)
    // The cell's detail says it too.
    await cases.cells.first().click()
    await expect(cases.cellDetail).toContainText(`Cost ${dollars(byHand)}.`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`cases-cost-${width}.png`), fullPage: true })
  })
}
