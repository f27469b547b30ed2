// Settings → Prices in Chromium, at 1024 and 1920 px: the simulator's demo prices marked "demo", a price file in
// LiteLLM's shape (written by hand) with bad rows imported (the bad rows named by line, field and rule on screen,
// the rest in the table), a row added in the table with its field errors shown only after Save, a row deleted and
// put back, the table exported as CSV, and the monthly budget with this month's spend.
import { readFile } from 'node:fs/promises'
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'

// LiteLLM's model_prices_and_context_window.json shape: per-token USD costs and context-window fields, a
// documentation entry, and two bad entries among good ones (lines 13 and 18 hold their bad fields).
const LITELLM = `{
  "sample_spec": { "input_cost_per_token": 0.0, "mode": "one of: chat, embedding" },
  "acme/lumen-large": {
    "max_input_tokens": 128000,
    "max_output_tokens": 16384,
    "input_cost_per_token": 2.5e-06,
    "output_cost_per_token": 1e-05,
    "cache_read_input_token_cost": 1.25e-06,
    "mode": "chat"
  },
  "lumen-negative": {
    "input_cost_per_token": 1e-06,
    "output_cost_per_token": -2e-06,
    "mode": "chat"
  },
  "lumen-words": {
    "input_cost_per_token": "cheap",
    "mode": "chat"
  },
  "lumen-embed": { "input_cost_per_token": 2e-08, "mode": "embedding" }
}
`

for (const width of [1024, 1920]) {
  test(`the price table imports a LiteLLM file naming its bad rows and is edited in place at ${width} px`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(app.url)
    await new SettingsPage(page).open()
    const prices = page.getByRole('region', { name: 'Prices for Local simulator' })
    const table = prices.getByRole('table', { name: 'Prices for Local simulator' })
    // The simulator's made-up prices say so.
    const sonnet = table.getByRole('row', { name: /claude-sonnet-4-6/ })
    await expect(sonnet).toContainText('$3.00')
    await expect(sonnet).toContainText('$15.00')
    await expect(sonnet.getByText('demo', { exact: true })).toBeVisible()
    await expect(prices).toContainText('Rows marked demo are made-up prices for the built-in simulator.')

    // Import: the good rows land, the bad ones are named by line, field and rule.
    await prices.getByLabel('Price file').setInputFiles({
      name: 'model_prices_and_context_window.json',
      mimeType: 'application/json',
      buffer: Buffer.from(LITELLM),
    })
    const report = prices.getByTestId('price-import-report')
    await expect(report).toContainText(
      "Imported 2 prices from model_prices_and_context_window.json (LiteLLM's model_prices_and_context_window.json); 2 rows left out:",
    )
    const problems = report.getByRole('table', { name: 'Rows left out' })
    await expect(problems.getByRole('row')).toHaveCount(3)
    await expect(problems.getByRole('row', { name: /lumen-negative/ })).toContainText(
      /13\s*lumen-negative\s*output_cost_per_token\s*a number not below 0/,
    )
    await expect(problems.getByRole('row', { name: /lumen-words/ })).toContainText(
      /17\s*lumen-words\s*input_cost_per_token/,
    )
    await prices.getByLabel('Search prices').fill('lumen')
    await expect(table.getByRole('row')).toHaveCount(3)
    const large = table.getByRole('row', { name: /acme\/lumen-large/ })
    await expect(large).toContainText('$2.50')
    await expect(large).toContainText('$10.00')
    await expect(large).toContainText('$1.25')
    await expect(large.getByText('imported', { exact: true })).toBeVisible()
    await expect(table.getByRole('row', { name: /lumen-embed/ })).toContainText('$0.02')

    // A new row: nothing is flagged before Save; after it each bad field says its rule, and nothing typed is lost.
    await prices.getByRole('button', { name: 'Add a price' }).click()
    const row = table.getByRole('row', { name: 'New price' })
    await expect(row.locator('[aria-invalid="true"]')).toHaveCount(0)
    await row.getByLabel('Model (new price)').fill('lumen small')
    await row.getByLabel('Input (new price)').fill('abc')
    await row.getByLabel('Output (new price)').fill('-1')
    await expect(prices.getByRole('alert')).toHaveCount(0)
    await row.getByRole('button', { name: 'Save price' }).click()
    await expect(row.getByText('Model: a model id has no spaces')).toBeVisible()
    await expect(row.getByText('Input: a number, such as 2.50')).toBeVisible()
    await expect(row.getByText('Output: not below 0')).toBeVisible()
    await expect(prices.getByRole('alert')).toContainText('Not saved: 3 fields to fix')
    await expect(row.getByLabel('Input (new price)')).toHaveValue('abc')
    await page.screenshot({ path: test.info().outputPath(`prices-errors-${width}.png`) })
    await row.getByLabel('Model (new price)').fill('lumen-small')
    await row.getByLabel('Input (new price)').fill('0.4')
    await row.getByLabel('Output (new price)').fill('1.6')
    await row.getByLabel('Output (new price)').press('Enter')
    const small = table.getByRole('row', { name: /lumen-small/ })
    await expect(small).toContainText('$0.40')
    await expect(small).toContainText('$1.60')
    await expect(small.getByText('yours', { exact: true })).toBeVisible()
    await expect(prices.getByRole('alert')).toHaveCount(0)

    // Edit in place, then delete and put back.
    await prices.getByRole('button', { name: 'Edit lumen-small' }).click()
    await table.getByLabel('Input (lumen-small)').fill('0.45')
    await table.getByRole('button', { name: 'Save price' }).click()
    await expect(small).toContainText('$0.45')
    await prices.getByRole('button', { name: 'Delete lumen-small' }).click()
    await expect(small).toHaveCount(0)
    await prices.getByRole('button', { name: 'Undo' }).click()
    await expect(table.getByRole('row', { name: /lumen-small/ })).toContainText('$0.45')
    await page.screenshot({ path: test.info().outputPath(`prices-table-${width}.png`) })

    // Export as CSV: the documented header and the rows as the table shows them.
    const download = page.waitForEvent('download')
    await prices.getByRole('button', { name: 'CSV' }).click()
    const csv = await readFile((await (await download).path())!, 'utf8')
    expect(csv.split('\n')[0]).toMatch(/^model,currency,input_per_1m,output_per_1m,/)
    expect(csv).toMatch(/\nlumen-small,USD,0\.45,1\.6,/)

    // The budget: a bad amount is named after Save; a good one shows against this month's spend.
    const budget = prices.getByRole('textbox', { name: 'Monthly budget' })
    await budget.fill('ten')
    await prices.getByRole('button', { name: 'Save budget' }).click()
    await expect(prices.getByRole('alert')).toHaveText('Monthly budget: a number')
    await budget.fill('25')
    await prices.getByRole('button', { name: 'Save budget' }).click()
    await expect(prices.getByTestId('profile-spend')).toContainText(
      '$0.00 of the $25.00 monthly budget (0 %)',
    )
  })
}

test('the month’s spend table shows a budget as soon as it is saved, and each change after', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  await new SettingsPage(page).open()
  const prices = page.getByRole('region', { name: 'Prices for Local simulator' })
  const row = page
    .getByRole('table', { name: 'Spend this month' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Local simulator', exact: true }) })
  await expect(row).toContainText('—')
  for (const amount of ['5', '7.5']) {
    await prices.getByRole('textbox', { name: 'Monthly budget' }).fill(amount)
    await prices.getByRole('button', { name: 'Save budget' }).click()
    await expect(prices.getByTestId('profile-spend')).toContainText('monthly budget')
    await expect(row).toContainText(amount === '5' ? '$5.00' : '$7.50', { timeout: 2_000 })
  }
})

test('at 1920 px the whole price table is in view: no column under the sticky actions', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto(app.url)
  await new SettingsPage(page).open()
  const wrap = page.getByRole('region', { name: 'Price table for Local simulator' })
  await expect(wrap.getByRole('columnheader', { name: 'Source' })).toBeVisible()
  const fits = await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)
  expect(fits).toBe(true)
  const source = (await wrap.getByRole('columnheader', { name: 'Source' }).boundingBox())!
  const actions = (await wrap.getByRole('columnheader', { name: 'Actions' }).boundingBox())!
  expect(source.x + source.width).toBeLessThanOrEqual(actions.x + 0.5)
})
