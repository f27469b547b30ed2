// Edited text Request JSON in Chromium against browser mode: it runs the form's rules (a temperature of 5 is named
// once Send is pressed, with Send anyway, which sends it as written); Count tokens counts the edited body, not the
// form; Compare's Count tokens with no prompt says there is nothing to count and sends nothing.
import { expect, test } from '../fixtures'
import { ComparePage } from '../pages/ComparePage'
import { TextPage } from '../pages/TextPage'

test('edited Request JSON is checked like the form, sent anyway as written, and counted as edited', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Messages', 'sim-model')
  await page.getByLabel('Message', { exact: true }).fill('short')
  const body = page.getByLabel('Request body JSON')
  await expect(body).toHaveValue(/short/)
  await page.getByRole('button', { name: 'Count tokens' }).click()
  const count = page.getByTestId('token-count')
  await expect(count).toHaveText(/^\d+ input tokens$/)
  const formCount = Number((await count.textContent())!.split(' ')[0])

  const edited = JSON.parse(await body.inputValue())
  edited.temperature = 5
  edited.messages = [
    {
      role: 'user',
      content: 'A much longer question about the lighthouses of the northern coast and their keepers',
    },
  ]
  await body.fill(JSON.stringify(edited, null, 2))
  // Counted as edited: what Send would send.
  await expect(count).toHaveText('')
  await page.getByRole('button', { name: 'Count tokens' }).click()
  await expect(count).toHaveText(/^\d+ input tokens$/)
  expect(Number((await count.textContent())!.split(' ')[0])).toBeGreaterThan(formCount + 5)

  // The rule is named once Send is pressed; nothing was sent.
  const issues = page.getByRole('list', { name: 'Validation issues' })
  await expect(issues).toContainText(
    'Request JSON: temperature must be between 0 and 1 for the messages format',
  )
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const refused = page.getByRole('alert', { name: 'Cannot send' })
  await expect(refused).toContainText('Request JSON: temperature must be between 0 and 1')
  await expect(page.getByTestId('run-footer')).toHaveCount(0)
  await refused.getByRole('button', { name: 'Send anyway' }).click()
  await expect(page.getByTestId('run-footer')).toBeVisible({ timeout: 20_000 })
  await text.openInspector()
  await expect(page.getByRole('region', { name: 'Inspector' })).toContainText('"temperature": 5')
})

test("Compare's Count tokens with no prompt says there is nothing to count", async ({ page, app }) => {
  await page.goto(app.url)
  const compare = new ComparePage(page)
  await compare.open()
  const requests: string[] = []
  page.on('websocket', (ws) => ws.on('framesent', (f) => requests.push(String(f.payload))))
  await page.getByRole('tablist', { name: 'Differences' }).getByRole('tab', { name: 'Usage' }).click()
  await page
    .getByRole('region', { name: 'Usage reconciliation' })
    .getByRole('button', { name: 'Count tokens' })
    .click()
  await expect(page.getByTestId('count-note')).toHaveText('· Nothing to count: write a prompt first.')
  expect(requests.filter((r) => r.includes('text.countTokens'))).toEqual([])
})
