// What a user reads is words, not the app's internals: a failed run's plain-words error has the app's own code
// folded under Details (there to copy), a native answer's usage counts read "Prompt tokens (text)" and its
// creation time is a local date and time, and History's rows name the format as its filter does.
import { expect, test } from '../fixtures'
import { HistoryPage } from '../pages/HistoryPage'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'

for (const width of [1024, 1920]) {
  test(`errors, usage counts, times and formats read in words (${width} px)`, async ({ page, app }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()

    // A native answer: its metrics in words and its creation time local.
    await text.choose('Native (generateContent)', 'gemini-2.5-flash')
    await text.send('Name a lighthouse.')
    await text.waitDone()
    const footer = page.getByTestId('run-footer').last()
    await expect(footer).toContainText('Prompt tokens (text)')
    await expect(footer).not.toContainText('promptTokensDetails')
    await expect(footer).toContainText('created')
    await expect(footer).not.toContainText(/\d{4}-\d\d-\d\dT\d\d:\d\d/)
    await page.screenshot({ path: test.info().outputPath(`native-metrics-${width}.png`) })

    // A chat run beside it, then History names both formats as its filter does.
    await page.getByRole('button', { name: 'New conversation' }).click()
    await text.choose('Chat completions', 'gpt-4o-mini')
    await text.send('Name a harbour.')
    await text.waitDone()
    const history = new HistoryPage(page)
    await history.open()
    await expect(history.rows).toHaveCount(2)
    await expect(history.rows.filter({ hasText: 'Name a harbour.' })).toContainText('Chat completions')
    await expect(history.rows.filter({ hasText: 'Name a lighthouse.' })).toContainText(
      'Native (generateContent)',
    )
    await page.screenshot({ path: test.info().outputPath(`history-formats-${width}.png`) })

    // A profile whose gateway does not answer: the words show, the code only under Details.
    const settings = new SettingsPage(page)
    await settings.open()
    await settings.createProfile({ name: 'Nowhere', baseUrl: 'http://127.0.0.1:9' })
    await settings.saveApiKey('Nowhere', 'sk-nowhere-0123456789')
    await text.openWith('Nowhere')
    await text.send('Is anyone there?')
    const error = page.getByTestId('run-error').last()
    await expect(error).toBeVisible({ timeout: 30_000 })
    const details = error.locator('details')
    await expect(details.locator('summary')).toHaveText('Details')
    expect(await error.evaluate((el) => (el as HTMLElement).innerText)).not.toMatch(/[A-Z]+_[A-Z_]+/)
    await page.screenshot({ path: test.info().outputPath(`error-words-${width}.png`) })
    await details.locator('summary').click()
    await expect(details).toContainText(/Error code [A-Z]+_[A-Z_]+/)
  })
}
