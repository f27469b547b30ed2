// Eval runs kept between sessions, in Chromium against browser mode and its simulator, at 1024 and 1920 px:
// the cost estimate shows before Run; a slow eval going when the app stops is listed after the restart as
// incomplete and shown again by itself (the last run shown), with the cells graded before the stop and the state in words, and Resume runs only the rest
// to Done; a finished run is listed as done; a second run of the same dataset compared with it names every
// regression; the run exports as an HTML report.
import { expect, test } from '../fixtures'
import { faultyProfile } from '../pages/ComparePage'
import { fitsAtBothWidths } from '../pages/layoutCheck'
import type { Page } from '@playwright/test'

async function openEvals(page: Page) {
  await page.getByRole('tab', { name: 'Evals' }).click()
  await expect(page.getByRole('heading', { name: 'Evals', level: 1 })).toBeVisible()
}

test('an eval cut off by reloading its window reads as incomplete in the reloaded window, with Resume', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000)
  await page.goto(app.url)
  const slow = await faultyProfile(page, 'latency:2500')
  await openEvals(page)
  const rows = Array.from({ length: 6 }, (_, i) => `Land${i},City${i}`).join('\n')
  await page.getByLabel('Import dataset file').setInputFiles({
    name: 'lands.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`country,expected\n${rows}\n`),
  })
  await page.getByLabel('User message').fill('sim:tokens=50 Tell me about {{country}}')
  await page.getByLabel('Variant 1 model').fill('sim-model')
  await page.getByLabel('Variant 1 profile').selectOption({ label: slow })
  await page.getByLabel('Variant 1 max tokens').fill('100')
  await page.getByLabel('At most at once').fill('1')
  await expect(page.getByTestId('cost-estimate')).toContainText('Cost estimate:')
  await page.getByRole('button', { name: 'Run eval' }).click()
  await expect(page.getByTestId('eval-summary')).toHaveText(/^Running: [1-4] of 6 cells$/, {
    timeout: 30_000,
  })

  await page.reload()
  await openEvals(page)
  const kept = page.getByRole('table', { name: 'Kept runs' })
  // The window that ran it is gone, so its end reaches no window: the list still comes to read it as cut off.
  await expect(kept.getByTestId('kept-run')).toContainText('Incomplete', { timeout: 20_000 })
  // At 1024 px the state reads whole, on one line (it was cut to "Incomplet / e").
  await page.setViewportSize({ width: 1024, height: 800 })
  const state = kept.getByTestId('kept-run').getByRole('cell').nth(3)
  const lines = await state.evaluate((cell) => {
    const range = document.createRange()
    range.selectNodeContents(cell.firstChild!)
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
  })
  expect(lines).toBe(1)
  // The reloaded window shows the run it had (kept by reference; its Open button then reads "Shown", disabled),
  // or, while that has not come back, it opens from the list: either may win, so each try looks again.
  const open = kept.getByRole('button', { name: /Open the run of .* on lands\.csv/ })
  const summary = page.getByTestId('eval-summary')
  await expect(async () => {
    const shown = (await summary.count()) > 0 && /^Incomplete/.test((await summary.textContent()) ?? '')
    if (!shown && (await open.isEnabled()))
      await open.click({ timeout: 1_000 })
    await expect(summary).toHaveText(/^Incomplete/, { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  await expect(page.getByRole('button', { name: /^Resume \(\d cells? left\)/ })).toBeVisible()
})

test('an eval cut off by the app stopping is kept as incomplete and resumes with only the rest', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(150_000)
  await page.goto(app.url)
  const slow = await faultyProfile(page, 'latency:2500')
  await openEvals(page)
  const rows = Array.from({ length: 6 }, (_, i) => `Land${i},City${i}`).join('\n')
  await page.getByLabel('Import dataset file').setInputFiles({
    name: 'lands.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`country,expected\n${rows}\n`),
  })
  await expect(page.getByTestId('dataset-summary')).toContainText('lands.csv: 6 rows')
  await page.getByLabel('User message').fill('sim:tokens=50 Tell me about {{country}}')
  await page.getByLabel('Variant 1 model').fill('sim-model')
  await page.getByLabel('Variant 1 profile').selectOption({ label: slow })
  await page.getByLabel('Variant 1 max tokens').fill('100')
  await page.getByLabel('At most at once').fill('1')
  await expect(page.getByTestId('cost-estimate')).toContainText('Cost estimate:')
  await expect(page.getByTestId('cost-estimate')).toContainText('the values the rows fill into the prompt')
  await page.getByRole('button', { name: 'Run eval' }).click()
  await expect(page.getByTestId('eval-summary')).toHaveText(/^Running: [1-4] of 6 cells$/, {
    timeout: 30_000,
  })

  await app.restart()
  await page.goto(app.url)
  await openEvals(page)
  const kept = page.getByRole('table', { name: 'Kept runs' })
  await expect(kept.getByTestId('kept-run')).toHaveCount(1)
  await expect(kept.getByTestId('kept-run')).toContainText('Incomplete')
  await expect(kept.getByTestId('kept-run')).toContainText('lands.csv')
  await fitsAtBothWidths(page, testInfo, 'evals-kept-incomplete')
  // The run last shown comes back on screen by itself after the restart: it is the one shown.
  await expect(kept.getByRole('button', { name: /Open the run of .* on lands\.csv/ })).toHaveText('Shown')
  const summary = page.getByTestId('eval-summary')
  await expect(summary).toHaveText(
    /^Incomplete \(cut off when the app or its window closed\): [1-5] passed, 0 failed, [1-5] not run$/,
  )
  const before = Number(/(\d) passed/.exec((await summary.textContent())!)![1])
  await expect(page.getByRole('table', { name: 'Dataset rows' }).getByRole('row')).toHaveCount(7)
  // The form shows what the run ran.
  await expect(page.getByLabel('User message')).toHaveValue('sim:tokens=50 Tell me about {{country}}')
  await expect(page.getByLabel('Variant 1 model')).toHaveValue('sim-model')
  await expect(page.getByLabel('At most at once')).toHaveValue('1')
  await expect(page.getByRole('button', { name: `Resume (${6 - before} cells left)` })).toBeVisible()
  await fitsAtBothWidths(page, testInfo, 'evals-reopened')

  await page.getByRole('button', { name: /^Resume/ }).click()
  await expect(summary).toHaveText(/^Running: \d of 6 cells$/)
  await expect(summary).toHaveText('Done: 6 passed, 0 failed', { timeout: 60_000 })
  await expect(kept.getByTestId('kept-run')).toContainText('Done')
  await expect(kept.getByTestId('kept-run')).toContainText('6 of 6')
  await expect(page.getByRole('button', { name: /^Resume/ })).toHaveCount(0)
  await fitsAtBothWidths(page, testInfo, 'evals-resumed')

  // The same dataset again with a check no answer meets: compared with the first run, every cell regressed.
  await page.getByLabel('Add grader').selectOption('contains')
  await page
    .getByRole('listitem', { name: /Grader 1/ })
    .getByRole('textbox')
    .fill('zzz-never')
  await page.getByLabel('At most at once').fill('6')
  await page.getByRole('button', { name: 'Run eval' }).click()
  await expect(summary).toHaveText('Done: 0 passed, 6 failed', { timeout: 60_000 })
  await expect(kept.getByTestId('kept-run')).toHaveCount(2)
  await kept.getByRole('button', { name: /^Compare the run shown with the run of / }).click()
  await expect(page.getByTestId('eval-diff-counts')).toHaveText(
    '6 regressions, 0 fixes, 0 other changes, 0 the same.',
  )
  const changed = page.getByRole('table', { name: 'Changed cells' }).getByTestId('eval-diff-row')
  await expect(changed).toHaveCount(6)
  await expect(changed.first()).toContainText('Regression')
  await expect(changed.first()).toContainText('Land0')
  await fitsAtBothWidths(page, testInfo, 'evals-diff')

  await page.getByRole('button', { name: 'Export HTML report' }).click()
  const link = page.getByRole('link', { name: /Download lands-eval\.html/ })
  await expect(link).toBeVisible()
  const html = await (
    await page.request.get(new URL((await link.getAttribute('href'))!, app.url).href)
  ).text()
  expect(html).toContain('<h1>Eval report: lands.csv</h1>')
  expect(html).toContain('0/6 · 0.0 %')
  expect(html).not.toContain('<script')
})
