// The Video form lets the user decide, in Chromium against browser mode and the built-in simulator: a model the
// catalog does not list is typed, sent with the body of the family the user chose and the one note beside it;
// a limit the app assumed (the 20 MB image cap: the spec gives none) is a warning sent with "Send anyway";
// a limit the spec states still refuses, named beside its field in the form's words, with focus on it.
// The Text panel gives the same note for a text model id outside its list.
import { expect, test } from '../fixtures'
import { VideoPage } from '../pages/VideoPage'
import { pngFile } from '../pages/ImagesPage'

const NOTE = "not in this app's catalog; the gateway decides"

test('a model outside the catalog is typed, given a family body, noted and sent', async ({ page, app }) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.form
    .getByLabel('Model', { exact: true })
    .selectOption({ label: 'Another model (type its id)…' })
  await video.form.getByLabel('Model id', { exact: true }).fill('vendor-video-9')
  await video.form.getByLabel('Body to send', { exact: true }).selectOption('B')
  await expect(video.form.getByTestId('video-model-note')).toHaveText(`vendor-video-9: ${NOTE}`)
  // Family B's own fields are offered for it.
  await expect(video.form.getByLabel('Duration (durationSeconds)', { exact: true })).toBeVisible()
  await video.describe('a paper kite over dunes')
  await video.form.getByRole('button', { name: 'Show request' }).click()
  await expect(video.form.getByLabel('Request preview')).toContainText('"model": "vendor-video-9"')
  await expect(video.form.getByLabel('Request preview')).toContainText('"durationSeconds"')
  await video.generate()
  // Sent: the gateway (here the simulator) decides; the job exists under the typed id.
  await expect(video.jobs().first()).toHaveAccessibleName(/Job vendor-video-9: a paper kite/)
})

test('an image over the 20 MB the app assumed is a warning sent with "Send anyway"', async ({
  page,
  app,
}) => {
  test.setTimeout(90_000)
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famC-2.5-i2v-preview')
  await video.describe('the harbour wakes up')
  const small = pngFile('big.png', 64, 64)
  // A real PNG with 21 MB of trailing bytes: judged by its bytes, a PNG; by its size, over the assumed cap.
  const big = { ...small, buffer: Buffer.concat([small.buffer, Buffer.alloc(21 * 1024 * 1024)]) }
  await video.form.getByLabel('First frame (image) file').setInputFiles(big)
  await expect(video.form.getByRole('group', { name: 'First frame (image)' }).getByRole('img')).toBeVisible({
    timeout: 30_000,
  })
  // The image was just chosen, so its warning shows at once; Generate waits, "Send anyway" sends.
  const problems = video.form.getByRole('list', { name: 'Problems with this request' })
  await expect(problems).toContainText('Warning: image: big.png is 21.0 MB')
  await expect(problems).toContainText('the spec gives no bound')
  await expect(video.generateButton()).toBeDisabled()
  await expect(video.jobs()).toHaveCount(0)
  await video.form.getByRole('button', { name: 'Send anyway' }).click()
  await expect(video.jobs()).toHaveCount(1, { timeout: 30_000 })
})

test("an error the spec states refuses, named beside its field in the label's words, with focus there", async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famC-2.5-t2v-preview')
  await expect(video.form.getByRole('button', { name: 'Copy as curl' })).toBeEnabled()
  await video.generateButton().click()
  const prompt = video.form.getByLabel('Prompt', { exact: true })
  await expect(prompt).toBeFocused()
  await expect(video.form.locator('.field-error').first()).toHaveText('Prompt: fill this in (prompt)')
  await expect(video.form.getByRole('button', { name: 'Send anyway' })).toHaveCount(0)
  await expect(video.jobs()).toHaveCount(0)
})

test('the Text panel notes a model outside the catalog beside the model field', async ({ page, app }) => {
  await page.goto(app.url)
  await page.getByRole('tab', { name: /Text/ }).first().click()
  const model = page.getByLabel('Model', { exact: true })
  await model.fill('gpt-4o-mini-thinking')
  await expect(page.getByTestId('model-note')).toHaveCount(0)
  await model.fill('vendor-llm-7')
  await expect(page.getByTestId('model-note')).toHaveText(NOTE)
})

test('Generate pressed at once after typing a model id sends it with its note, not a refusal', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.form
    .getByLabel('Model', { exact: true })
    .selectOption({ label: 'Another model (type its id)…' })
  await video.form.getByLabel('Body to send', { exact: true }).selectOption('C')
  await video.describe('a lighthouse at dusk')
  // No wait for the request preview: the id is typed and Generate pressed straight after.
  await video.form.getByLabel('Model id', { exact: true }).fill('vendor-video-11')
  await video.generateButton().click()
  await expect(video.jobs().first()).toHaveAccessibleName(/Job vendor-video-11: a lighthouse/, {
    timeout: 30_000,
  })
  await expect(video.form.getByRole('alert')).toHaveCount(0)
})
