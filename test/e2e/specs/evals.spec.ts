// The Evals panel as a user drives it in Chromium against browser mode and its simulator, at 1024 and 1920 px:
// nothing marked wrong before Run; a dataset file with a bad row named by its line, the rest kept; a prompt naming
// a variable the dataset lacks held with the name; an eval over two variants (one on a profile that fails) graded
// by a text check and a judge, to its end, with each column's figures, a failed cell's grades and the judge's
// reason, and the run exported; a slow eval stopped in the middle ending as stopped.
import { expect, test } from '../fixtures'
import { faultyProfile } from '../pages/ComparePage'
import { fitsAtBothWidths } from '../pages/layoutCheck'
import type { Page } from '@playwright/test'

const CSV = 'country,expected\nFrance,Paris\nPeru,Lima\nJapan,Tokyo,extra\nNorway,Oslo\n'

async function openEvals(page: Page) {
  await page.getByRole('tab', { name: 'Evals' }).click()
  await expect(page.getByRole('heading', { name: 'Evals', level: 1 })).toBeVisible()
}

async function importCsv(page: Page, text: string) {
  await page.getByLabel('Import dataset file').setInputFiles({
    name: 'capitals.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  })
  await expect(page.getByTestId('dataset-summary')).toBeVisible()
}

test('an eval runs a dataset through variants, grades with a check and a judge, and exports', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.goto(app.url)
  const faulty = await faultyProfile(page, '500')
  await openEvals(page)

  await expect(page.locator('.evals-panel .field-error')).toHaveCount(0)
  await page.getByRole('button', { name: 'Run eval' }).click()
  await expect(page.getByText('Dataset: import a CSV, JSONL or JSON file first')).toBeVisible()
  await expect(page.getByText('Prompt: write the user message')).toBeVisible()

  await importCsv(page, CSV)
  await expect(page.getByTestId('dataset-summary')).toContainText('capitals.csv: 3 rows')
  await expect(page.getByText('Line 4: 3 fields where the header has 2')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Dataset rows' }).getByRole('row')).toHaveCount(4)

  await page.getByLabel('User message').fill('What is the capital of {{country}}? Say {{city}}.')
  await expect(page.getByText('Prompt: the dataset has no column for {{city}}')).toBeVisible()
  await page.getByLabel('User message').fill('What is the capital of {{country}}?')
  await page.getByLabel('Variant 1 model').fill('sim-model')
  await page.getByRole('button', { name: 'Add variant' }).click()
  await page.getByLabel('Variant 2 profile').selectOption({ label: faulty })
  await page.getByLabel('Add grader').selectOption('contains')
  await page
    .getByRole('listitem', { name: /Grader 1/ })
    .getByRole('textbox')
    .fill('{{country}}')
  await page.getByLabel('Add grader').selectOption('judge')
  await page
    .getByRole('listitem', { name: /Grader 2/ })
    .getByLabel('Rubric')
    .fill('Names {{expected}}.')
  await page.getByLabel('Grader 2 judge model').fill('judge-model')
  await expect(page.locator('.evals-panel .field-error')).toHaveCount(0)

  await page.getByRole('button', { name: 'Run eval' }).click()
  // The simulator's judge gives a verdict of its own making: each of the first column's three cells is graded
  // (pass or fail); every cell of the failing profile's column is a run error.
  await expect(page.getByTestId('eval-summary')).toHaveText(/^Done: \d passed, \d failed, 3 run errors$/, {
    timeout: 60_000,
  })
  const summary = (await page.getByTestId('eval-summary').textContent())!
  const [passed, failed] = [...summary.matchAll(/(\d) (?:passed|failed)/g)].map((m) => Number(m[1]))
  expect(passed! + failed!).toBe(3)
  const figures = page.getByTestId('column-summary')
  await expect(figures.nth(0)).toContainText(`${passed}/3 · `)
  await expect(figures.nth(1)).toContainText('0/3 · 0.0 %')
  await fitsAtBothWidths(page, testInfo, 'evals-done')

  await page.getByRole('button', { name: /Row 1 on chat:sim-model #1: (pass|FAIL)/ }).click()
  const detail = page.getByRole('region', { name: 'Cell details' })
  await expect(detail.getByTestId('eval-grade')).toHaveCount(2)
  await expect(detail.getByTestId('eval-grade').nth(0)).toContainText('pass')
  await expect(detail.getByTestId('eval-grade').nth(1)).toContainText(/the judge says (pass|fail)/)
  await expect(detail.getByRole('button', { name: "Judge's run" })).toBeVisible()
  await page.getByRole('button', { name: /Row 2 on chat:sim-model #2: ERROR/ }).click()
  await expect(detail.getByRole('alert')).toContainText('500')

  await page.getByRole('button', { name: 'Export CSV' }).click()
  const link = page.getByRole('link', { name: /Download capitals-eval\.csv/ })
  await expect(link).toBeVisible()
  const csv = await (await page.request.get(new URL((await link.getAttribute('href'))!, app.url).href)).text()
  expect(csv.split('\r\n')[0]).toContain('row,country,expected,column,status')
  expect(csv.trim().split('\r\n')).toHaveLength(7)
})

test('a slow eval stops in the middle and says so', async ({ page, app }) => {
  test.setTimeout(120_000)
  await page.goto(app.url)
  const slow = await faultyProfile(page, 'latency:6000')
  await openEvals(page)
  const rows = Array.from({ length: 12 }, (_, i) => `Land${i},City${i}`).join('\n')
  await importCsv(page, `country,expected\n${rows}\n`)
  await page.getByLabel('User message').fill('Tell me about {{country}}')
  await page.getByLabel('Variant 1 model').fill('sim-model')
  await page.getByLabel('Variant 1 profile').selectOption({ label: slow })
  await page.getByLabel('Variant 1 max tokens').fill('400')
  await page.getByRole('button', { name: 'Run eval' }).click()
  await expect(page.getByTestId('eval-summary')).toHaveText(/^Running: \d+ of 12 cells$/)
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(page.getByTestId('eval-summary')).toHaveText(/^Stopped: .*not run$/, { timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Run eval' })).toBeEnabled()
})
