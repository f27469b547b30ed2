// Request JSON for video and image jobs in Chromium against browser mode's simulator: loaded from the form,
// edited, checked by the form's rules with JSON paths (errors stop Send JSON; Send anyway sends the bytes as
// typed and the gateway's refusal shows); a valid edit is sent as written, the Inspector shows exactly those
// bytes and Code export offers curl; the Images panel does the same for a batch.
import { VideoPage } from '../pages/VideoPage'
import { ImagesPage } from '../pages/ImagesPage'
import { expect, test } from '../fixtures'

test('video: edit the request JSON, see the rule by its path, send anyway, then send a valid edit as written', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famC-2.5-t2v-preview')
  await video.describe('a lighthouse')
  await page.getByText('Request JSON: edit and send exactly this').click()
  const editor = page.getByLabel('Request JSON', { exact: true })
  await expect(editor).toHaveValue(/"model": "famC-2.5-t2v-preview"/)

  const bad = '{"model": "famC-2.5-t2v-preview", "prompt": "a lighthouse", "duration": 7}'
  await editor.fill(bad)
  const issues = page.getByRole('list', { name: 'Request JSON issues' })
  await expect(issues).toContainText('Error at duration')
  await expect(page.getByRole('button', { name: 'Send JSON' })).toBeDisabled()
  await page.getByRole('button', { name: 'Send anyway' }).click()
  await expect(page.getByTestId('raw-sent')).toBeVisible()
  await expect(video.jobs().first()).toHaveAttribute('data-status', 'failed')
  await expect(video.jobs().first().getByTestId('job-error')).toContainText('duration')

  const good = '{ "prompt": "a lighthouse,  as typed",\n  "model": "famC-2.5-t2v-preview" }'
  await editor.fill(good)
  await expect(issues).toHaveCount(0)
  await page.getByRole('button', { name: 'Send JSON' }).click()
  const sent = page.getByTestId('raw-sent')
  await sent.getByRole('button', { name: 'Show request body raw' }).click()
  await expect(sent.getByRole('tabpanel', { name: 'Request' })).toContainText(
    '"prompt": "a lighthouse,  as typed"',
  )
  await expect(sent).toContainText('Bearer ***')
  await expect(sent.getByRole('tablist', { name: 'Code export of the raw request' })).toBeVisible()

  // A model outside the catalog only warns.
  await editor.fill('{"model": "famZ-1", "prompt": "new"}')
  await expect(issues).toContainText("not in this app's catalog; the gateway decides")
  await expect(page.getByRole('button', { name: 'Send JSON' })).toBeEnabled()
})

test('images: a batch request JSON is checked and sent as written', async ({ page, app }) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  await page.getByText('Request JSON: edit and send exactly this').click()
  const editor = page.getByLabel('Request JSON', { exact: true })
  await expect(editor).toHaveValue(/"batchImageGenerationDTO\.|"model"/)
  const text = '{"model":"img-1","prompt":"a lamp","n":20,"size":"512x512","temperature":1,"watermark":false}'
  await editor.fill(text)
  await expect(page.getByRole('list', { name: 'Request JSON issues' })).toContainText('Warning at n')
  await page.getByRole('button', { name: 'Send JSON' }).click()
  const sent = page.getByTestId('raw-sent')
  await sent.getByRole('button', { name: 'Show request body raw' }).click()
  await expect(sent.getByRole('tabpanel', { name: 'Request' })).toContainText(text)
})
