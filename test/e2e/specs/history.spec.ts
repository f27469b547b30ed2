// The History panel as a user drives it in Chromium against browser mode and its simulator: runs recorded from
// the Text panel, found by a word of the answer, opened whole, rerun in another format, filtered, exported,
// deleted; bad filter input named; the list at 1024 and 1920 px.
import { expect, test } from '../fixtures'
import { HistoryPage } from '../pages/HistoryPage'
import { TextPage } from '../pages/TextPage'

const PROMPTS = ['Tell me about a pelican', 'Describe a glacier slowly', 'Explain a violin bow']

test('runs appear in History, are found by a word of the answer, open whole and rerun in another format', async ({
  page,
  app,
}, testInfo) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'sim-model')
  for (const prompt of PROMPTS) {
    await text.send(prompt)
    await text.waitDone()
  }

  const history = new HistoryPage(page)
  await history.open()
  await expect(history.status).toContainText('3 runs')
  await history.search('glaci')
  await expect(history.status).toContainText('1 run')
  await expect(history.rows).toHaveCount(1)
  await history.openRow(/Describe a glacier slowly/)
  await expect(history.detail.getByTestId('history-answer')).toContainText('glacier')
  await expect(history.detail.getByTestId('history-run-status')).toHaveText('done')
  await expect(history.detail.getByText('Chat completions')).toBeVisible()
  await expect(history.detail.getByRole('tablist', { name: 'Recorded exchange' })).toBeVisible()
  await testInfo.attach('history-open-run', { body: await page.screenshot(), contentType: 'image/png' })

  await history.detail.getByLabel('Format for rerun').selectOption({ label: 'Messages' })
  await history.detail.getByRole('button', { name: 'Rerun in Messages' }).click()
  await expect(page.getByRole('heading', { name: 'Text', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Wire format')).toHaveValue('messages')
  await text.waitDone()
  await expect(text.answer).toContainText('glacier')

  await history.open()
  await history.search('')
  await expect(history.status).toContainText('4 runs')
  await page.getByLabel('Format', { exact: true }).selectOption({ label: 'Messages' })
  await expect(history.status).toContainText('1 run')
  await expect(history.rows.first()).toContainText('Describe a glacier slowly')
  await page.getByLabel('Format', { exact: true }).selectOption({ label: 'Any' })
  await expect(history.status).toContainText('4 runs')

  // Open in Compare: the run's conversation becomes Compare's draft.
  await history.openRow(/Explain a violin bow/)
  await history.detail.getByRole('button', { name: 'Open in Compare' }).click()
  await expect(page.getByRole('heading', { name: 'Compare', level: 1 })).toBeVisible()
})

test('totals are drawn by day and by model, a pinned run is kept and found, a bad cost and retention are named', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'sim-model')
  for (const prompt of PROMPTS.slice(0, 2)) {
    await text.send(prompt)
    await text.waitDone()
  }
  const history = new HistoryPage(page)
  await history.open()
  await expect(history.status).toContainText('2 runs')
  await expect(page.getByTestId('history-sums-total')).toContainText('Runs: 2 in 1 day')
  await expect(page.getByRole('img', { name: /Runs by day: 2 in all/ })).toBeVisible()
  // One day reads as a labelled bar of its own width, not a block across the chart.
  await expect(page.getByTestId('history-sums-keys')).toHaveText(/^\d{4}-\d{2}-\d{2}: 2$/)
  const bar = await page.getByRole('img', { name: /Runs by day/ }).locator('rect').boundingBox()
  const chart = await page.getByRole('img', { name: /Runs by day/ }).boundingBox()
  expect(bar!.width).toBeLessThan(chart!.width / 5)
  await page.getByRole('combobox', { name: 'Sum by' }).selectOption('model')
  await expect(page.getByTestId('history-sums-total')).toContainText('Runs: 2 in 1 model')
  await page.getByRole('combobox', { name: 'Measure' }).selectOption('tokens')
  await expect(page.getByRole('img', { name: /Tokens by model/ })).toBeVisible()

  await history.openRow(/Tell me about a pelican/)
  await history.detail.getByRole('button', { name: 'Pin' }).click()
  await expect(history.detail.getByRole('button', { name: 'Unpin' })).toBeVisible()
  await page.getByRole('checkbox', { name: 'Pinned only' }).check()
  await expect(history.status).toContainText('1 run')
  await expect(history.rows.first()).toContainText('Tell me about a pelican')
  await page.getByRole('checkbox', { name: 'Pinned only' }).uncheck()
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('oldest')
  await expect(history.rows.first()).toContainText('Tell me about a pelican')

  // No error before the user typed; the field and the rule once they did.
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.getByRole('textbox', { name: 'Cost from' }).fill('a lot')
  await expect(page.getByRole('alert')).toContainText('Cost from: must be an amount of 0 or more')
  await expect(history.status).toContainText('2 runs')

  await page.getByRole('tab', { name: /Settings/ }).click()
  const days = page.getByRole('textbox', { name: 'Keep runs for (days)' })
  await expect(days).toHaveValue('0')
  await days.fill('-3')
  await page.getByRole('region', { name: 'History' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('alert')).toContainText('Keep runs for: a whole number of days')
  await days.fill('30')
  await page.getByRole('region', { name: 'History' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()
  await expect(page.getByTestId('settings-history-size')).toContainText('2 runs')
})

test('runs are exported as JSON and deleted one or many; a reversed date range is named', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'sim-model')
  for (const prompt of PROMPTS) {
    await text.send(prompt)
    await text.waitDone()
  }
  const history = new HistoryPage(page)
  await history.open()
  await expect(history.status).toContainText('3 runs')
  await expect(page.getByTestId('history-storage')).toContainText('database')

  await page.getByRole('button', { name: 'Export all shown as JSON' }).click()
  const link = page.getByRole('link', { name: /Download history-.*\.json/ })
  await expect(link).toBeVisible()
  const exported = (await (
    await page.request.get(new URL((await link.getAttribute('href'))!, app.url).href)
  ).json()) as {
    runs: { prompt: string; profile: string }[]
  }
  expect(exported.runs.map((r) => r.prompt).sort()).toEqual([...PROMPTS].sort())
  expect(exported.runs.every((r) => r.profile === 'Local simulator')).toBe(true)

  await page.getByRole('checkbox', { name: /Select run: Tell me about a pelican/ }).check()
  await page.getByRole('checkbox', { name: /Select run: Explain a violin bow/ }).check()
  await expect(history.status).toContainText('2 selected')
  await page.getByRole('button', { name: 'Delete selected' }).click()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(history.status).toContainText('1 run')
  await expect(history.rows).toHaveCount(1)
  await expect(history.rows.first()).toContainText('Describe a glacier slowly')

  await page.getByLabel('From', { exact: true }).fill('2026-03-10')
  await page.getByLabel('To', { exact: true }).fill('2026-03-01')
  await expect(page.getByRole('alert')).toContainText('To: must be on or after From')
  await page.getByLabel('To', { exact: true }).fill('')
  await page.getByLabel('From', { exact: true }).fill('')

  await history.openRow(/Describe a glacier slowly/)
  await history.detail.getByRole('button', { name: 'Delete' }).click()
  // Deleting is for good: the app asks first.
  await page.getByRole('dialog', { name: 'Delete this run?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No runs yet.')).toBeVisible()
})

for (const width of [1024, 1920]) {
  test(`the History panel with a failing run fits ${width} px`, async ({ page, app }, testInfo) => {
    await page.setViewportSize({ width, height: 800 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    await text.choose('Chat completions', 'missing-model')
    await text.send('This one fails on purpose')
    await expect(page.getByTestId('run-error')).toBeVisible({ timeout: 20_000 })
    const history = new HistoryPage(page)
    await history.open()
    await history.openRow(/This one fails on purpose/)
    await expect(history.detail.getByTestId('history-run-status')).toHaveText('error')
    await expect(history.detail.getByRole('alert')).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    if (process.env.HISTORY_SHOTS)
      await page.screenshot({ path: `${process.env.HISTORY_SHOTS}/history-${width}.png`, fullPage: true })
    await testInfo.attach(`history-${width}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
  })
}
