// Opening a dataset in Chromium against browser mode, at 1024 and 1920 px: a big JSONL file shows what the import is
// doing (sending, then reading in main) until its first rows are on screen, and the line goes; a file with bytes
// that are not UTF-8 is read with the line they start on named; the app answers while a file is read.
import { expect, test } from '../fixtures'
import { fitsAtBothWidths } from '../pages/layoutCheck'
import { openEvalsWithDataset } from '../pages/EvalsPage'

const ROWS = 30_000
const jsonl = () =>
  Array.from({ length: ROWS }, (_, i) =>
    JSON.stringify({ country: `Land ${i + 1}`, expected: `City ${i + 1}` }),
  )
    .join('\n')
    .concat('\n')

test('a big dataset shows its import step until its rows are on screen; bytes not UTF-8 are named', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(90_000)
  await openEvalsWithDataset(page, app.url, {
    name: 'lands.jsonl',
    mimeType: 'application/jsonl',
    buffer: Buffer.from(jsonl()),
  })
  const step = page.getByTestId('dataset-import-step')
  await expect(step).toContainText(/(Sending|Reading) lands\.jsonl/)
  await expect(page.getByTestId('dataset-summary')).toContainText(
    `lands.jsonl: ${ROWS.toLocaleString('en')} rows`,
    {
      timeout: 30_000,
    },
  )
  await expect(step).toBeHidden()
  const table = page.getByRole('table', { name: 'Dataset rows' })
  await expect(table.getByRole('button', { name: 'Row 1 country: Land 1', exact: true })).toBeVisible()
  await fitsAtBothWidths(page, testInfo, 'evals-dataset-open')

  await page.getByLabel('Import dataset file').setInputFiles({
    name: 'latin1.jsonl',
    mimeType: 'application/jsonl',
    buffer: Buffer.concat([
      Buffer.from('{"city":"Paris"}\n{"city":"S'),
      Buffer.from([0xe3, 0x6f]),
      Buffer.from(' Paulo"}\n{"city": 3\n'),
    ]),
  })
  await expect(page.getByTestId('dataset-summary')).toContainText('latin1.jsonl: 2 rows')
  const problems = page.locator('.evals-problems')
  await expect(problems).toContainText('2 rows left out or changed')
  await expect(problems).toContainText('Line 2: bytes that are not UTF-8')
  await expect(problems).toContainText('Line 3: not JSON')
  await fitsAtBothWidths(page, testInfo, 'evals-dataset-not-utf8')
})
