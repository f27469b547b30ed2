// The dataset's export in Chromium against browser mode, at 1024 and 1920 px: a dataset imported and edited in the
// table downloads as CSV (a header row, RFC 4180 quoting) and as JSONL, each holding the edit; the file imported
// again shows the same rows.
import { readFile } from 'node:fs/promises'
import { expect, test } from '../fixtures'
import { fitsAtBothWidths } from '../pages/layoutCheck'
import { openEvalsWithDataset } from '../pages/EvalsPage'

const CSV = 'country,expected\nFrance,Paris\n"Italy, south",Rome\nSpain,"Madrid\nthe capital"\n'

test('an edited dataset downloads as CSV and JSONL and imports back to the same rows', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(90_000)
  await openEvalsWithDataset(page, app.url, {
    name: 'lands.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  })
  const summary = page.getByTestId('dataset-summary')
  await expect(summary).toContainText('lands.csv: 3 rows')
  const table = page.getByRole('table', { name: 'Dataset rows' })
  // An edit still open when Download is pressed is in the file.
  await table.getByRole('button', { name: 'Row 1 expected: Paris' }).click()
  await table.getByLabel('Row 1 expected').fill('Paris, "the city of light"')

  const csvDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download dataset as CSV' }).click()
  const csvFile = await csvDownload
  expect(csvFile.suggestedFilename()).toBe('lands.csv')
  const csv = await readFile((await csvFile.path())!, 'utf8')
  expect(csv).toBe(
    'country,expected\r\nFrance,"Paris, ""the city of light"""\r\n"Italy, south",Rome\r\nSpain,"Madrid\nthe capital"\r\n',
  )
  await expect(page.getByRole('group', { name: 'Export dataset' })).toContainText(
    'Downloading lands.csv (3 rows)',
  )
  await fitsAtBothWidths(page, testInfo, 'evals-dataset-export')

  const jsonlDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download dataset as JSONL' }).click()
  const jsonl = await readFile((await (await jsonlDownload).path())!, 'utf8')
  expect(jsonl.split('\n')[0]).toBe('{"country":"France","expected":"Paris, \\"the city of light\\""}')

  // Imported again: the same rows.
  await page.getByLabel('Import dataset file').setInputFiles({
    name: 'lands-again.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(jsonl),
  })
  await expect(summary).toContainText('lands-again.jsonl: 3 rows')
  await expect(
    table.getByRole('button', { name: 'Row 1 expected: Paris, "the city of light"' }),
  ).toBeVisible()
  await expect(table.getByRole('button', { name: 'Row 2 country: Italy, south' })).toBeVisible()
  await expect(table.getByRole('button', { name: /^Row 3 expected: Madrid\sthe capital$/ })).toBeVisible()
})
