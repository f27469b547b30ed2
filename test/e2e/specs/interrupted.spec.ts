// A run the app stops in the middle of (here the host is stopped while the answer streams; a kill -9 is covered
// in test/integration/hostileProcess.test.ts) is kept: the next start's Text panel says so once, and History
// opens it as "interrupted" with what had arrived.
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'

test('a run cut off by the app stopping is announced on the next start and kept in History', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o')
  await text.send('sim:tokens=8000 a long answer please')
  await expect(text.answer).toContainText(/\w+/, { timeout: 20_000 })
  await page.waitForTimeout(1500)
  await app.restart()
  await page.goto(app.url)
  await text.open()
  const notice = page.getByRole('status', { name: 'Interrupted runs' })
  await expect(notice).toContainText('A run was interrupted when the app last stopped')
  await expect(notice).toContainText('sim:tokens=8000 a long answer please')
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.screenshot({ path: test.info().outputPath(`interrupted-notice-${width}.png`) })
  }
  await notice.getByRole('button', { name: 'Open in History' }).click()
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible()
  await expect(
    page.getByText('The app stopped while this run was going; what had arrived by then is kept.'),
  ).toBeVisible()
  // Seen once: a reload does not bring the notice back.
  await page.reload()
  await text.open()
  await expect(page.getByRole('status', { name: 'Interrupted runs' })).toHaveCount(0)
})
