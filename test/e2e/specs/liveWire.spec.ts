// The wire, live: with the Inspector's Stream tab open during a slow run, the request shows as sent and the
// frame count grows while the answer streams, before the run ends (built-in simulator, sim:tokens=).
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'

test('the Stream tab counts frames as they arrive during a slow run', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.openInspector()
  await text.send('sim:tokens=3000 please write at length')
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  const inspector = page.getByRole('region', { name: 'Inspector' })
  await expect(inspector).toContainText('Bearer ***')
  await inspector.getByRole('tab', { name: 'Stream' }).click()
  const count = page.getByTestId('live-frame-count')
  await expect(count).toContainText(/Streaming: \d+ frames? so far/)
  const read = async () => Number((await count.textContent())?.match(/(\d+)/)?.[1] ?? 0)
  const first = await read()
  await expect.poll(read, { timeout: 10_000 }).toBeGreaterThan(first)
  // Still streaming when the count grew: frames arrive live, not at the run's end.
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  await page.getByRole('button', { name: 'Stop' }).click()
})

test("the Stream tab left open counts the next run's frames from its start", async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.openInspector()
  // As the text-stream benchmark does: the Stream tab chosen first, then the run sent.
  await page.getByRole('tab', { name: 'Stream', exact: true }).click()
  await text.send('sim:tokens=40 a short first answer')
  await expect(page.getByTestId('run-footer')).toBeVisible({ timeout: 30_000 })
  // The live list is loaded now, so it mounts the moment the next run starts, before main has that run.
  await text.send('sim:tokens=3000 please write at length')
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  const count = page.getByTestId('live-frame-count')
  await expect(count).toContainText(/Streaming: [1-9]\d* frames? so far/)
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  await page.getByRole('button', { name: 'Stop' }).click()
})

test('the Response and Timing tabs are live while the answer streams', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.openInspector()
  await text.send('sim:tokens=3000 please write at length')
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  const inspector = page.getByRole('region', { name: 'Inspector' })

  await inspector.getByRole('tab', { name: 'Response' }).click()
  await expect(inspector).toContainText('HTTP 200')
  await expect(inspector.getByRole('table', { name: /response headers/ })).toContainText('text/event-stream')
  await expect(inspector).not.toContainText('Not sent yet')

  await inspector.getByRole('tab', { name: 'Timing' }).click()
  await expect(inspector).toContainText('Response headers')
  await expect(inspector).toContainText('(streaming)')
  const soFar = inspector.locator('dt:has-text("So far") + dd')
  const read = async () => Number((await soFar.textContent())?.match(/([\d.]+) ms/)?.[1] ?? 0)
  const first = await read()
  // The time so far grows while the answer streams.
  await expect.poll(read, { timeout: 5_000 }).toBeGreaterThan(first)
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.screenshot({ path: test.info().outputPath(`live-timing-${width}.png`) })
  }
  await page.getByRole('button', { name: 'Stop' }).click()
  // Once the run has ended, the tabs show the recorded exchange.
  await expect(inspector).toContainText('End')
})
