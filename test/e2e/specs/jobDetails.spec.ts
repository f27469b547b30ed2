// Every console image job sent from the form has the details video jobs have, in Chromium against browser mode's
// simulator: a batch opened from the Images panel, an advanced photo-shoot and a try-on opened from the Jobs view
// show the submit exchange, each query of photoShootQuery with the envelope's code and msg and data.status, each
// result fetch, and the request with its code export (the key as an environment variable).
import { expect, test } from '../fixtures'
import { ImagesPage, pngFile } from '../pages/ImagesPage'
import type { Locator, Page } from '@playwright/test'

const details = (page: Page) => page.getByRole('dialog', { name: 'Job details' })
const exchange = (dialog: Locator, name: RegExp) =>
  dialog.getByRole('list', { name: 'Exchanges' }).getByRole('button', { name })

test('a batch sent from the form shows its submit, each result fetch and its code export', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  const form = images.form('Batch images')
  await form.getByLabel('Prompt', { exact: true }).fill('a red chair in a white room')
  await form.getByLabel(/Number of images/).fill('2')
  await form.getByRole('button', { name: 'Generate images' }).click()
  const job = await images.newest('succeeded')
  await job.getByRole('button', { name: 'Details' }).click()
  const dialog = details(page)
  await expect(dialog.getByRole('tab', { name: 'Exchanges (3)' })).toBeVisible()
  const submit = exchange(dialog, /^Submit/)
  await expect(submit).toContainText('POST /prod-api/svc/v4/api/batchImageGenerationSubmit')
  await expect(submit).toContainText('code 200')
  await expect(submit).toContainText('msg success')
  await expect(submit).toContainText('data.images 2 items')
  await expect(exchange(dialog, /^Result fetch 2/)).toContainText('200')
  // The newest opens in the Inspector; another opens when picked.
  await expect(dialog.getByRole('region', { name: 'Result fetch 2 inspector' })).toContainText('image/png')
  await submit.click()
  await expect(submit).toHaveAttribute('aria-pressed', 'true')
  const inspector = dialog.getByRole('region', { name: 'Submit inspector' })
  await expect(inspector).toContainText('"msg": "success"')
  await inspector.getByRole('tab', { name: 'Request' }).click()
  await expect(inspector).toContainText('Bearer ***')

  await dialog.getByRole('tab', { name: 'Request & code' }).click()
  await expect(dialog.getByTestId('job-source')).toHaveText('Sent from the form.')
  await expect(dialog).toContainText('a red chair in a white room')
  await expect(dialog.getByRole('region', { name: 'Code export of the submit' })).toContainText(
    '$GATEWAY_API_KEY',
  )
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // The gallery offers the same details for every job.
  await page.getByTestId('gallery-job').getByRole('button', { name: 'Details' }).click()
  await expect(details(page)).toBeVisible()
})

test('an advanced photo-shoot and a try-on from the form show every photoShootQuery in the Jobs view', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  await images.openTab('Photo-shoot')
  const shoot = images.form('Photo-shoot')
  await shoot.getByLabel('Advanced: images with masks').check()
  for (const [field, url] of [
    ['Product image', 'https://img.example/bottle.png'],
    ['Product mask', 'https://img.example/bottle-mask.png'],
    ['Template image', 'https://img.example/beach.png'],
    ['Template mask', 'https://img.example/beach-mask.png'],
  ] as const) {
    await shoot.getByRole('group', { name: field, exact: true }).getByLabel('or an image URL').fill(url)
  }
  await shoot.getByRole('button', { name: 'Start photo-shoot' }).click()
  await images.newest('succeeded')

  await images.openTab('Try-on')
  const tryOn = images.form('Try-on')
  await images.upload(tryOn, 'Model photo', pngFile('model.png', 120, 180))
  await images.upload(tryOn, 'Garment 1', pngFile('shirt.png', 80, 80))
  await tryOn.getByRole('button', { name: 'Start try-on' }).click()
  await images.newest('succeeded')

  await images.openJobs()
  for (const [kind, submitPath] of [
    ['Photo-shoot', 'photoShootAdvancedModeSubmit'],
    ['Try-on', 'dressing2Submitv4'],
  ] as const) {
    const row = images.jobRows(kind).first()
    const taskId = (await row.getAttribute('data-task-id')) ?? ''
    await row.getByRole('button', { name: 'Details' }).click()
    const dialog = details(page)
    await expect(dialog.getByText(kind, { exact: true })).toBeVisible()
    await expect(exchange(dialog, /^Submit/)).toContainText(submitPath)
    const query = exchange(dialog, /^Quer(y|ies) /).last()
    await expect(query).toContainText('GET /prod-api/svc/v4/api/photoShootQuery?taskId=')
    await expect(query).toContainText('code 200')
    await expect(query).toContainText('msg success')
    await expect(query).toContainText('data.status SUCCESS')
    await expect(query).toContainText(`data.result.taskId ${taskId}`)
    await expect(exchange(dialog, /^Result fetch 1/)).toBeVisible()
    await query.click()
    await expect(dialog.getByRole('region', { name: /^Quer(y|ies) .* inspector$/ })).toContainText(
      '"status": "SUCCESS"',
    )
    await dialog.getByRole('tab', { name: 'Request & code' }).click()
    await expect(dialog.getByRole('region', { name: 'Code export of the submit' })).toContainText(submitPath)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
  }
})
