// The dataset table in Chromium against browser mode, at 1024 and 1920 px: a 100,000-row CSV opens with only the
// rows in view in the page; scrolled to its end, its last row is edited with the keyboard; a search narrows the
// rows and an edit through the search lands on the right row; a row is added and filled, another deleted; and the
// eval then runs the edited rows (the simulator repeats the prompt, so the answers carry the edited text).
import { expect, test } from '../fixtures'
import { fitsAtBothWidths } from '../pages/layoutCheck'

const ROWS = 100_000
const csv = () => {
  const lines = ['country,expected']
  for (let i = 1; i <= ROWS; i++) lines.push(`Land ${i},City ${i}`)
  return `${lines.join('\n')}\n`
}

test('a 100,000-row dataset scrolls, searches and takes edits that the eval then runs', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.goto(app.url)
  await page.getByRole('tab', { name: 'Evals' }).click()
  await page.getByLabel('Import dataset file').setInputFiles({
    name: 'lands.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv()),
  })
  const summary = page.getByTestId('dataset-summary')
  await expect(summary).toContainText('lands.csv: 100,000 rows', { timeout: 30_000 })
  const table = page.getByRole('table', { name: 'Dataset rows' })
  await expect(table.getByRole('button', { name: 'Row 1 country: Land 1', exact: true })).toBeVisible()
  // Virtualised: a screenful of rows in the page, not 100,000.
  expect(await table.locator('tbody tr').count()).toBeLessThan(60)

  // To the end, and the last row edited with the keyboard.
  await page.getByTestId('dataset-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight))
  const lastCell = table.getByRole('button', { name: 'Row 100000 expected: City 100000' })
  await expect(lastCell).toBeVisible()
  await lastCell.focus()
  await page.keyboard.press('Enter')
  await expect(table.getByLabel('Row 100000 expected')).toBeFocused()
  await page.keyboard.type(' (edited)')
  await page.keyboard.press('Enter')
  await expect(table.getByRole('button', { name: 'Row 100000 expected: City 100000 (edited)' })).toBeFocused()
  // Escape puts the text back.
  await page.keyboard.press('Enter')
  await page.keyboard.type('thrown away')
  await page.keyboard.press('Escape')
  await expect(table.getByRole('button', { name: 'Row 100000 expected: City 100000 (edited)' })).toBeVisible()

  // A search narrows the rows; an edit through it lands on the dataset's row.
  await page.getByLabel('Search rows').fill('land 4242')
  await expect(page.getByTestId('dataset-rows-shown')).toHaveText('11 of 100,000 rows match')
  await table.getByRole('button', { name: 'Row 4242 country: Land 4242' }).click()
  await table.getByLabel('Row 4242 country').fill('Atlantis')
  await table.getByLabel('Row 4242 country').press('Enter')
  await page.getByLabel('Search rows').fill('atlantis')
  await expect(page.getByTestId('dataset-rows-shown')).toHaveText('1 of 100,000 rows match')
  await expect(table.getByRole('button', { name: 'Row 4242 country: Atlantis' })).toBeVisible()
  await fitsAtBothWidths(page, testInfo, 'evals-dataset-search')

  // A row added (its first cell opens for typing) and one deleted.
  await page.getByRole('button', { name: 'Add row' }).click()
  await expect(summary).toContainText('100,001 rows')
  await expect(table.getByLabel('Row 100001 country')).toBeFocused()
  await page.keyboard.type('Lemuria')
  await page.keyboard.press('Enter')
  await expect(table.getByRole('button', { name: 'Row 100001 country: Lemuria' })).toBeVisible()
  await page.getByLabel('Search rows').fill('')
  await page.getByTestId('dataset-scroll').evaluate((el) => el.scrollTo(0, 0))
  await table.getByRole('button', { name: 'Delete row 1', exact: true }).click()
  await expect(summary).toContainText('100,000 rows')
  await expect(table.getByRole('button', { name: 'Row 1 country: Land 2', exact: true })).toBeVisible()
  await fitsAtBothWidths(page, testInfo, 'evals-dataset-edited')
})

test('edits reach the eval that runs next', async ({ page, app }) => {
  test.setTimeout(90_000)
  await page.goto(app.url)
  await page.getByRole('tab', { name: 'Evals' }).click()
  await page.getByLabel('Import dataset file').setInputFiles({
    name: 'two.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('country,expected\nFrance,Paris\nPeru,Lima\n'),
  })
  const table = page.getByRole('table', { name: 'Dataset rows' })
  await table.getByRole('button', { name: 'Row 2 country: Peru' }).click()
  await table.getByLabel('Row 2 country').fill('Bolivia')
  await table.getByLabel('Row 2 country').press('Enter')
  await page.getByLabel('User message').fill('Tell me about {{country}}')
  await page.getByLabel('Variant 1 model').fill('sim-model')
  await page.getByLabel('Add grader').selectOption('contains')
  await page
    .getByRole('listitem', { name: /Grader 1/ })
    .getByRole('textbox')
    .fill('{{country}}')
  await page.getByRole('button', { name: 'Run eval' }).click()
  await expect(page.getByTestId('eval-summary')).toHaveText('Done: 2 passed, 0 failed', { timeout: 60_000 })
  await page.getByRole('button', { name: /Row 2 on chat:sim-model: pass/ }).click()
  await expect(page.getByRole('region', { name: 'Cell details' })).toContainText('Bolivia')
})
