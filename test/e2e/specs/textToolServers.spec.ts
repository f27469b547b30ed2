// Text with tools from a connected tool server, in real Chromium against browser mode and the simulator (whose
// models call the tools they are offered with arguments that fit their schemas): a tool of server-everything is
// offered from the Tools fieldset, the model's call is run on the server once (the result is what goes back),
// then denied with a message (sent as the tool's error), then allowed always (the round goes on by itself), in
// all four formats; and a long call stopped from the round (the server is told to cancel it).
// Screenshots go to SHOTS when set.
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'
import { connectEverything } from '../pages/toolServerSetup'

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: join(process.env.SHOTS, `${name}.png`) })
}

const cases = [
  { width: 1024, format: 'Chat completions', model: 'gpt-4o-mini' },
  { width: 1920, format: 'Messages', model: 'claude-sonnet-4-6' },
  { width: 1920, format: 'Responses', model: 'gpt-4o' },
  { width: 1024, format: 'Native (generateContent)', model: 'gemini-2.5-flash' },
] as const

for (const { width, format, model } of cases) {
  test(`a server's tool runs in a ${format} round: allowed once, denied, then always (${width} px)`, async ({
    page,
    app,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(app.url)
    await connectEverything(page)

    const text = new TextPage(page)
    // The answer is done (its run ended) before the next message is sent.
    const answered = () =>
      expect(page.getByRole('article', { name: /assistant turn/ }).last()).toContainText('Done', {
        timeout: 20_000,
      })
    await text.open()
    await text.choose(format, model)
    const offer = page.getByRole('group', { name: 'Tools from servers' })
    await offer.getByText('Tools of').click()
    await offer.getByRole('checkbox', { name: 'get-sum' }).check()
    await expect(page.getByLabel(/Function definitions/)).toHaveValue(/"get-sum"/)

    // Round one: allowed once; the server's answer is the result.
    await text.send('Use get-sum to add two numbers.')
    const results = page.getByRole('form', { name: 'Tool results' })
    await expect(results).toBeVisible({ timeout: 20_000 })
    await expect(results.getByTestId('tool-call')).toContainText('a tool of Everything')
    await shot(page, `text-tools-${width}-1-asked`)
    await results.getByRole('button', { name: 'Run on Everything' }).click()
    await expect(results.getByRole('textbox').first()).toHaveValue(
      /The sum of -?[\d.e+-]+ and -?[\d.e+-]+ is/,
    )
    await expect(results.getByRole('status')).toContainText('ran on Everything in')
    await shot(page, `text-tools-${width}-2-ran`)
    await results.getByRole('button', { name: 'Send tool results' }).click()
    await expect(page.getByRole('article', { name: /tool turn/ }).last()).toContainText('The sum of')
    await answered()

    // Round two: denied with a message, which goes back as the tool's error.
    await text.send('Use get-sum once more.')
    await expect(results).toBeVisible({ timeout: 20_000 })
    await results.getByLabel('Why deny get-sum').fill('not now, please')
    await results.getByRole('button', { name: 'Deny' }).click()
    await expect(results.getByRole('textbox').first()).toHaveValue(
      'The user denied this call: not now, please',
    )
    await results.getByRole('button', { name: 'Send tool results' }).click()
    await expect(page.getByRole('article', { name: /tool turn/ }).last()).toContainText('not now, please')
    await expect(results).toHaveCount(0)
    await answered()

    // Round three: always for this tool; the result goes back without Send, and the next call runs unasked.
    await text.send('Use get-sum again.')
    await expect(results).toBeVisible({ timeout: 20_000 })
    await results.getByRole('button', { name: 'Always run get-sum' }).click()
    await expect(page.getByRole('article', { name: /tool turn/ })).toHaveCount(3, { timeout: 20_000 })
    await expect(page.getByRole('article', { name: /tool turn/ }).last()).toContainText('The sum of')
    await answered()
    await text.send('Use get-sum a last time.')
    await expect(page.getByRole('article', { name: /tool turn/ })).toHaveCount(4, { timeout: 20_000 })
    await answered()
    await shot(page, `text-tools-${width}-3-always`)
  })
}

test('Stop cancels a tool call running on its server and the round says it stopped (1024 px)', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1024, height: 900 })
  await page.goto(app.url)
  await connectEverything(page)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Responses', 'gpt-4o')
  const offer = page.getByRole('group', { name: 'Tools from servers' })
  await offer.getByText('Tools of').click()
  await offer.getByRole('checkbox', { name: 'trigger-long-running-operation' }).check()
  // The simulator's model picks a duration of at least 10 s (no bounds in the schema: 1 to 100).
  await text.send('Start the long running operation.')
  const results = page.getByRole('form', { name: 'Tool results' })
  await expect(results).toBeVisible({ timeout: 20_000 })
  await results.getByRole('button', { name: 'Run on Everything' }).click()
  await expect(results.getByRole('status').first()).toContainText('Running on Everything')
  await expect(results.getByRole('button', { name: 'Send tool results' })).toBeDisabled()
  await results.getByRole('button', { name: 'Stop running calls' }).click()
  await expect(results.getByTestId('tool-round-stopped')).toContainText('Round stopped: a call was cancelled')
  await expect(results.getByRole('status').first()).toContainText(/stopped after \d+ ms: Everything was told/)
  await expect(results.getByRole('textbox').first()).toHaveValue(
    'The call was stopped by the user before it finished.',
  )
  await shot(page, 'text-tools-stopped-1024')
  // The Inspector shows the call's JSON-RPC messages on its server beside the exchange: the call and the cancel.
  await text.openInspector()
  await page.getByRole('tab', { name: 'Tool calls' }).click()
  const messages = page.getByTestId('tool-call-messages')
  await expect(messages).toContainText('→ sent tools/call')
  await expect(messages).toContainText('→ sent notifications/cancelled')
  await expect(messages).toContainText('trigger-long-running-operation')
  await shot(page, 'text-tools-inspector-1024')
  await page.getByRole('tab', { name: 'Request JSON' }).click()
  await results.getByRole('button', { name: 'Send tool results' }).click()
  await expect(page.getByRole('article', { name: /tool turn/ }).last()).toContainText('stopped by the user')
  await expect(page.getByRole('article', { name: /assistant turn/ }).last()).toContainText('Done', {
    timeout: 20_000,
  })
})

test('a canned result saved from a tried call answers the round without the tool running, its server disconnected (1920 px)', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1920, height: 1000 })
  await page.goto(app.url)
  await connectEverything(page)
  const section = page.getByRole('region', { name: 'Tool servers' })
  const tool = section
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Try get-sum' }) })
  await tool.getByRole('button', { name: 'Try get-sum' }).click()
  await tool.getByLabel('Arguments (JSON)').fill('{"a": 2, "b": 3}')
  await tool.getByRole('button', { name: 'Call', exact: true }).click()
  await expect(tool.getByTestId('tool-outcome')).toContainText('The sum of 2 and 3 is 5.')
  // Canned is offered only once a result is saved.
  await expect(tool.getByRole('option', { name: /Answer with the canned result/ })).toBeDisabled()
  await tool.getByRole('button', { name: 'Save as the canned result of get-sum' }).click()
  await expect(tool.getByText(/saved · 24 characters/)).toBeVisible()
  await tool.getByLabel('When the model calls it').selectOption('canned')
  await expect(tool.getByLabel('When the model calls it')).toHaveValue('canned')
  await shot(page, 'text-tools-canned-settings-1920')

  const text = new TextPage(page)
  await text.open()
  await text.choose('Messages', 'claude-sonnet-4-6')
  const offer = page.getByRole('group', { name: 'Tools from servers' })
  await offer.getByText('Tools of').click()
  await offer.getByRole('checkbox', { name: 'get-sum' }).check()
  // The server goes away: the canned result still answers.
  await new SettingsPage(page).open()
  await section.getByRole('button', { name: 'Disconnect' }).click()
  await expect(section.getByTestId('tool-server-status')).toContainText('Not connected')
  await text.open()
  await text.send('Use get-sum to add two numbers.')
  const turn = page.getByRole('article', { name: /tool turn/ }).last()
  await expect(turn).toContainText('The sum of 2 and 3 is 5.', { timeout: 20_000 })
  await expect(turn.locator('.badge.origin-canned')).toHaveText('canned')
  await expect(page.getByRole('article', { name: /assistant turn/ }).last()).toContainText('Done', {
    timeout: 20_000,
  })
  await shot(page, 'text-tools-canned-round-1920')
  await text.openInspector()
  await page.getByRole('tab', { name: 'Tool calls' }).click()
  await expect(page.getByTestId('tool-call-messages')).toContainText(
    'get-sum: answered with its canned result (not run)',
  )
  await shot(page, 'text-tools-canned-inspector-1920')
})
