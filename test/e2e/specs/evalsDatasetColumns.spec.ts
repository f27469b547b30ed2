// The dataset's columns in Chromium against browser mode, at 1024 and 1920 px: a column renamed (a bad name refused
// with the field and the rule, shown only once the user acted), the prompt's old {{variable}} flagged and rewritten
// on request; a column added and filled; one deleted and put back with Undo; and the eval then runs the renamed and
// added columns (the simulator repeats the prompt, so the answers carry the values).
import { expect, test } from '../fixtures'
import { fitsAtBothWidths } from '../pages/layoutCheck'
import { openEvalsWithDataset } from '../pages/EvalsPage'

test('columns are renamed, added, deleted and undone, and the prompt follows a rename', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(90_000)
  await openEvalsWithDataset(page, app.url, {
    name: 'lands.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('country,expected\nFrance,Paris\nPeru,Lima\n'),
  })
  const table = page.getByRole('table', { name: 'Dataset rows' })
  await expect(table.getByRole('button', { name: 'Row 2 country: Peru' })).toBeVisible()
  await page.getByLabel('User message').fill('Tell me about {{country}}')
  const dataset = page.getByRole('region', { name: 'Dataset' })
  await expect(dataset.getByRole('alert')).toHaveCount(0)

  // Rename: bad names are refused with the rule; a good one is taken.
  await table.getByRole('button', { name: 'Column country: rename' }).click()
  const rename = table.getByLabel('Rename column country')
  await expect(rename).toBeFocused()
  await rename.fill('the land')
  await rename.press('Enter')
  await expect(dataset.getByRole('alert')).toHaveText(
    'Column name: a {{variable}} name: letters, digits and _, not starting with a digit or holding spaces',
  )
  await expect(rename).toHaveAttribute('aria-invalid', 'true')
  await rename.fill('expected')
  await rename.press('Enter')
  await expect(dataset.getByRole('alert')).toHaveText('Column name: "expected" is already a column')
  await rename.fill('nation')
  await rename.press('Enter')
  await expect(table.getByRole('button', { name: 'Column nation: rename' })).toBeVisible()
  await expect(dataset.getByRole('alert')).toHaveCount(0)
  await expect(page.getByTestId('dataset-summary')).toContainText('{{nation}}')

  // The prompt still says {{country}}: flagged at once, rewritten on request.
  const stale = page.getByText('Prompt: {{country}} no longer matches a column (renamed to {{nation}}).')
  await expect(stale).toBeVisible()
  await fitsAtBothWidths(page, testInfo, 'evals-columns-renamed')
  await page.getByRole('button', { name: 'Write {{nation}} instead' }).click()
  await expect(page.getByLabel('User message')).toHaveValue('Tell me about {{nation}}')
  await expect(stale).toHaveCount(0)

  // Add: an empty name is refused once Add is pressed; a good one gives an empty column to fill.
  await dataset.getByRole('button', { name: 'Add column' }).click()
  await expect(dataset.getByRole('alert')).toHaveCount(0)
  await dataset.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dataset.getByRole('alert')).toHaveText('Column name: write a name')
  await dataset.getByLabel('New column name').fill('region')
  await dataset.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(table.getByRole('button', { name: 'Column region: rename' })).toBeVisible()
  await expect(dataset.getByRole('status').filter({ hasText: 'Column region added' })).toBeVisible()
  await table.getByRole('button', { name: 'Row 1 region: empty' }).click()
  await table.getByLabel('Row 1 region').fill('Europe')
  await table.getByLabel('Row 1 region').press('Enter')
  await expect(table.getByRole('button', { name: 'Row 1 region: Europe' })).toBeVisible()

  // Delete, then Undo: the values come back.
  await table.getByRole('button', { name: 'Delete column expected' }).click()
  await expect(table.getByRole('button', { name: 'Column expected: rename' })).toHaveCount(0)
  await expect(
    dataset.getByRole('status').filter({ hasText: 'Column expected deleted (2 values).' }),
  ).toBeVisible()
  await fitsAtBothWidths(page, testInfo, 'evals-columns-deleted')
  await dataset.getByRole('button', { name: 'Undo' }).click()
  await expect(table.getByRole('button', { name: 'Row 2 expected: Lima' })).toBeVisible()
  await expect(dataset.getByRole('button', { name: 'Undo' })).toHaveCount(0)

  // The eval runs the renamed and added columns.
  await page.getByLabel('User message').fill('Tell me about {{nation}} in {{region}}')
  await page.getByLabel('Variant 1 model').fill('sim-model')
  await page.getByRole('button', { name: 'Run eval' }).click()
  await expect(page.getByTestId('eval-summary')).toHaveText('Done: 2 passed, 0 failed', { timeout: 60_000 })
  await page.getByRole('button', { name: /Row 1 on chat:sim-model: pass/ }).click()
  await expect(page.getByRole('region', { name: 'Cell details' })).toContainText('France in Europe')
})
