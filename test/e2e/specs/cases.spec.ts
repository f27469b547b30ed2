// Saved cases as a user drives them in Chromium against browser mode and its simulator: a run saved as a case
// with a "contains" and a JSON-schema assertion (bad input named at its field first), the suite run against all
// four formats where one target's profile injects a fault, the one failing cell opened to its failed assertion,
// the suite exported and imported; a matrix stopped midway keeps its finished cells; 1024 and 1920 px.
import { expect, test } from '../fixtures'
import { faultyProfile } from '../pages/ComparePage'
import { CasesPage } from '../pages/CasesPage'
import { TextPage } from '../pages/TextPage'
import type { Page, TestInfo } from '@playwright/test'

const SCHEMA =
  '{"type":"object","properties":{"city":{"type":"string","enum":["Paris"]}},"required":["city"]}'

async function fits(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0)
    await testInfo.attach(`${name}-${width}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
  }
}

/** Runs one structured-output prompt in the Text panel and opens "Save as case" on its answer. */
async function runAndOpenSaveCase(page: Page): Promise<void> {
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'sim-model')
  await page.getByLabel(/JSON schema of the answer/).fill(SCHEMA)
  await text.send('Name the capital of France as JSON')
  await text.waitDone()
  await expect(text.answer).toContainText('Paris')
  await page.getByRole('button', { name: 'Save as case' }).click()
}

test('a run saved as a case runs against all four formats: one faulty target fails, its cell shows why, the suite exports', async ({
  page,
  app,
}, testInfo) => {
  await page.goto(app.url)
  const faulty = await faultyProfile(page, '500')
  await runAndOpenSaveCase(page)
  const cases = new CasesPage(page)
  const form = cases.saveForm
  await expect(form.getByLabel('Case name')).toHaveValue('Name the capital of France as JSON')
  await form.getByLabel('New suite name').fill('Smoke')

  // Bad input is named at its field once the user acted, and nothing is saved.
  await cases.addAssertion('Answer is JSON (and fits a schema)')
  await cases.assertion(2).getByLabel('JSON Schema').fill('{"type": ')
  await expect(cases.assertion(2).locator('.field-error')).toHaveText(/^JSON Schema: not JSON/)
  await cases.addAssertion('TTFT under (ms)')
  await cases.assertion(3).getByLabel('Milliseconds').fill('0')
  await cases.addAssertion('Answer matches')
  await cases.assertion(4).getByLabel('Pattern').fill('(Paris')
  await form.getByRole('button', { name: 'Save case' }).click()
  await expect(cases.assertion(1).locator('.field-error')).toHaveText('contains: write the text to look for')
  await expect(cases.assertion(3).locator('.field-error')).toHaveText(
    'Milliseconds: must be a positive whole number',
  )
  await expect(cases.assertion(4).locator('.field-error')).toHaveText(
    /^Pattern: not a valid regular expression/,
  )
  await expect(form.getByRole('status')).toHaveCount(0)
  await fits(page, testInfo, 'save-case-bad-input')
  // The form plans a pattern as main will run it and says which engine that is.
  await cases.assertion(4).getByLabel('Pattern').fill('Paris(?!x)')
  await expect(cases.assertion(4).locator('.field-note')).toHaveText(
    'Uses a negative lookahead (?!…): JavaScript\'s engine runs it off the main thread, stopped after 1 s ("pattern took too long").',
  )
  await cases.assertion(4).getByLabel('Pattern').fill('Paris')
  await expect(cases.assertion(4).locator('.field-note')).toHaveText(
    'Runs with RE2, in time linear in the answer.',
  )

  await form.getByRole('button', { name: 'Remove assertion 4' }).click()
  await form.getByRole('button', { name: 'Remove assertion 3' }).click()
  await cases.assertion(1).getByLabel('Text').fill('Paris')
  await cases.assertion(2).getByLabel('JSON Schema').fill(SCHEMA)
  await expect(form.locator('.field-error')).toHaveCount(0)
  await form.getByRole('button', { name: 'Save case' }).click()
  await expect(form.getByRole('status')).toContainText('Saved to “Smoke”')
  await form.getByRole('button', { name: 'Open in Cases' }).click()

  await expect(page.getByRole('heading', { name: 'Cases', level: 1 })).toBeVisible()
  const suite = page.getByRole('region', { name: 'Suite Smoke' })
  await expect(suite.getByRole('list', { name: 'Cases in the suite' })).toContainText(
    'answer contains “Paris”',
  )
  await suite.getByRole('button', { name: 'All four formats' }).click()
  await suite.getByLabel('Target 4 profile').selectOption({ label: faulty })
  await suite.getByLabel('Target 2 model').fill('')
  // The model picker's list opened as the field was typed in; Esc closes it, as a user would.
  await suite.getByLabel('Target 2 model').press('Escape')
  await suite.getByRole('button', { name: 'Run suite' }).click()
  await expect(suite.locator('.targets-table .field-error')).toHaveText('Model: write a model id')
  await suite.getByLabel('Target 2 model').fill('sim-model')
  await suite.getByLabel('Target 2 model').press('Escape')
  await suite.getByRole('button', { name: 'Run suite' }).click()

  await expect(cases.summary).toHaveText('Done: 3 passed, 1 failed', { timeout: 30_000 })
  await expect(cases.cells).toHaveCount(4)
  await expect(page.locator('[data-testid="matrix-cell"][data-status="pass"]')).toHaveCount(3)
  const failing = page.locator('[data-testid="matrix-cell"][data-status="fail"]')
  await expect(failing).toHaveCount(1)
  await expect(failing).toHaveAccessibleName(
    /target 4 \(Native \(generateContent\)\): FAIL \(run failed\), cost failed before billing$/,
  )
  // The failed run billed nothing, and its cell says so apart from a model with no price.
  await expect(failing.getByTestId('matrix-cell-cost')).toHaveText('failed before billing')
  await expect(page.getByRole('progressbar', { name: 'Matrix progress' })).toHaveAttribute('value', '4')

  await failing.click()
  await expect(cases.cellDetail.getByRole('alert')).toContainText('The run failed')
  await expect(cases.cellDetail).toContainText('Nothing billed (the run failed before billing).')
  const failed = cases.cellDetail.getByTestId('assertion-result').filter({ hasText: 'FAIL' })
  await expect(failed.first()).toContainText('answer contains “Paris”')
  await expect(failed.first()).toContainText('the answer does not contain "Paris"')
  await fits(page, testInfo, 'cases-matrix-failing-cell')

  // A passing cell opens its run in History, recorded like any other run.
  await page.locator('[data-testid="matrix-cell"][data-status="pass"]').first().click()
  await expect(cases.cellDetail.getByTestId('assertion-result')).toHaveCount(2)
  await cases.cellDetail.getByRole('button', { name: 'Open run in History' }).click()
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Run details' }).getByTestId('history-answer')).toContainText(
    'Paris',
  )

  // History's run view offers the same Save as case, with this run's draft.
  await page
    .getByRole('region', { name: 'Run details' })
    .getByRole('button', { name: 'Save as case' })
    .click()
  await expect(cases.saveForm.getByRole('combobox', { name: /^Suite/ })).toContainText('Smoke (1)')
  await expect(cases.saveForm.getByLabel('Case name')).toHaveValue('Name the capital of France as JSON')

  await cases.open()
  await page.getByRole('button', { name: 'Export JSON' }).click()
  const link = page.getByRole('link', { name: /Download suite-smoke\.json/ })
  await expect(link).toBeVisible()
  const file = (await (
    await page.request.get(new URL((await link.getAttribute('href'))!, app.url).href)
  ).json()) as {
    version: number
    suite: { name: string; cases: { assertions: { kind: string }[] }[] }
  }
  expect(file.version).toBe(1)
  expect(file.suite.name).toBe('Smoke')
  expect(file.suite.cases[0]!.assertions.map((a) => a.kind)).toEqual(['contains', 'json'])

  // The exported file imports as a new suite; a file that breaks a rule is refused, naming the field.
  const importer = page.getByLabel('Import suite file')
  await importer.setInputFiles({
    name: 'smoke.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...file, suite: { ...file.suite, name: 'Smoke copy' } })),
  })
  await expect(page.getByRole('navigation', { name: 'Suites' })).toContainText('Smoke copy')
  const broken = structuredClone(file) as { suite: { cases: { assertions: Record<string, unknown>[] }[] } }
  broken.suite.cases[0]!.assertions[0] = { kind: 'matches', pattern: '(' }
  await importer.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(broken)),
  })
  await expect(page.getByRole('alert')).toContainText(
    'broken.json: The suite file was not imported: suite.cases.0.assertions.0.pattern: not a valid regular expression',
  )
})

test('stopping a matrix keeps its finished cells and marks the rest not run', async ({
  page,
  app,
}, testInfo) => {
  await page.goto(app.url)
  const slow = await faultyProfile(page, 'ttft:1500')
  await runAndOpenSaveCase(page)
  const cases = new CasesPage(page)
  await cases.assertion(1).getByLabel('Text').fill('Paris')
  await cases.saveForm.getByRole('button', { name: 'Save case' }).click()
  await cases.saveForm.getByRole('button', { name: 'Open in Cases' }).click()
  const suite = page.getByRole('region', { name: /^Suite / })
  await suite.getByRole('button', { name: 'All four formats' }).click()
  for (const n of [2, 3, 4]) await suite.getByLabel(`Target ${n} profile`).selectOption({ label: slow })
  await suite.getByLabel('At most at once').fill('1')
  await suite.getByRole('button', { name: 'Run suite' }).click()
  await expect(page.locator('[data-testid="matrix-cell"][data-status="pass"]')).toHaveCount(1, {
    timeout: 20_000,
  })
  await suite.getByRole('button', { name: 'Stop' }).click()
  await expect(cases.summary).toHaveText(/^Stopped: 1 passed, 0 failed, 3 not run$/)
  await expect(page.locator('[data-testid="matrix-cell"][data-status="notrun"]')).toHaveCount(3)
  await expect(page.locator('[data-testid="matrix-cell"][data-status="notrun"]').first()).toHaveText(
    /not run|stopped/,
  )
  await fits(page, testInfo, 'cases-matrix-stopped')
})
