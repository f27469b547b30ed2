// Cost in History, as a new user meets it, in Chromium at 1024 and 1920 px: two prices set in Settings' table, one
// answer in each of the four wire formats in Text, then History: each run's cost is its reported usage × its
// price (checked by hand here), the sums by model add them up, and the exported file carries the same figures.
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'
import { HistoryPage } from '../pages/HistoryPage'

const PRICES = {
  'lumen-a': { input: 2, output: 8 },
  'lumen-b': { input: 0.5, output: 1.5 },
} as const
type Model = keyof typeof PRICES

const RUNS: {
  label: 'Chat completions' | 'Responses' | 'Messages' | 'Native (generateContent)'
  format: string
  model: Model
}[] = [
  { label: 'Chat completions', format: 'chat', model: 'lumen-a' },
  { label: 'Responses', format: 'responses', model: 'lumen-a' },
  { label: 'Messages', format: 'messages', model: 'lumen-b' },
  { label: 'Native (generateContent)', format: 'native', model: 'lumen-b' },
]

/** Micro-units to dollars as the app writes them: at least 2 and at most 6 decimals. */
const dollars = (micros: number) =>
  `$${(micros / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`

async function setPrice(page: Page, model: Model): Promise<void> {
  const prices = page.getByRole('region', { name: 'Prices for Local simulator' })
  await prices.getByRole('button', { name: 'Add a price' }).click()
  const row = prices.getByRole('row', { name: 'New price' })
  await row.getByLabel('Model (new price)').fill(model)
  await row.getByLabel('Input (new price)').fill(String(PRICES[model].input))
  await row.getByLabel('Output (new price)').fill(String(PRICES[model].output))
  await row.getByRole('button', { name: 'Save price' }).click()
  await expect(prices.getByRole('row', { name: new RegExp(model) })).toContainText('yours')
}

for (const width of [1024, 1920]) {
  test(`History shows each run's cost as usage × price, sums it by model and exports it at ${width} px`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(app.url)
    const settings = new SettingsPage(page)
    await settings.open()
    for (const model of Object.keys(PRICES) as Model[]) await setPrice(page, model)

    const text = new TextPage(page)
    await text.open()
    const byHand: { label: string; format: string; model: Model; micros: number }[] = []
    for (const run of RUNS) {
      await text.choose(run.label, run.model)
      await text.send(`Describe a ${run.format} lighthouse in two sentences.`)
      await text.waitDone()
      const footer = (await page.getByTestId('run-footer').textContent()) ?? ''
      const input = Number(/\bin (\d+)/.exec(footer)?.[1])
      const output = Number(/\bout (\d+)/.exec(footer)?.[1])
      expect(input).toBeGreaterThan(0)
      expect(output).toBeGreaterThan(0)
      // Per 1M tokens, so tokens × price is millionths of a dollar.
      const micros = Math.round(input * PRICES[run.model].input + output * PRICES[run.model].output)
      await expect(page.getByTestId('run-footer')).toContainText(`cost ${dollars(micros)}`)
      byHand.push({ label: run.label, format: run.format, model: run.model, micros })
    }
    const all = byHand.reduce((sum, r) => sum + r.micros, 0)
    await expect(page.getByTestId('conversation-cost')).toHaveText(
      `This conversation: ${dollars(all)} for 4 answers`,
    )

    const history = new HistoryPage(page)
    await history.open()
    await expect(history.rows).toHaveCount(4)
    for (const r of byHand)
      await expect(history.rows.filter({ hasText: `${r.label}${r.model}` })).toContainText(dollars(r.micros))

    // Sorted by cost, highest first: the rows come in the order of their costs.
    await page.getByLabel('Sort').selectOption({ label: 'Cost, highest first' })
    const sorted = [...byHand].sort((a, b) => b.micros - a.micros)
    await expect(history.rows.first()).toContainText(dollars(sorted[0]!.micros))
    await expect(history.rows.last()).toContainText(dollars(sorted[3]!.micros))

    // Sums by model: each model's two runs, and all four.
    await page.getByLabel('Sum by').selectOption({ label: 'Model' })
    await page.getByLabel('Measure').selectOption({ label: 'Cost' })
    await expect(page.getByTestId('history-sums-total')).toContainText(`Cost: ${dollars(all)} in 2 models`)
    for (const model of Object.keys(PRICES) as Model[]) {
      const sum = byHand.filter((r) => r.model === model).reduce((s, r) => s + r.micros, 0)
      await expect(page.locator('.history-chart title').filter({ hasText: model })).toHaveText(
        `${model}: ${dollars(sum)}`,
      )
    }
    await page.screenshot({ path: test.info().outputPath(`history-cost-${width}.png`) })

    // The export carries each run's cost in millionths of its currency.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export all shown as JSON' }).click()
    await page.getByRole('link', { name: /^Download history-/ }).click()
    const file = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
      runs: { format: string; model: string; cost: { micros: number; currency: string; estimate: boolean } }[]
    }
    expect(
      file.runs
        .map((r) => ({ format: r.format, model: r.model, micros: r.cost.micros }))
        .sort((a, b) => a.format.localeCompare(b.format)),
    ).toEqual(
      byHand
        .map(({ format, model, micros }) => ({ format, model, micros }))
        .sort((a, b) => a.format.localeCompare(b.format)),
    )
    expect(file.runs.every((r) => r.cost.currency === 'USD' && r.cost.estimate === false)).toBe(true)
  })
}
