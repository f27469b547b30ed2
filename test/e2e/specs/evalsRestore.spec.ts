// The Evals set-up and the last run's results come back, in Chromium against browser mode and its simulator, at
// 1024 and 1920 px: a dataset imported and edited, the prompt, two variants, a grader and the concurrency typed,
// an eval run to its end; after a reload everything is on screen as it was, the edit included; after the app
// restarts on the same data folder, the same. A half-typed change made just before a reload is kept too.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '../fixtures'
import { fitsAtBothWidths } from '../pages/layoutCheck'
import type { Page } from '@playwright/test'

async function openEvals(page: Page) {
  await page.getByRole('tab', { name: 'Evals' }).click()
  await expect(page.getByRole('heading', { name: 'Evals', level: 1 })).toBeVisible()
}

async function expectSetUp(page: Page) {
  await expect(page.getByTestId('dataset-summary')).toContainText('lands.csv: 3 rows')
  const table = page.getByRole('table', { name: 'Dataset rows' })
  await expect(table.getByRole('button', { name: 'Row 2 expected: Lima, Peru' })).toBeVisible()
  await expect(page.getByLabel('User message')).toHaveValue('Typed then reloaded {{country}}')
  await expect(page.getByLabel('System prompt')).toHaveValue('Answer in one word.')
  await expect(page.getByLabel('Variant 1 model')).toHaveValue('sim-model')
  await expect(page.getByLabel('Variant 2 model')).toHaveValue('sim-other')
  await expect(page.getByLabel('Variant 2 format')).toHaveValue('messages')
  await expect(page.getByRole('listitem', { name: /Grader 1/ }).getByRole('textbox')).toHaveValue(
    '{{country}}',
  )
  await expect(page.getByLabel('At most at once')).toHaveValue('3')
  await expect(page.getByTestId('eval-summary')).toHaveText('Done: 6 passed, 0 failed')
  await expect(page.getByTestId('column-summary')).toHaveCount(2)
}

test('the Evals set-up, an edited dataset and the last results come back after a reload and a restart', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.goto(app.url)
  await openEvals(page)
  await page.getByLabel('Import dataset file').setInputFiles({
    name: 'lands.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('country,expected\nFrance,Paris\nPeru,Lima\nJapan,Tokyo\n'),
  })
  await expect(page.getByTestId('dataset-summary')).toContainText('lands.csv: 3 rows')
  const table = page.getByRole('table', { name: 'Dataset rows' })
  await table.getByRole('button', { name: 'Row 2 expected: Lima' }).click()
  await page.getByLabel('Row 2 expected').fill('Lima, Peru')
  await page.getByLabel('Row 2 expected').press('Enter')
  await expect(table.getByRole('button', { name: 'Row 2 expected: Lima, Peru' })).toBeVisible()

  await page.getByLabel('System prompt').fill('Answer in one word.')
  await page.getByLabel('User message').fill('Typed then reloaded {{country}}')
  await page.getByLabel('Variant 1 model').fill('sim-model')
  await page.getByRole('button', { name: 'Add variant' }).click()
  await page.getByLabel('Variant 2 format').selectOption('messages')
  await page.getByLabel('Variant 2 model').fill('sim-other')
  await page.getByLabel('Add grader').selectOption('contains')
  await page
    .getByRole('listitem', { name: /Grader 1/ })
    .getByRole('textbox')
    .fill('{{country}}')
  await page.getByLabel('At most at once').fill('3')
  await page.getByRole('button', { name: 'Run eval' }).click()
  await expect(page.getByTestId('eval-summary')).toHaveText('Done: 6 passed, 0 failed', { timeout: 30_000 })

  // The set-up is in main's data folder (the dataset by reference), not only in the page.
  await expect
    .poll(() => readFileSync(join(app.dataDir, 'workspace.json'), 'utf8'))
    .toContain('Typed then reloaded')
  await page.reload()
  await openEvals(page)
  await expectSetUp(page)
  await fitsAtBothWidths(page, testInfo, 'evals-after-reload')

  // The dataset's edit is written a moment after it; the app stopping writes what is pending.
  await app.restart()
  await page.goto(app.url)
  await openEvals(page)
  await expectSetUp(page)
  await fitsAtBothWidths(page, testInfo, 'evals-after-restart')

  // A change typed just before a reload is kept (the page going saves it at once).
  await page.getByLabel('User message').fill('Changed {{country}}')
  await page.reload()
  await openEvals(page)
  await expect(page.getByLabel('User message')).toHaveValue('Changed {{country}}')
  await expect(page.getByTestId('eval-summary')).toHaveText('Done: 6 passed, 0 failed')
})
