// A case that needs a tool round, in Chromium against browser mode, the simulator and server-everything: a Text
// round run on the server is saved as a case (Save as case offers its tool round with the server that had the
// tool, and starts the case from the message), the Cases panel names the server and its state, and the matrix
// runs the loop in all four formats with the server connected; once the server is disconnected (in Settings), the
// case says so, and running it fails each cell with what to do while the server stays disconnected.
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { CasesPage } from '../pages/CasesPage'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'
import { connectEverything } from '../pages/toolServerSetup'

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: join(process.env.SHOTS, `${name}.png`) })
}
const SUM_ARGS =
  '{"type": "object", "required": ["a", "b"], "properties": {"a": {"type": "number"}, "b": {"type": "number"}}}'

test('a tool round saved as a case runs across the four formats on the connected server, and says so when it is not', async ({
  page,
  app,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1024, height: 900 })
  await page.goto(app.url)
  await connectEverything(page)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'sim-model')
  const offer = page.getByRole('group', { name: 'Tools from servers' })
  await offer.getByText('Tools of').click()
  await offer.getByRole('checkbox', { name: 'get-sum', exact: true }).check()
  await text.send('Use get-sum to add two numbers.')
  const results = page.getByRole('form', { name: 'Tool results' })
  await results.getByRole('button', { name: 'Run on Everything' }).click()
  await expect(results.getByRole('status')).toContainText('ran on Everything in')
  await results.getByRole('button', { name: 'Send tool results' }).click()
  await expect(page.getByRole('article', { name: /assistant turn/ }).last()).toContainText('The sum of', {
    timeout: 20_000,
  })
  await text.waitDone()

  await page.getByRole('button', { name: 'Save as case' }).last().click()
  const cases = new CasesPage(page)
  const form = cases.saveForm
  const round = form.getByRole('group', { name: 'Tool round' })
  await expect(round.getByRole('checkbox')).toBeChecked()
  await expect(round.getByLabel('Tool server', { exact: true })).toHaveValue('Everything')
  await expect(round).toContainText('Everything is connected.')
  await expect(round).toContainText(/The case starts from the last message; the \d+ turns? after it/)
  await form.getByLabel('Case name').fill('adds with get-sum')
  await form.getByLabel('New suite name').fill('Tools')
  await cases.assertion(1).getByLabel('Text').fill('The sum of')
  await cases.addAssertion('Tool called')
  await cases.assertion(2).getByLabel('Tool name').fill('get-sum')
  await cases.assertion(2).getByLabel('Arguments schema').fill(SUM_ARGS)
  // A round needs its server named: the field says so once touched.
  await round.getByLabel('Tool server', { exact: true }).fill('')
  await expect(round.locator('.field-error')).toHaveText(
    'Tool server: name the tool server that answers the calls',
  )
  await round.getByLabel('Tool server', { exact: true }).fill('Everything')
  await shot(page, 'case-tools-save-1024')
  await form.getByRole('button', { name: 'Save case' }).click()
  await expect(form.getByRole('status')).toContainText('Saved to “Tools”')
  await form.getByRole('button', { name: 'Open in Cases' }).click()

  await page.setViewportSize({ width: 1920, height: 1000 })
  const suite = page.getByRole('region', { name: 'Suite Tools' })
  await expect(suite.getByTestId('case-tool-round')).toHaveText(
    'Tool round with Everything (at most 4 rounds): connected',
  )
  await suite.getByRole('button', { name: 'All four formats' }).click()
  for (let n = 1; n <= 4; n++) {
    await suite.getByLabel(`Target ${n} model`).fill('sim-model')
    await suite.getByLabel(`Target ${n} model`).press('Escape')
  }
  await suite.getByRole('button', { name: 'Run suite' }).click()
  await expect(cases.summary).toContainText('4 passed', { timeout: 60_000 })
  await cases.cells.first().click()
  await expect(cases.cellDetail.getByTestId('assertion-result').filter({ hasText: 'get-sum' })).toContainText(
    'get-sum was called with fitting arguments',
  )
  await shot(page, 'case-tools-matrix-1920')

  // Disconnected in Settings: the case says so, and a run fails each cell with what to do; nothing connects it.
  await new SettingsPage(page).open()
  const servers = page.getByRole('region', { name: 'Tool servers' })
  await servers.getByRole('button', { name: 'Disconnect' }).click()
  await expect(servers.getByTestId('tool-server-status')).toContainText('Not connected')
  await cases.open()
  await expect(suite.getByTestId('case-tool-round')).toContainText('not connected: connect it in Settings')
  await suite.getByRole('button', { name: 'Run suite' }).click()
  await expect(page.locator('[data-testid="matrix-cell"][data-status="fail"]')).toHaveCount(4, {
    timeout: 30_000,
  })
  await cases.cells.first().click()
  await expect(cases.cellDetail).toContainText('tool server "Everything" is not connected')
  await shot(page, 'case-tools-disconnected-1920')
  await new SettingsPage(page).open()
  await expect(servers.getByTestId('tool-server-status')).toContainText('Not connected')
})
