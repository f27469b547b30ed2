// Suites from promptfoo and OpenAI Evals imported in the Evals panel, in Chromium against browser mode and its
// simulator, at 1024 and 1920 px: the config picked with the files it names fills the dataset (a bad row named by
// file and line, the rest kept), the prompt and the variants, lists what was not mapped, and runs to its end with
// the suite's graders on every row; an OpenAI Evals dataset with its eval file likewise; a pick without a config
// is refused in words.
import { expect, test } from '../fixtures'
import { fitsAtBothWidths } from '../pages/layoutCheck'

const file = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) })

const CONFIG = `prompts:
  - file://prompts.txt
providers:
  - openai:chat:sim-model
  - id: anthropic:messages:sim-claude
    config:
      max_tokens: 200
  - python:custom.py
defaultTest:
  assert:
    - type: icontains
      value: "{{country}}"
tests: file://tests.csv
`

test('a promptfoo config and its files fill the panel and run with the suite graders', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.goto(app.url)
  await page.getByRole('tab', { name: 'Evals' }).click()
  const pick = page.getByLabel('Import promptfoo config files')
  await pick.setInputFiles([file('tests.csv', 'country\nFrance\n')])
  await expect(
    page.getByText('promptfoo: pick the promptfooconfig.yaml (with the files it names)'),
  ).toBeVisible()

  await pick.setInputFiles([
    file('promptfooconfig.yaml', CONFIG),
    file('prompts.txt', 'Name the capital of {{country}}.'),
    file('tests.csv', 'country,__expected\nFrance,icontains:paris\n"Peru,x\nJapan,\n'),
  ])
  await expect(page.getByTestId('dataset-summary')).toContainText('promptfooconfig.yaml')
  await expect(page.getByTestId('suite-note')).toHaveText(
    'From promptfoo: the dataset, the prompt, 2 variants, 1 grader on every row.',
  )
  await expect(page.getByText(/tests\.csv line \d/)).toBeVisible()
  await expect(page.getByText(/Not used: .*python:custom\.py/)).toBeVisible()
  await expect(page.getByLabel('User message')).toHaveValue('Name the capital of {{country}}.')
  await expect(page.getByLabel('Variant 1 model')).toHaveValue('sim-model')
  await expect(page.getByLabel('Variant 2 model')).toHaveValue('sim-claude')
  await fitsAtBothWidths(page, testInfo, 'evals-promptfoo')

  await page.getByRole('button', { name: 'Run eval' }).click()
  await expect(page.getByTestId('eval-summary')).toHaveText(/^Done: /, { timeout: 60_000 })
  await page.getByRole('button', { name: /Row 1 on .*sim-model/ }).click()
  const detail = page.getByRole('region', { name: 'Cell details' })
  await expect(detail.getByTestId('eval-grade').first()).toContainText('France')
})

test('an OpenAI Evals dataset and its eval file import with the bad line named', async ({ page, app }) => {
  test.setTimeout(60_000)
  await page.goto(app.url)
  await page.getByRole('tab', { name: 'Evals' }).click()
  await page.getByLabel('Import OpenAI Evals files').setInputFiles([
    file(
      'capitals.jsonl',
      '{"item": {"question": "Capital of France?", "answer": "Paris"}}\nnot json\n{"item": {"question": "Capital of Peru?", "answer": "Lima"}}\n',
    ),
    file(
      'eval.json',
      JSON.stringify({
        data_source: { input_messages: { template: [{ role: 'user', content: '{{ item.question }}' }] } },
        testing_criteria: [
          {
            type: 'string_check',
            name: 'answer',
            input: '{{ sample.output_text }}',
            reference: '{{ item.answer }}',
            operation: 'ilike',
          },
        ],
      }),
    ),
  ])
  await expect(page.getByTestId('dataset-summary')).toContainText('capitals.jsonl: 2 rows')
  await expect(page.getByTestId('suite-note')).toHaveText(
    'From OpenAI Evals: the dataset, the prompt, 1 grader on every row.',
  )
  await expect(page.getByText(/Line 2: /)).toBeVisible()
  await expect(page.getByLabel('User message')).toHaveValue('{{question}}')
})
