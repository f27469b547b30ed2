// A big kept run opened in Chromium against browser mode, at 1024 and 1920 px: its figures come from main over
// all its cells (none of them paged over first), the grid shows the cells of the rows in view and asks main for
// the next rows' cells as it pages on, and a cell opened there shows its grade and answer.
import { expect, test } from '../fixtures'
import { fitsAtBothWidths } from '../pages/layoutCheck'
import { writeKeptRun } from '../../fakes/keptEvalRun'

const ROWS = 2_000

test('a 2,000 × 2 kept run opens with its figures and pages its cells from main', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(90_000)
  await writeKeptRun(app.dataDir, { evalId: 'eval-big-e2e-01', rows: ROWS, columns: 2 })
  await page.goto(app.url)
  await page.getByRole('tab', { name: 'Evals' }).click()
  await page
    .getByRole('table', { name: 'Kept runs' })
    .getByRole('button', { name: /Open the run of .* on kept\.csv/ })
    .click()
  // Row r fails on column r % 7: 286 of 2,000 fail on each column.
  await expect(page.getByTestId('eval-summary')).toHaveText('Done: 3428 passed, 572 failed')
  const figures = page.getByTestId('column-summary')
  await expect(figures).toHaveCount(2)
  await expect(figures.nth(0)).toContainText('1714/2000 · 85.7 % (84.1 %–87.2 %)')
  await expect(figures.nth(1)).toContainText('1714/2000')
  const grid = page.getByRole('table', { name: 'Cells: rows by columns' })
  await expect(grid.getByRole('button', { name: 'Row 1 on chat:model-1: FAIL' })).toBeVisible()
  await expect(grid.getByRole('button', { name: 'Row 2 on chat:model-2: FAIL' })).toBeVisible()
  await fitsAtBothWidths(page, testInfo, 'evals-big-run')

  await page.getByRole('button', { name: 'Next', exact: true }).click()
  await page.getByRole('button', { name: 'Next', exact: true }).click()
  await expect(page.getByText(`Rows 201–300 of ${ROWS}`)).toBeVisible()
  // Row 204 is index 203 (203 % 7 = 0): it fails on the first column, passes on the second.
  await expect(grid.getByRole('button', { name: 'Row 204 on chat:model-1: FAIL' })).toBeVisible()
  await grid.getByRole('button', { name: 'Row 204 on chat:model-2: pass' }).click()
  const detail = page.getByRole('region', { name: 'Cell details' })
  await expect(detail).toContainText('Row 204 · chat:model-2 · pass')
  await expect(detail).toContainText('answer 203:1')
  await fitsAtBothWidths(page, testInfo, 'evals-big-run-paged')
})
