// The Video form in Chromium: an untouched form (model endpoints or console) opens without red errors; a
// field's error shows once the user changed it or pressed Generate, and goes when the field is fixed.
import { expect, test } from '../fixtures'
import { VideoPage } from '../pages/VideoPage'

test('an untouched video form shows no errors; Generate shows them at their fields', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  const problems = video.form.getByRole('list', { name: 'Problems with this request' })
  // Give the preview time to come back from main: its issues exist, they are only held back.
  await expect(video.form.getByRole('button', { name: 'Copy as curl' })).toBeEnabled()
  await expect(video.form.locator('.field-error')).toHaveCount(0)
  await expect(problems).toHaveCount(0)
  await expect(video.form).not.toContainText('is required')

  await video.generateButton().click()
  const prompt = video.form.getByLabel('Prompt', { exact: true })
  await expect(prompt).toHaveAttribute('aria-invalid', 'true')
  await expect(problems).toContainText('prompt')
  await expect(video.jobs()).toHaveCount(0)

  await video.describe('a heron lifts off the water')
  await expect(prompt).not.toHaveAttribute('aria-invalid', 'true')
  await expect(problems).toHaveCount(0)
})

test('the console video form opens without "model is required" and shows it once the model was cleared', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.form.getByRole('radio', { name: /^Console video/ }).check()
  const model = video.form.getByLabel('Model (console)', { exact: true })
  await expect(model).toBeVisible()
  await expect(video.form.getByRole('button', { name: 'Copy as curl' })).toBeEnabled()
  await expect(video.form).not.toContainText('is required')

  await model.fill('console-v1')
  await model.fill('')
  await expect(model).toHaveAttribute('aria-invalid', 'true')
  // The required model, said in the form's words beside its field (the JSON path in small print).
  await expect(video.form.locator('.field-error').first()).toHaveText('Model (console): fill this in (model)')
  // The prompt was never touched: its error stays hidden until Generate.
  await expect(video.form.getByLabel('Prompt', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')
})
