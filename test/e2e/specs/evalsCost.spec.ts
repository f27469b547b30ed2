// An eval's cells are priced like any run: each column's cost from the answers' usage and the profile's prices
// (written as money, never rounded to 0), and each cell's run in History carries its cost.
import { expect, test } from '../fixtures'

test("an eval's columns show what their answers cost, and the runs in History carry it", async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  await page.getByRole('tab', { name: 'Evals' }).click()
  await page.getByLabel('Import dataset file').setInputFiles({
    name: 'capitals.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('country,expected\nFrance,Paris\nItaly,Rome\n'),
  })
  await expect(page.getByTestId('dataset-summary')).toContainText('2 rows')
  await page.getByLabel('User message').fill('What is the capital of {{country}}?')
  await page.getByLabel('Variant 1 model').fill('gpt-4o-mini')
  await page.getByRole('button', { name: 'Run eval' }).click()
  await expect(page.getByTestId('eval-summary')).toHaveText(/^Done: /, { timeout: 60_000 })
  const cost = page.getByTestId('column-summary').first().getByRole('cell').nth(2)
  await expect(cost).toHaveText(/^\$0\.0\d+$/)
  await page.getByRole('tab', { name: 'History' }).click()
  await page.getByRole('searchbox').first().fill('capital of Italy')
  await expect(page.getByText('What is the capital of Italy?').first()).toBeVisible()
  await expect(page.getByText(/^\$0\.0\d+$/).first()).toBeVisible()
})
