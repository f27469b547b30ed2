// Keyboard focus around what opens and closes: History's run details, Save as case, the profile editor, the
// image lightbox and the mask painter each take focus when they open and hand it back to the control that opened
// them when they close (by keyboard only); Esc closes Save as case.
import { expect, test } from '../fixtures'
import { ImagesPage, pngFile } from '../pages/ImagesPage'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'
import { VideoPage } from '../pages/VideoPage'

test('History run details and Save as case take focus and give it back; Esc closes Save as case', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.send('Hello focus')
  await text.waitDone()

  const save = page.getByRole('button', { name: 'Save as case' })
  await save.focus()
  await page.keyboard.press('Enter')
  const form = page.getByRole('form', { name: 'Save as case' })
  await expect(form.getByLabel('Case name')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(form).toBeHidden()
  await expect(save).toBeFocused()

  await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name: 'History' }).click()
  const row = page.getByRole('list', { name: 'Runs' }).getByRole('button', { name: /Hello focus/ })
  await row.focus()
  await page.keyboard.press('Enter')
  const detail = page.getByRole('region', { name: 'Run details' })
  await expect(detail).toBeFocused()
  await detail.getByRole('button', { name: 'Close run details' }).focus()
  await page.keyboard.press('Enter')
  await expect(detail).toBeHidden()
  await expect(row).toBeFocused()
})

test('the profile editor takes focus and gives it back to New profile and to Edit', async ({ page, app }) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  const add = page.getByRole('button', { name: 'New profile' })
  await add.focus()
  await page.keyboard.press('Enter')
  const editor = page.getByRole('form', { name: 'New profile' })
  await expect(editor.getByLabel('Name', { exact: true })).toBeFocused()
  await editor.getByRole('button', { name: 'Cancel' }).focus()
  await page.keyboard.press('Enter')
  await expect(editor).toBeHidden()
  await expect(add).toBeFocused()

  await settings.createProfile({ name: 'Second', baseUrl: 'http://127.0.0.1:9/v1' })
  const edit = page.getByRole('button', { name: 'Edit', exact: true })
  await edit.focus()
  await page.keyboard.press('Enter')
  const editing = page.getByRole('form', { name: 'Edit Second' })
  await expect(editing.getByLabel('Name', { exact: true })).toBeFocused()
  await editing.getByRole('button', { name: 'Cancel' }).focus()
  await page.keyboard.press('Enter')
  await expect(editing).toBeHidden()
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeFocused()
})

test('the lightbox and the mask painter take focus and give it back', async ({ page, app }) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  const batch = images.form('Batch images')
  await batch.getByLabel('Prompt', { exact: true }).fill('a chair')
  await batch.getByLabel(/Number of images/).fill('2')
  await batch.getByRole('button', { name: 'Generate images' }).click()
  await images.newest('succeeded')
  const thumb = images.thumbnails().nth(1)
  await thumb.focus()
  await page.keyboard.press('Enter')
  const viewer = page.getByRole('dialog', { name: 'Image viewer' })
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused()
  await viewer.getByRole('button', { name: 'Next' }).focus()
  await page.keyboard.press('Enter')
  await expect(viewer).toContainText('1 / 2')
  await expect(viewer.getByRole('button', { name: 'Next' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
  await expect(thumb).toBeFocused()

  await images.openTab('Photo-shoot')
  const form = images.form('Photo-shoot')
  await form.getByLabel('Advanced: images with masks').check()
  await images.upload(form, 'Product image', pngFile('product.png', 200, 150))
  const paint = form.getByRole('button', { name: 'Paint the product mask' })
  await paint.focus()
  await page.keyboard.press('Enter')
  const painter = form.getByRole('group', { name: 'Paint Product mask' })
  await expect(painter.getByTestId('mask-canvas')).toBeFocused()
  await painter.getByRole('button', { name: 'Cancel' }).focus()
  await page.keyboard.press('Enter')
  await expect(painter).toBeHidden()
  await expect(form.getByRole('button', { name: 'Paint the product mask' })).toBeFocused()
})

test("a job's details take focus and give it back to Details when closed", async ({ page, app }) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.describe('A lighthouse at dusk')
  await video.generate()
  const job = video.jobs().first()
  const details = job.getByRole('button', { name: 'Details' })
  await details.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Job details' })
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(details).toBeFocused()
})
