// The Video panel in Chromium against browser mode and its built-in simulator (video clock ×4): a job runs to
// success and its <video> loads metadata and seeks (M4 over the /media route); a failure shows its code and
// message; a wrong-size image is refused before sending (R8); jobs and files survive a restart; a job that
// finishes while another panel is shown raises a toast; browser mode's "Save as…" downloads the file.
import { expect, test } from '../fixtures'
import { VideoPage } from '../pages/VideoPage'
import { pngHeader } from '../../fakes/imageHeaders'

test('a family C job runs to success and its video loads metadata and seeks', async ({ page, app }) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famC-2.5-t2v-preview')
  await video.describe('a paper boat drifting down a river')
  await video.generate()
  const job = await video.waitForNewest('succeeded')
  await expect(job).toContainText('famC-2.5-t2v-preview')

  const player = video.player()
  await expect(player).toBeVisible()
  await expect(player).toHaveAttribute('src', /^\/media\/[a-f0-9]{32}$/)
  const metadata = await player.evaluate(async (el: HTMLVideoElement) => {
    if (el.readyState < 1) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }))
    return { readyState: el.readyState, duration: el.duration }
  })
  expect(metadata.readyState).toBeGreaterThanOrEqual(1)
  expect(metadata.duration).toBeGreaterThan(0)
  const seeked = await player.evaluate(async (el: HTMLVideoElement) => {
    const target = el.duration / 2
    const done = new Promise((r) => el.addEventListener('seeked', r, { once: true }))
    el.currentTime = target
    await done
    return { target, currentTime: el.currentTime }
  })
  expect(Math.abs(seeked.currentTime - seeked.target)).toBeLessThan(0.5)
  // The card says what was asked; the player says what the clip is, and when that is not what was asked.
  await expect(job).toContainText(/asked \d+ s/)
  const played = page.getByTestId('video-played')
  await expect(played).toContainText(`plays ${metadata.duration.toFixed(1)} s`)
  const size = await player.evaluate((el: HTMLVideoElement) => `${el.videoWidth}×${el.videoHeight}`)
  await expect(played).toContainText(size)
  const asked = Number(/asked (\d+) s/.exec(await job.innerText())![1])
  if (Math.abs(asked - metadata.duration) >= 0.5)
    await expect(page.getByTestId('video-asked-note')).toContainText(`Not the ${asked} s`)
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.screenshot({ path: test.info().outputPath(`video-clip-${width}.png`) })
  }
})

test('a failed job shows its error code and message; retry submits it again', async ({ page, app }) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famD-1-0-pro-250528')
  await video.describe('this one will fail')
  await video.generate()
  const job = await video.waitForNewest('failed')
  await expect(job.getByTestId('job-error')).toContainText('500')
  await expect(job.getByTestId('job-error')).toContainText('Simulated generation failure')
  await job.getByRole('button', { name: 'Details' }).click()
  const details = page.getByRole('dialog', { name: 'Job details' })
  const submit = details.getByRole('list', { name: 'Exchanges' }).getByRole('button', { name: /^Submit/ })
  await expect(submit).toContainText('POST /v1/video/generations')
  await submit.click()
  const inspector = details.getByRole('region', { name: 'Submit inspector' })
  await inspector.getByRole('tab', { name: 'Request' }).click()
  await expect(inspector).toContainText('Bearer ***')
  await details.getByRole('tab', { name: 'Request & code' }).click()
  await expect(details.getByRole('region', { name: 'Code export of the submit' })).toContainText(
    '$GATEWAY_API_KEY',
  )
  await details.getByRole('button', { name: 'Close' }).click()
  await job.getByRole('button', { name: 'Retry' }).click()
  await expect(video.jobs()).toHaveCount(2)
})

test('a family A first frame of the wrong size is refused before sending (R8)', async ({ page, app }) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famA-2')
  await video.chooseMode('first frame (image-to-video)')
  await video.describe('pan across the bay')
  await video.form.getByLabel('First frame (input_reference) file').setInputFiles({
    name: 'landscape.png',
    mimeType: 'image/png',
    buffer: Buffer.from(pngHeader(1280, 720)),
  })
  await expect(video.form.getByText('1280×720 PNG')).toBeVisible()
  await expect(video.form.getByRole('alert').first()).toContainText('must be exactly 720x1280 pixels')
  await expect(video.generateButton()).toBeDisabled()
  await expect(video.form.getByRole('list', { name: 'Problems with this request' })).toContainText(
    'input_reference',
  )

  await video.form.getByLabel('First frame (input_reference) file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  })
  await expect(video.form.getByRole('alert').first()).toContainText('images must be JPEG or PNG')
  await expect(video.jobs()).toHaveCount(0)
})

test('jobs and their files survive a restart; Save as downloads the video', async ({ page, app }) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famB-3.0-fast-generate-001')
  await video.describe('inline: waves on black rocks')
  await video.generate()
  await video.waitForNewest('succeeded')

  await app.restart()
  await page.goto(app.url)
  await video.open()
  const job = await video.waitForNewest('succeeded', 10_000)
  await job.getByRole('button', { name: 'Preview' }).click()
  const duration = await video.player().evaluate(async (el: HTMLVideoElement) => {
    if (el.readyState < 1) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }))
    return el.duration
  })
  expect(duration).toBeGreaterThan(0)

  const download = page.waitForEvent('download')
  await job.getByRole('button', { name: 'Save as…' }).click()
  expect((await download).suggestedFilename()).toMatch(/^famB-3\.0-fast-generate-001-.*\.mp4$/)
})

test('a job that finishes while another panel is shown raises a toast that opens the panel', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famD-1-5-pro-251215')
  await video.describe('rain on a window')
  await video.generate()
  await page.getByRole('tab', { name: /Settings/ }).click()
  const toast = page.getByRole('status').filter({ hasText: 'Video ready' })
  await expect(toast).toBeVisible({ timeout: 45_000 })
  await toast.getByRole('button', { name: 'Open' }).click()
  await expect(page.getByRole('heading', { name: 'Video', level: 1 })).toBeVisible()
  await expect(video.player()).toBeVisible()
})
