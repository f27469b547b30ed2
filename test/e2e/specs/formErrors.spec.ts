// Form errors in words a person understands: pressing send with a form that is not ready shows each issue beside
// the field it names, named as the form labels it (the JSON path in small print after it), and moves focus to
// the first such field.
import { expect, test } from '../fixtures'
import { ImagesPage } from '../pages/ImagesPage'

test('an empty Batch images prompt is named beside its field and takes focus on send', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  await images.openTab('Batch images')
  const form = images.form('Batch images')
  const prompt = form.getByLabel('Prompt', { exact: true })
  await prompt.fill('')
  await form.getByRole('button', { name: 'Generate images' }).click()
  await expect(prompt).toBeFocused()
  const field = prompt.locator('xpath=..')
  const error = field.getByRole('alert')
  await expect(error).toContainText(/^Prompt: /)
  await expect(error.locator('.small')).toHaveText('(prompt)')
})

test('a Try-on without a garment says "Garment 1: choose an image" beside it', async ({ page, app }) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  await images.openTab('Try-on')
  const form = images.form('Try-on')
  await form.getByRole('button', { name: 'Start try-on' }).click()
  const garment = form.getByRole('group', { name: 'Garment 1', exact: true })
  const error = garment.getByRole('alert')
  await expect(error).toContainText('Garment 1: choose an image')
  await expect(error.locator('.small')).toHaveText('(garments[0].image)')
  // The first field named (the person's image, earlier in the form) has focus.
  await expect(form.locator('[aria-invalid="true"]').first()).toBeFocused()
})
