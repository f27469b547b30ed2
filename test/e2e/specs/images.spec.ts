// The Images panel and the Jobs view in Chromium against browser mode's built-in simulator: a batch of 4 opens in
// the lightbox; an uploaded product photo makes an easy-mode photo-shoot; painted masks make an advanced one;
// a try-on with uploaded photos is followed in the Jobs view and shown before/after; a restart mid-poll resumes
// the try-on and fetches its result once; bad input and an unreachable console are shown with the cause.
import { expect, test } from '../fixtures'
import { ImagesPage, pngFile } from '../pages/ImagesPage'
import { SettingsPage } from '../pages/SettingsPage'

test('a batch of 4 images lands in the gallery and one opens in the lightbox with zoom', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  const form = images.form('Batch images')
  await form.getByLabel('Prompt', { exact: true }).fill('a red chair in a white room')
  await form.getByLabel(/Number of images/).fill('4')
  await form.getByRole('button', { name: 'Generate images' }).click()
  await images.newest('succeeded')
  await expect(images.thumbnails()).toHaveCount(4)
  await images.thumbnails().nth(2).click()
  const viewer = page.getByRole('dialog', { name: 'Image viewer' })
  await expect(viewer).toContainText('3 / 4')
  await expect(viewer.getByTestId('lightbox-image')).toHaveJSProperty('complete', true)
  expect(
    await viewer.getByTestId('lightbox-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0)
  await viewer.getByRole('button', { name: 'Zoom in' }).click()
  await expect(viewer).toContainText('150%')
  const download = page.waitForEvent('download')
  await viewer.getByRole('button', { name: 'Download' }).click()
  expect((await download).suggestedFilename()).toMatch(/^batch-images-.*\.png$/)
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
})

test('bad batch input is shown once touched, naming the field; nothing is sent', async ({ page, app }) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  const form = images.form('Batch images')
  await expect(form.getByRole('alert')).toHaveCount(0)
  await form.getByLabel(/Number of images/).fill('0')
  await expect(form.getByRole('alert')).toContainText(
    'Number of images (1–16): must be at least 1 (got 0) (n)',
  )
  await form.getByRole('button', { name: 'Generate images' }).click()
  await expect(form.getByRole('alert').filter({ hasText: 'Prompt: fill this in (prompt)' })).toBeVisible()
  await expect(page.getByTestId('image-job')).toHaveCount(0)
})

test("batch images' quality, response format and optimize prompt offer their usual values, and any other", async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  const form = images.form('Batch images')
  await form.getByLabel('Quality', { exact: true }).selectOption('high')
  await form.getByLabel('Response format', { exact: true }).selectOption('b64_json')
  await form.getByLabel('Optimize prompt', { exact: true }).selectOption({ label: 'Other…' })
  await form.getByLabel('Optimize prompt, other value').fill('creative')
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.screenshot({ path: test.info().outputPath(`batch-choices-${width}.png`) })
  }
  await page.getByText('Request JSON: edit and send exactly this').click()
  const body = page.getByLabel('Request JSON', { exact: true })
  await expect(body).toHaveValue(/quality": "high"/)
  await expect(body).toHaveValue(/responseFormat": "b64_json"/)
  await expect(body).toHaveValue(/optimizePrompt": "creative"/)
})

test('an uploaded product photo makes an easy-mode photo-shoot', async ({ page, app }) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  await images.openTab('Photo-shoot')
  const form = images.form('Photo-shoot')
  await form.getByLabel('Part 1 text').fill('the bottle on a beach at sunset')
  await images.upload(form, 'Part 2 image', pngFile('bottle.png', 120, 160))
  await form.getByRole('button', { name: 'Start photo-shoot' }).click()
  await images.newest('succeeded')
  await expect(page.getByTestId('before-after')).toBeVisible()
  await expect(images.thumbnails()).toHaveCount(1)
})

test('masks painted over the uploaded images make an advanced photo-shoot', async ({ page, app }) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  await images.openTab('Photo-shoot')
  const form = images.form('Photo-shoot')
  await form.getByLabel('Advanced: images with masks').check()
  for (const which of ['Product', 'Template'] as const) {
    await images.upload(form, `${which} image`, pngFile(`${which}.png`, 200, 150))
    await form.getByRole('button', { name: `Paint the ${which.toLowerCase()} mask` }).click()
    const canvas = form.getByTestId('mask-canvas')
    const box = (await canvas.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.6, { steps: 8 })
    await page.mouse.up()
    await form.getByRole('button', { name: 'Invert' }).click()
    await form.getByRole('button', { name: 'Invert' }).click()
    await form.getByRole('button', { name: 'Use this mask' }).click()
    await expect(form.getByRole('group', { name: `${which} mask`, exact: true })).toContainText('200×150 PNG')
  }
  await expect(form.getByText('as a data URL')).toBeVisible()
  await form.getByRole('button', { name: 'Start photo-shoot' }).click()
  const job = await images.newest('succeeded')
  await expect(job).toContainText('result fetched 1×')
  await expect(images.thumbnails()).toHaveCount(2)
})

test('a try-on is followed in the Jobs view, shown before/after, and a restart mid-poll still finishes it once', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  await images.openTab('Try-on')
  const form = images.form('Try-on')
  await images.upload(form, 'Model photo', pngFile('model.png', 120, 180))
  await images.upload(form, 'Garment 1', pngFile('shirt.png', 80, 80))
  await form.getByRole('button', { name: 'Start try-on' }).click()
  await images.openJobs()
  const row = images.jobRows('Try-on').first()
  await expect(row).toHaveAttribute('data-status', /submitted|in_progress|downloading|succeeded/)
  await expect(row).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 })
  await expect(row).toContainText('result fetched 1×')
  await row.getByRole('button', { name: 'Open in Images' }).click()
  await expect(page.getByTestId('before-after')).toBeVisible()
  await page.getByLabel('Before/after split').fill('20')

  // A second try-on, with the app restarted while it is being polled.
  await form.getByRole('button', { name: 'Start try-on' }).click()
  await expect(page.getByTestId('image-job')).toHaveAttribute('data-status', /submitted|in_progress/)
  await app.restart()
  await page.goto(app.url)
  await images.openJobs()
  await expect(images.jobRows('Try-on')).toHaveCount(2)
  const resumed = images.jobRows('Try-on').first()
  await expect(resumed).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 })
  await expect(resumed).toContainText('result fetched 1×')
})

test('an unreachable console ends the image job failed with the cause, and retry is offered', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.createProfile({
    name: 'Down',
    baseUrl: 'http://127.0.0.1:9',
    consoleBaseUrl: 'http://127.0.0.1:9',
  })
  await settings.card('Down').getByRole('button', { name: 'Use this profile' }).click()
  const images = new ImagesPage(page)
  await images.open()
  const form = images.form('Batch images')
  await form.getByLabel('Prompt', { exact: true }).fill('a lamp')
  await form.getByRole('button', { name: 'Generate images' }).click()
  await expect(form.getByRole('alert')).toContainText('no console access token')
  await expect(form.getByLabel('Prompt', { exact: true })).toHaveValue('a lamp')
  await expect(page.getByTestId('image-job')).toHaveCount(0)

  await settings.open()
  const card = settings.card('Down')
  await card.getByLabel('Console token (write only)').fill('console-unreachable-token')
  await card.getByRole('button', { name: 'Save Console token' }).click()
  await images.open()
  await form.getByRole('button', { name: 'Generate images' }).click()
  const job = await images.newest('failed')
  await expect(job.getByTestId('job-error')).toContainText('Could not reach http://127.0.0.1:9')
  await images.openJobs()
  await expect(images.jobRows('Batch images').first().getByRole('button', { name: 'Retry' })).toBeEnabled()
})
