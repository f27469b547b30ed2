// Answers shown whole, in Chromium against the built-in simulator: a search-grounded native answer shows its
// sources (safe links with titles), the span each supports, the search queries, safety ratings, the model
// version and usage fields in the metrics; a responses answer with web search shows its URL citations and its
// id with a copy button, and "Continue from this response" sends the next turn with previous_response_id and
// only the new message; chat shows its system fingerprint.
import { expect, test } from '../fixtures'
import type { Page } from '@playwright/test'
import { createServer, type Server } from 'node:http'
import { TextPage } from '../pages/TextPage'
import { SettingsPage } from '../pages/SettingsPage'
import { HistoryPage } from '../pages/HistoryPage'

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a grounded native answer shows its sources, spans, queries, safety and model version', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Native (generateContent)', 'gemini-2.5-flash')
  await page.getByLabel('vendorSearch tool').check()
  await text.send('Who keeps the lighthouse at Pointe?')
  await text.waitDone()
  const details = page.getByTestId('answer-details').last()
  const sources = details.getByTestId('citation')
  await expect(sources).toHaveCount(2)
  const first = sources.first().getByRole('link', { name: 'Simulated source one (example.org)' })
  await expect(first).toHaveAttribute('href', /^https:\/\/example\.org\/sim-search\/1\?q=/)
  await expect(sources.first().getByTestId('supported-span')).toContainText('Simulated search:')
  await expect(details.getByTestId('search-queries')).toContainText('Who keeps the lighthouse at Pointe?')
  await expect(details.getByTestId('safety')).toContainText('Safety ratings: all negligible')
  await expect(page.getByTestId('run-footer')).toContainText('model version gemini-2.5-flash')
  await expect(page.getByTestId('run-footer')).toContainText(/Prompt tokens \(text\) \d+/)
  await details.scrollIntoViewIfNeeded()
  await shoot(page, 'native-grounding')
  // History's run view shows the same, from the summary it kept.
  const history = new HistoryPage(page)
  await history.open()
  await history.openRow(/Who keeps the lighthouse/)
  await expect(history.detail.getByTestId('citation')).toHaveCount(2)
  await expect(history.detail.getByTestId('safety')).toContainText('all negligible')
})

test('responses: URL citations, the id with a copy button, and Continue from this response', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Responses', 'gpt-5-mini')
  await page.getByLabel('web_search_preview tool').check()
  await text.send('Find the harbour master of Brest.')
  await text.waitDone()
  const details = page.getByTestId('answer-details').last()
  await expect(details.getByTestId('citation')).toHaveCount(2)
  await expect(details.getByRole('link', { name: 'Simulated source two (example.org)' })).toBeVisible()
  const id = (await details.getByTestId('response-id').locator('code').textContent()) ?? ''
  expect(id).toMatch(/^resp_/)
  await expect(details.getByRole('button', { name: 'Copy response id' })).toBeVisible()
  await details.getByRole('button', { name: 'Continue from this response' }).click()
  await expect(
    details.getByRole('button', { name: 'Next turn continues from this response' }),
  ).toHaveAttribute('aria-pressed', 'true')
  await shoot(page, 'responses-citations')
  // The request preview is what Send will send: the new message alone, after the response by id.
  await page.getByLabel('Message', { exact: true }).fill('And who was before?')
  await page.getByRole('tab', { name: 'Request JSON' }).click()
  await expect(page.getByText(`"previous_response_id": "${id}"`)).toBeVisible()
  await text.send('And who was before?')
  await text.waitDone()
  await text.openInspector()
  const request = page.getByRole('region', { name: 'Request' })
  await expect(request).toContainText(`"previous_response_id": "${id}"`)
  await expect(request).not.toContainText('Find the harbour master of Brest.')
  // The conversation on screen stays whole.
  await expect(page.getByRole('article', { name: /user turn 1/ })).toContainText('Find the harbour master')
})

test('chat shows its system fingerprint in the metrics', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('Hello there.')
  await text.waitDone()
  await expect(page.getByTestId('run-footer')).toContainText('fingerprint fp_simulator')
})

test('an HTML error page from a proxy shows its words, with the raw body one click away', async ({
  page,
  app,
}) => {
  const html =
    '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>'
  const server: Server = createServer((req, res) => {
    req.resume()
    res.writeHead(502, { 'content-type': 'text/html' })
    res.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const port = (server.address() as { port: number }).port
    await page.goto(app.url)
    const settings = new SettingsPage(page)
    await settings.open()
    await settings.createProfile({ name: 'Behind nginx', baseUrl: `http://127.0.0.1:${port}` })
    await settings.saveApiKey('Behind nginx', 'sk-e2e-0000000000')
    const text = new TextPage(page)
    await text.open()
    await page.getByLabel('Profile').selectOption({ label: 'Behind nginx' })
    await text.choose('Chat completions', 'gpt-4o-mini')
    await text.send('Hello?')
    const error = page.getByTestId('run-error')
    await expect(error).toContainText('502 Bad Gateway: nginx (an HTML page)')
    await expect(error).not.toContainText('without an error message')
    await error.getByText('Raw error body').click()
    await expect(error.getByTestId('raw-error-body').locator('pre')).toHaveText(html)
    await shoot(page, 'html-error')
  } finally {
    server.close()
  }
})
