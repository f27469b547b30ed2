// `{{variables}}` in the Text and Compare panels, in Chromium against browser mode and its simulator, at 1024 and
// 1920 px: the table appears once the prompt names a variable, the names without a value are listed (not as errors)
// before Send, Send is held naming them, the Request preview shows the filled body, and what was sent (the
// Inspector) is the filled text while the conversation keeps the names. Compare fills every column the same way.
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'
import { ComparePage } from '../pages/ComparePage'
import { expectCleanLayout } from '../pages/layoutCheck'
import type { Page, TestInfo } from '@playwright/test'

async function fits(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await expectCleanLayout(page, testInfo, `${name}-${width}`)
  }
}

test('Text fills {{variables}} into what is sent and holds Send while one has no value', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(90_000)
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  const table = page.getByRole('group', { name: 'Variables' })
  await expect(table).toHaveCount(0)

  await page.getByLabel('System prompt').fill('Answer in {{language}}.')
  await page.getByLabel('Message', { exact: true }).fill('Describe {{city}} in one line.')
  await expect(table).toBeVisible()
  await expect(page.getByLabel('Value of language')).toBeVisible()
  await expect(page.getByLabel('Value of city')).toBeVisible()
  // Named before Send, but nothing is an error yet.
  await expect(page.getByTestId('unset-variables')).toHaveText(
    'No value yet for {{language}}, {{city}}: Send waits for them.',
  )
  await expect(page.locator('.text-panel .field-error')).toHaveCount(0)
  await fits(page, testInfo, 'text-variables')

  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('alert', { name: 'Cannot send' })).toContainText(
    'Variables: no value for {{language}}, {{city}}',
  )
  await expect(page.getByLabel('Value of city')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Value of language').fill('French')
  await page.getByLabel('Value of city').fill('Lyon')
  await expect(page.getByTestId('unset-variables')).toHaveCount(0)
  const body = page.getByLabel('Request body JSON')
  await expect(body).toHaveValue(/Answer in French\./)
  await expect(body).toHaveValue(/Describe Lyon in one line\./)
  await expect(body).not.toHaveValue(/\{\{/)

  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await text.waitDone()
  // The conversation keeps the names; the request that went out carried the values.
  await expect(page.getByRole('article', { name: /user turn/ }).last()).toContainText('Describe {{city}}')
  await text.openInspector()
  const inspector = page.getByRole('region', { name: 'Request' })
  await expect(inspector).toContainText('Describe Lyon in one line.')
  await expect(inspector).not.toContainText('{{city}}')
  await fits(page, testInfo, 'text-variables-sent')
})

test('Compare fills the shared prompt\u2019s variables into every column', async ({ page, app }, testInfo) => {
  test.setTimeout(90_000)
  await page.goto(app.url)
  const compare = new ComparePage(page)
  await compare.open()
  await compare.usePreset('gpt-4o-mini')
  await page.getByLabel('Prompt', { exact: true }).fill('Name a river in {{country}}.')
  await expect(page.getByLabel('Value of country')).toBeVisible()
  await page.getByRole('button', { name: 'Run all' }).click()
  await expect(page.getByText('Variables: no value for {{country}}').first()).toBeVisible()
  await page.getByLabel('Value of country').fill('Peru')
  await compare.showColumnTab(3, 'Body')
  await expect(compare.column(3)).toContainText('Name a river in Peru.')
  await compare.showColumnTab(3, 'Answer')
  await page.getByRole('button', { name: 'Run all' }).click()
  for (const n of [1, 2, 3, 4])
    await expect(compare.column(n).getByTestId('run-footer')).toContainText('total', { timeout: 30_000 })
  await fits(page, testInfo, 'compare-variables')
})
