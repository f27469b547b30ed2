// Text's Send past the profile's monthly budget, in Chromium against browser mode's simulator and its demo prices:
// Send asks first with the estimate of this one message (its format and model, the local count of what is sent,
// Max tokens), checked by hand; Cancel sends nothing and keeps the message; "Send anyway" sends, and the same
// conversation is not asked again this month, after a reload too. Another conversation is asked on its own; a
// model without a price is never asked about, and Settings' spend this month counts its run apart, never as $0.
import type { Page, TestInfo } from '@playwright/test'
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    const path = testInfo.outputPath(`${name}-${width}.png`)
    await page.screenshot({ path })
    await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' })
  }
  await page.setViewportSize({ width: 1024, height: 768 })
}

/** The local count the meter beside Send shows for what Send would send. */
async function meterCount(page: Page): Promise<number> {
  await expect(page.getByTestId('context-meter')).toContainText('tokens')
  const text = (await page.getByTestId('context-meter').textContent()) ?? ''
  return Number(/≈ ([\d,]+)/.exec(text)?.[1]?.replace(/,/g, ''))
}

const turns = (page: Page, role: 'user' | 'assistant') => page.getByRole('article', { name: new RegExp(`^${role} turn`) })

test('Send past the monthly budget asks once per conversation and month, with the estimate of the message', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(app.url)
  await new SettingsPage(page).open()
  const prices = page.getByRole('region', { name: 'Prices for Local simulator' })
  await prices.getByRole('textbox', { name: 'Monthly budget' }).fill('0.0001')
  await prices.getByRole('button', { name: 'Save budget' }).click()
  await expect(prices.getByTestId('profile-spend')).toContainText('monthly budget')

  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await page.getByLabel('Max tokens', { exact: true }).fill('200')
  const message = 'Name three colours and say why you like them.'
  await page.getByLabel('Message', { exact: true }).fill(message)
  const input = await meterCount(page)
  expect(input).toBeGreaterThan(0)
  await page.getByLabel('Message', { exact: true }).press('Control+Enter')

  // gpt-4o-mini's demo price is $0.15 in / $0.60 out per 1M: N tokens sent and at most 200 back, rounded once.
  const byHand = Math.round(input * 0.15 + 200 * 0.6)
  const money = (micros: number) =>
    `$${(micros / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`
  const dialog = page.getByRole('dialog', { name: 'Over the monthly budget' })
  await expect(dialog).toContainText(
    `This message (Chat completions · gpt-4o-mini: ${input} tokens sent (local count), an answer of up to 200 tokens (Max tokens)) is estimated at ≈ ${money(byHand)}.`,
  )
  await expect(dialog).toContainText(
    `Local simulator: $0.00 spent this month of a $0.0001 budget, this run would pass it by ${money(byHand - 100)}.`,
  )
  await expect(dialog).toContainText('This conversation will not ask again this month.')
  await shot(page, testInfo, 'text-budget-dialog')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  // Nothing was sent and nothing typed was lost.
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(message)
  await expect(turns(page, 'user')).toHaveCount(0)

  await page.getByLabel('Message', { exact: true }).press('Control+Enter')
  await dialog.getByRole('button', { name: 'Send anyway' }).click()
  await text.waitDone()
  await expect(turns(page, 'assistant')).toHaveCount(1)

  // Asked once: the next message goes at once, and after a reload too.
  await text.send('And three more, please.')
  await expect(turns(page, 'assistant')).toHaveCount(2)
  await expect(dialog).toHaveCount(0)
  await page.reload()
  await expect(turns(page, 'assistant')).toHaveCount(2)
  await text.send('One last colour.')
  await expect(turns(page, 'assistant')).toHaveCount(3)
  await expect(dialog).toHaveCount(0)

  // Another conversation is asked on its own.
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page.getByTestId('conversation-title')).toHaveText('New conversation')
  await text.send('A colour for a new conversation.')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(turns(page, 'user')).toHaveCount(0)

  // A model without a price has nothing to weigh: nothing is asked.
  await page.getByLabel('Model', { exact: true }).fill('my-model')
  await page.getByLabel('Message', { exact: true }).press('Control+Enter')
  await expect(turns(page, 'assistant')).toHaveCount(1)
  await expect(dialog).toHaveCount(0)
  await shot(page, testInfo, 'text-budget-after')

  // Settings' month: the three priced answers as an amount, the run with no price counted apart (never $0).
  await new SettingsPage(page).open()
  const row = page
    .getByRole('table', { name: 'Spend this month' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Local simulator', exact: true }) })
  await expect(row).toContainText(/\$0\.\d+ over 3 runs; 1 run with no price set, not counted \(my-model; Settings → Prices\)/)
  await expect(page.getByTestId('profile-spend')).toContainText('1 run with no price set, not counted (my-model')
  await page.getByRole('table', { name: 'Spend this month' }).scrollIntoViewIfNeeded()
  await shot(page, testInfo, 'spend-unpriced')
})
