// The Gateway check as a user drives it in Chromium against browser mode and its simulator: bad input named at
// its field, a check run to the end with its matrix shown, a cell opened to its requests in the Inspector, the
// report exported; a profile whose extra header makes the simulator non-conformant shows the deviation in
// exactly the stream cells and the diff against the earlier check names them; Stop keeps finished cells.
import { expect, test } from '../fixtures'
import { faultyProfile } from '../pages/ComparePage'
import type { Page, TestInfo } from '@playwright/test'
import { headerWordsBroken } from '../pages/layoutCheck'

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

async function openCheck(page: Page) {
  await page.getByRole('tab', { name: 'Gateway check' }).click()
  await expect(page.getByRole('form', { name: 'Check settings' })).toBeVisible()
}

const progress = (page: Page) => page.getByTestId('check-progress')

test('a check runs to an all-green matrix, a cell opens its requests in the Inspector, the report exports', async ({
  page,
  app,
}, testInfo) => {
  await page.goto(app.url)
  await openCheck(page)
  await page.getByLabel('At a time').fill('0')
  await page.getByRole('button', { name: 'Run check' }).click()
  await expect(page.locator('.check-concurrency .field-error')).toHaveText(
    'At a time: a whole number from 1 to 8.',
  )
  await expect(page.getByTestId('check-matrix')).toHaveCount(0)

  await page.getByLabel('At a time').fill('4')
  await page.getByLabel('Models').fill('gpt-4o, claude-sonnet-4-6')
  await page.getByRole('button', { name: 'Run check' }).click()
  await expect(progress(page)).toHaveText(/^Finished: (\d+) of \1 probes/, { timeout: 60_000 })
  await expect(page.locator('.check-counts')).toContainText('0 deviating')
  const text = page.getByRole('table', { name: 'text matrix' })
  await expect(text.locator('tbody').getByRole('rowheader')).toHaveText([
    'chat · gpt-4o',
    'responses · gpt-4o',
    'messages · claude-sonnet-4-6',
    'chat · claude-sonnet-4-6',
  ])
  await expect(page.getByRole('table', { name: 'embeddings matrix' })).toBeVisible()
  await expect(page.locator('td.cell-deviating, td.cell-failed')).toHaveCount(0)

  await page.getByRole('button', { name: /^messages · claude-sonnet-4-6, Tool call: supported/ }).click()
  const detail = page.getByRole('complementary', { name: 'Cell detail' })
  await expect(detail.getByTestId('check-verdict')).toContainText('called get_weather')
  await detail.getByRole('button', { name: 'Request 2' }).click()
  const inspector = detail.getByRole('region', { name: 'Cell exchange' })
  await expect(inspector).toContainText('HTTP 200')
  await inspector.getByRole('tab', { name: 'Request' }).click()
  await expect(inspector).toContainText('tool_result')
  await expect(inspector).toContainText('Bearer ***')
  await expect(detail.getByRole('button', { name: 'Save as case' })).toBeVisible()
  await detail.getByRole('button', { name: 'Run this probe again' }).click()
  await expect(detail.getByRole('button', { name: 'Run this probe again' })).toBeEnabled()
  await expect(detail.getByTestId('check-verdict')).toContainText('called get_weather')
  await fits(page, testInfo, 'check-cell')
  // At 1920 px the cell's detail sits beside the matrix and every column of it stays in view, none under the detail.
  await page.setViewportSize({ width: 1920, height: 900 })
  const lastHeader = text.locator('thead th').last()
  const header = await lastHeader.boundingBox()
  const panel = await detail.boundingBox()
  expect(header!.x + header!.width).toBeLessThanOrEqual(panel!.x)
  const scroller = text.locator('xpath=ancestor::div[contains(@class, "matrix-scroll")]')
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  // Column headers wrap between words, never inside one ("Out-of-" / "range").
  for (const width of [1024, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await headerWordsBroken(page), `at ${width} px`).toEqual([])
  }

  await page.getByRole('button', { name: 'Export Markdown' }).click()
  const link = page.getByTestId('check-export-link')
  await expect(link).toHaveText(/gateway-check-.*\.md/)
  const md = await (
    await page.request.get(new URL((await link.getAttribute('href'))!, app.origin).toString())
  ).text()
  expect(md).toContain('| messages · claude-sonnet-4-6 | ok |')
  await page.getByRole('button', { name: 'Export JSON' }).click()
  await expect(link).toHaveText(/gateway-check-.*\.json/)
})

test('a non-conformant profile shows the deviation in the stream cells only, the diff names them', async ({
  page,
  app,
}, testInfo) => {
  await page.goto(app.url)
  await openCheck(page)
  await page.getByLabel('Models').fill('gpt-4o')
  await page.getByRole('button', { name: 'Run check' }).click()
  await expect(progress(page)).toHaveText(/^Finished/, { timeout: 60_000 })

  const faulty = await faultyProfile(page, 'nodone')
  await openCheck(page)
  await page.getByLabel('Profile').selectOption({ label: faulty })
  await page.getByRole('button', { name: 'Run check' }).click()
  await expect(progress(page)).toHaveText(/^Finished/, { timeout: 60_000 })
  await expect(page.locator('td.cell-deviating')).toHaveCount(1)
  await page.getByRole('button', { name: /^chat · gpt-4o, Stream: deviates/ }).click()
  await expect(page.getByRole('list', { name: 'Deviations from the spec' })).toHaveText(
    'stream ended without data: [DONE]',
  )

  await page.getByLabel('Compare with').selectOption({ index: 1 })
  await page.getByRole('button', { name: 'Compare', exact: true }).click()
  const diff = page.getByTestId('check-diff')
  await expect(diff).toContainText('1 cell(s) changed')
  await expect(diff.getByRole('row', { name: /chat · gpt-4o/ })).toContainText(
    '+ stream ended without data: [DONE]',
  )
  await fits(page, testInfo, 'check-diff')
})

test('Stop keeps the finished cells and leaves the rest not run', async ({ page, app }) => {
  await page.goto(app.url)
  // A slow profile, stopped after a few cells: those stay, the rest read "not run".
  const slow = await faultyProfile(page, 'latency:300')
  await openCheck(page)
  await page.getByLabel('Profile').selectOption({ label: slow })
  await page.getByLabel('Models').fill('gpt-4o claude-sonnet-4-6')
  await page.getByLabel('At a time').fill('1')
  await page.getByRole('button', { name: 'Run check' }).click()
  // At least two cells finished (not exactly two: a poll may see the count pass 2 between two reads).
  await expect.poll(() => page.locator('td.cell-supported').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(progress(page)).toHaveText(/^Stopped/, { timeout: 20_000 })
  const kept = await page.locator('td.cell-supported').count()
  expect(kept).toBeGreaterThanOrEqual(2)
  await expect(page.locator('td.cell-stopped, td.cell-pending')).not.toHaveCount(0)
  await expect(page.locator('td.cell-deviating, td.cell-failed')).toHaveCount(0)
})

test('leaving the check with a cell open shows the next panel, and the check again when it is reopened', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  await openCheck(page)
  await page.getByLabel('Models').fill('gpt-4o')
  await page.getByRole('button', { name: 'Run check' }).click()
  await expect(progress(page)).toHaveText(/^Finished/, { timeout: 60_000 })
  await page.getByRole('button', { name: /^chat · gpt-4o, Stream: / }).click()
  await expect(page.getByRole('complementary', { name: 'Cell detail' })).toBeVisible()

  // The cell's panel closes as another opens: before, the whole window went blank ("l is not a function").
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible()
  await page.getByRole('tab', { name: /Text/ }).click()
  await expect(page.getByLabel('Message', { exact: true })).toBeVisible()
  await expect(page.getByTestId('shell-error')).toHaveCount(0)
  await openCheck(page)
  await expect(page.getByRole('table', { name: 'text matrix' })).toBeVisible()
})

test('a model the gateway does not host reads as one verdict for its row; the picker adds models to check', async ({
  page,
  app,
}, testInfo) => {
  await page.goto(app.url)
  await openCheck(page)
  await page.getByLabel('Models').fill('missing-model-x')
  const add = page.getByRole('combobox', { name: 'Add a model to check' })
  await add.fill('gpt-4o-mini')
  await page
    .getByRole('listbox', { name: /models/ })
    .getByRole('option', { name: /gpt-4o-mini/ })
    .first()
    .click()
  await expect(page.getByLabel('Models')).toHaveValue('missing-model-x, gpt-4o-mini')
  await expect(add).toHaveValue('')
  await page.getByRole('button', { name: 'Run check' }).click()
  // The row's cells that were not run leave the count: every probe that applies finished.
  await expect(progress(page)).toHaveText(/^Finished: (\d+) of \1 probes/, { timeout: 60_000 })

  const text = page.getByRole('table', { name: 'text matrix' })
  const row = text.getByRole('row', { name: /^chat · missing-model-x/ })
  await expect(row.getByRole('cell')).toHaveCount(1)
  await expect(row).toContainText('Model not available here')
  await expect(row).toContainText('404')
  // The hosted model's rows are judged as usual.
  await expect(
    text.getByRole('row', { name: /^chat · gpt-4o-mini/ }).locator('td.cell-supported'),
  ).not.toHaveCount(0)
  await row.getByRole('button').click()
  const detail = page.getByRole('complementary', { name: 'Cell detail' })
  await expect(detail.getByTestId('check-verdict')).toContainText('model not available here: 404')
  await fits(page, testInfo, 'check-unavailable')
})
