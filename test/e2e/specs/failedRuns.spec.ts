// A failed run offers Retry on its card, and a new message after a failure asks whether the unanswered one stays:
// never two user turns in a row without the user choosing it.
import { expect, test } from '../fixtures'
import type { Page } from '@playwright/test'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'

/**
 * A copy of the simulator's profile whose first `times` requests carrying `key` fail with a 500 (a run makes
 * three attempts at a 500 before it fails: R1).
 */
async function failingFirst(page: Page, key: string, times = 1): Promise<string> {
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.profileButton(/Local simulator/).click()
  await settings.card('Local simulator').getByRole('button', { name: 'Duplicate' }).click()
  const name = 'Local simulator (copy)'
  await settings.card(name).getByRole('button', { name: 'Edit' }).click()
  const form = page.getByRole('form', { name: `Edit ${name}` })
  const headers = [
    ['x-sim-fault', '500'],
    ['x-sim-fault-once', key],
    ['x-sim-fault-times', String(times)],
  ]
  for (const [i, [header, value]] of headers.entries()) {
    await form.getByRole('button', { name: 'Add header' }).click()
    await form.getByLabel(`Header ${i + 1} name`).fill(header!)
    await form.getByLabel(`Header ${i + 1} value`).fill(value!)
  }
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(settings.card(name)).toContainText('x-sim-fault-once')
  return name
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a failed run offers Retry, which sends the same conversation again', async ({ page, app }) => {
  await page.goto(app.url)
  const profile = await failingFirst(page, 'retry-once', 3)
  const text = new TextPage(page)
  await text.openWith(profile)
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('Why is the sea salty?')
  await expect(page.getByTestId('run-status')).toHaveText('Failed')
  await expect(page.getByTestId('run-error')).toContainText('HTTP 500')
  // No usage came back: the gateway billed nothing, and the app charges nothing (no estimate of the request).
  await expect(page.getByTestId('run-footer')).toContainText('failed before billing, nothing charged')
  await shoot(page, 'failed-with-retry')
  await page.getByRole('button', { name: 'Retry' }).click()
  await text.waitDone()
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('Why is the sea salty?')
  await expect(page.getByRole('article', { name: 'assistant turn 2' })).toContainText('salty')
  await expect(page.getByRole('article', { name: /turn 3/ })).toHaveCount(0)
})

test('a new message after a failure asks whether to drop the unanswered one', async ({ page, app }) => {
  await page.goto(app.url)
  const profile = await failingFirst(page, 'drop-or-keep', 6)
  const text = new TextPage(page)
  await text.openWith(profile)
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('First try')
  await expect(page.getByTestId('run-status')).toHaveText('Failed')

  // Cancel: nothing is sent and the message stays in the box.
  await text.send('Second try')
  const dialog = page.getByRole('dialog', { name: 'The last message has no answer' })
  await expect(dialog).toContainText('“First try”')
  await shoot(page, 'drop-the-unanswered')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Second try')
  await expect(page.getByRole('article', { name: /user turn/ })).toHaveCount(1)

  // Keep both: the user chose two user turns in a row.
  await page.getByLabel('Message', { exact: true }).press('Control+Enter')
  await dialog.getByRole('button', { name: 'Keep both and send' }).click()
  await expect(page.getByTestId('run-status')).toHaveText('Failed')
  await expect(page.getByRole('article', { name: 'user turn 2' })).toContainText('Second try')

  // Drop it: the unanswered message goes, the new one is answered after the first.
  await text.send('Third try')
  await dialog.getByRole('button', { name: 'Drop it and send' }).click()
  await text.waitDone()
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('First try')
  await expect(page.getByRole('article', { name: 'user turn 2' })).toContainText('Third try')
  await expect(page.getByRole('article', { name: 'assistant turn 3' })).toBeVisible()
  await expect(page.getByText('Second try')).toHaveCount(0)
})
