// Cost in Compare, as a new user meets it, in Chromium at 1024 and 1920 px: one model (the simulator's demo price
// for gpt-4o-mini, $0.15 in / $0.60 out per 1M) through the four formats, the native column through a profile
// whose gateway reports no usage (the same price set on it). Each column's cost is its reported usage × the price
// (checked by hand here); the column without usage shows an estimate from the local tokenizer, marked as such;
// the usage reconciliation sets the same model's cost through each format beside the cheapest, in percent; the
// exported report carries the same figures.
import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { ComparePage, faultyProfile } from '../pages/ComparePage'

const PRICE = { input: 0.15, output: 0.6 }
const LABELS = ['Chat completions', 'Responses', 'Messages', 'Native (generateContent)']

/** Micro-units to dollars as the app writes them: at least 2 and at most 6 decimals. */
const dollars = (micros: number) =>
  `$${(micros / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`

function metric(column: Locator, name: string): Locator {
  return column
    .getByTestId('column-metrics')
    .locator('div')
    .filter({ has: column.page().locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd')
}

async function priceOnCopy(page: Page, profile: string): Promise<void> {
  const prices = page.getByRole('region', { name: `Prices for ${profile}` })
  await prices.getByRole('button', { name: 'Add a price' }).click()
  const row = prices.getByRole('row', { name: 'New price' })
  await row.getByLabel('Model (new price)').fill('gpt-4o-mini')
  await row.getByLabel('Input (new price)').fill(String(PRICE.input))
  await row.getByLabel('Output (new price)').fill(String(PRICE.output))
  await row.getByRole('button', { name: 'Save price' }).click()
  await expect(prices.getByRole('row', { name: /gpt-4o-mini/ })).toContainText('yours')
}

for (const width of [1024, 1920]) {
  test(`Compare prices each column from its usage, estimates one without, and sets formats side by side at ${width} px`, async ({
    page,
    app,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(app.url)
    const silent = await faultyProfile(page, 'nousage')
    await page.getByRole('navigation', { name: 'Profiles' }).getByRole('button', { name: silent }).click()
    await priceOnCopy(page, silent)

    const compare = new ComparePage(page)
    await compare.open()
    await compare.usePreset('gpt-4o-mini')
    await expect(compare.columns).toHaveCount(4)
    await page.getByLabel('Prompt', { exact: true }).fill('Name three colours and say why you like them.')
    await compare.column(4).getByLabel('Column 4 profile').selectOption({ label: silent })
    await page.getByRole('button', { name: 'Run all' }).click()
    for (let n = 1; n <= 4; n++)
      await expect(compare.column(n).getByTestId('column-metrics')).toHaveAttribute('data-status', 'done', {
        timeout: 30_000,
      })

    // Columns 1–3 reported usage: tokens × price per 1M is millionths of a dollar.
    const micros: number[] = []
    for (let n = 1; n <= 3; n++) {
      const input = Number(await metric(compare.column(n), 'Input').textContent())
      const output = Number(await metric(compare.column(n), 'Output').textContent())
      expect(input).toBeGreaterThan(0)
      expect(output).toBeGreaterThan(0)
      const cost = Math.round(input * PRICE.input + output * PRICE.output)
      micros.push(cost)
      await expect(metric(compare.column(n), 'Cost')).toHaveText(dollars(cost))
    }
    // Column 4's gateway reported nothing: no token counts, and a cost marked as the local tokenizer's estimate.
    await expect(metric(compare.column(4), 'Input')).toHaveText('—')
    await expect(metric(compare.column(4), 'Cost')).toHaveText(/^≈ \$0\.\d+ \(estimate\)$/)
    const estimated = Math.round(
      Number(/\$([\d.]+)/.exec((await metric(compare.column(4), 'Cost').textContent()) ?? '')?.[1]) * 1e6,
    )
    expect(estimated).toBeGreaterThan(0)
    micros.push(estimated)
    await page.screenshot({ path: test.info().outputPath(`compare-cost-columns-${width}.png`) })

    // The usage reconciliation: each column's cost, and the reported ones beside the cheapest, by hand; the
    // estimated column is named, not compared.
    await compare.showDifferences('Usage')
    const reported = micros.slice(0, 3)
    const cheapest = Math.min(...reported)
    const percent = reported.map((m) => Math.round(((m - cheapest) / cheapest) * 100))
    const rows = page.getByTestId('usage-row')
    await expect(rows).toHaveCount(4)
    for (let i = 0; i < 3; i++) {
      await expect(rows.nth(i).getByTestId('usage-cost')).toHaveText(dollars(micros[i]!))
      await expect(rows.nth(i)).toContainText(percent[i] === 0 ? 'cheapest' : `+${percent[i]} %`)
    }
    await expect(rows.nth(3).getByTestId('usage-cost')).toHaveText(`≈ ${dollars(estimated)} (estimate)`)
    await expect(rows.nth(3)).toContainText('estimate, not compared')
    const sentence = page.getByTestId('same-model-cost')
    if (percent.every((p) => p === 0))
      await expect(sentence).toContainText(
        `The same prompt on gpt-4o-mini cost the same (${dollars(cheapest)}) through Chat completions, Responses and Messages.`,
      )
    else
      for (let i = 0; i < 3; i++)
        if (percent[i]! > 0) await expect(sentence).toContainText(`${percent[i]} % more through ${LABELS[i]}`)
    await expect(sentence).toContainText(
      'Native (generateContent): not compared, its cost is an estimate (no usage reported).',
    )
    await page.getByTestId('same-model-cost').scrollIntoViewIfNeeded()
    await page.screenshot({ path: test.info().outputPath(`compare-cost-usage-${width}.png`), fullPage: true })
    // Nothing in the usage view runs wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

    // The export carries every column's cost and the same comparison.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export JSON' }).click()
    const report = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as {
      columns: { metrics: { cost: { micros: number; estimate: boolean; currency: string } } }[]
      reconciliation: {
        sameModel: {
          model: string
          others: { percentMore: number }[]
          estimated: { label: string; format: string }[]
        }[]
      }
    }
    expect(report.columns.map((c) => c.metrics.cost.micros)).toEqual(micros)
    expect(report.columns.map((c) => c.metrics.cost.estimate)).toEqual([false, false, false, true])
    expect(report.reconciliation.sameModel[0]!.model).toBe('gpt-4o-mini')
    expect(report.reconciliation.sameModel[0]!.others.map((o) => o.percentMore).sort()).toEqual(
      percent.filter((_, i) => i !== percent.indexOf(0)).sort(),
    )
    expect(report.reconciliation.sameModel[0]!.estimated).toEqual([
      { label: expect.stringContaining('Native') as unknown as string, format: 'native' },
    ])
  })
}
