// Context in view: the next request's size (the local tokenizer's estimate, nothing sent to the gateway) beside
// Send, counted again a moment after each change with no button pressed, beside the model's context window from
// the model list, and a warning before Send when it would not fit; Send still sends.
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'

const tokensOf = (text: string) => Number(text.replace(/^≈ ([\d,]+).*$/s, '$1').replace(/,/g, ''))

for (const width of [1024, 1920]) {
  test(`the next request's tokens are in view as the user types, beside the context window, with a warning when it would not fit (${width} px)`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    // gemini-2.5-flash-image: a 32,768-token context window in the app's price list.
    await text.choose('Chat completions', 'gemini-2.5-flash-image')
    const meter = page.getByTestId('context-meter')
    const warning = page.getByTestId('context-warning')
    const box = page.getByLabel('Message', { exact: true })
    await box.fill('Tell me about lighthouses.')
    await expect(meter).toHaveText(/^≈ \d+ \/ 33K tokens$/)
    const short = tokensOf(await meter.innerText())
    // Typing on: the count follows with no button pressed.
    await box.pressSequentially(' And about the keepers who lived in them, year after year.')
    await expect.poll(async () => tokensOf(await meter.innerText())).toBeGreaterThan(short + 5)
    await expect(warning).toHaveCount(0)

    // Past the window: a warning before Send, and Send still sends.
    await box.fill('lighthouse keeper '.repeat(20_000))
    await expect(warning).toContainText("gemini-2.5-flash-image's context window is 32,768")
    await expect(warning).toContainText('You can still send.')
    expect(tokensOf(await meter.innerText())).toBeGreaterThan(32_768)
    await page.screenshot({ path: test.info().outputPath(`context-over-${width}.png`) })

    // Inside the window, but the answer's room is less than Max tokens asks.
    await box.fill('lighthouse keeper '.repeat(5_000))
    await expect(warning).toHaveCount(0)
    const sized = tokensOf(await meter.innerText())
    expect(sized).toBeLessThan(32_768 - 1024)
    await page.getByLabel('Max tokens', { exact: true }).fill(String(32_768 - sized + 10))
    await expect(warning).toContainText('less than Max tokens')
    await page.getByLabel('Max tokens', { exact: true }).fill('1024')

    await box.fill('A short question.')
    await expect.poll(async () => tokensOf(await meter.innerText())).toBeLessThan(short)
    await expect(warning).toHaveCount(0)
    const question = tokensOf(await meter.innerText())
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('A short question.')
    await text.waitDone()
    // The conversation counts too: the next request holds the turns and the message being typed.
    await box.fill('x')
    const next = expect.poll(async () => tokensOf(await meter.innerText()))
    await next.toBeGreaterThan(question + 50)
    await next.toBeLessThan(1000)
    await page.screenshot({ path: test.info().outputPath(`context-meter-${width}.png`) })
  })
}
