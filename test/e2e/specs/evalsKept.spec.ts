// Eval runs kept between sessions, in Chromium against browser mode and its simulator, at 1024 and 1920 px:
// the cost estimate shows before Run; a slow eval going when the app stops is listed after the restart as
// incomplete, opens with the cells graded before the stop and the state in words, and Resume runs only the rest
// to Done; a finished run is listed as done.
import { expect, test } from '../fixtures'
import { faultyProfile } from '../pages/ComparePage'
import { fitsAtBothWidths } from '../pages/layoutCheck'
import type { Page } from '@playwright/test'

async function openEvals(page: Page) {
  await page.getByRole('tab', { name: 'Evals' }).click()
  await expect(page.getByRole('heading', { name: 'Evals', level: 1 })).toBeVisible()
}

test('an eval cut off by the app stopping is kept as incomplete and resumes with only the rest', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(150_000)
  await page.goto(app.url)
  const slow = await faultyProfile(page, 'tps:25')
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
  await kept.getByRole('button', { name: /Open the run of .* on lands\.csv/ }).click()
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
})
