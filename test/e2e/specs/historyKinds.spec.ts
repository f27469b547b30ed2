// The History panel with every kind of run, as a user sees it in Chromium against browser mode: a video job that
// finishes while the panel is open appears without reopening it; an embed shows with its kind filter, its input,
// the body as sent and a result summary instead of vectors; screenshots at 1024 and 1920 px.
import { expect, test } from '../fixtures'
import { EmbeddingsPage } from '../pages/EmbeddingsPage'
import { HistoryPage } from '../pages/HistoryPage'
import { VideoPage } from '../pages/VideoPage'

test('a video job finishing while History is open appears live; an embed opens with its body and result', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.goto(app.url)
  const history = new HistoryPage(page)
  await history.open()
  await expect(page.getByText('No runs yet.')).toBeVisible()

  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famC-2.5-t2v-preview')
  await video.describe('a heron standing in the shallows')
  await video.generate()
  await expect(video.jobs().first()).toBeVisible()
  // Back to History while the job still polls; the finished job arrives there without leaving the panel.
  await history.open()
  await expect(history.rows).toHaveCount(0)
  await expect(history.rows).toHaveCount(1, { timeout: 60_000 })
  await expect(history.status).toContainText('1 run')
  await expect(history.rows.first()).toContainText('a heron standing in the shallows')
  await expect(history.rows.first()).toContainText('Video')
  await history.openRow(/a heron standing/)
  await expect(history.detail.getByTestId('history-run-kind')).toHaveText('Video')
  await expect(history.detail.getByTestId('history-run-status')).toHaveText('done')
  await expect(history.detail.getByTestId('history-result-summary')).toContainText('video/mp4')
  await expect(history.detail.getByTestId('history-result-facts')).toContainText('"mediaId"')
  await expect(history.detail.getByTestId('history-request-body')).toContainText('a heron standing')
  await expect(history.detail.getByRole('tablist', { name: 'Recorded exchange' })).toBeVisible()

  const embeddings = new EmbeddingsPage(page)
  await embeddings.open()
  await embeddings.setInputs(['The kingfisher dives.', 'A kettle boils.', 'Rain on the roof.'])
  await embeddings.embed()
  await embeddings.expectPictures(3)
  await history.open()
  await expect(history.status).toContainText('2 runs')
  await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Embeddings' })
  await expect(history.status).toContainText('1 run')
  await history.openRow(/kingfisher/)
  await expect(history.detail.getByTestId('history-run-kind')).toHaveText('Embeddings')
  await expect(history.detail.getByTestId('history-result-summary')).toHaveText(
    /^3 vectors of \d+ dimensions$/,
  )
  await expect(history.detail.getByTestId('history-request-body')).toContainText('The kingfisher dives.')
  await expect(history.detail.getByTestId('history-result-facts')).not.toContainText('0.0')

  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    await expect(history.detail).toBeVisible()
    const path = testInfo.outputPath(`history-embed-run-${width}.png`)
    await page.screenshot({ path })
    await testInfo.attach(`history-embed-run-${width}`, { path, contentType: 'image/png' })
  }
})
