// "Results that match their inputs", in Chromium against browser mode: embeddings, cross-check and rerank
// results keep the labels they were made with and say so once the inputs change; a PDF is refused as an
// import and the typed inputs stay; an image is judged by its bytes (a text file named .png is refused) and a
// small one's size reads in KB.
import { expect, test } from '../fixtures'
import { EmbeddingsPage } from '../pages/EmbeddingsPage'
import { ImagesPage, pngFile } from '../pages/ImagesPage'

test('embed, check and rerank results are marked "from the previous inputs" after an edit, Clear or an import', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const emb = new EmbeddingsPage(page)
  await emb.open()
  await emb.setInputs(['first typed text', 'second typed text'])
  await emb.embedForm.getByLabel('Label of input 1', { exact: true }).fill('alpha')
  await emb.embed()
  await expect(page.getByTestId('embed-summary')).toContainText('2 vectors')
  await emb.embedForm.getByRole('button', { name: 'Cross-format check' }).click()
  const check = page.getByTestId('cross-check')
  await expect(check.getByTestId('cross-check-row').first()).toContainText('alpha')
  await expect(page.getByTestId('previous-inputs')).toHaveCount(0)

  // An import replaces the list: the results stay under their own labels, marked as older.
  await emb.embedForm.getByLabel('Import inputs from a file').setInputFiles({
    name: 'other.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('an imported line\nanother imported line\nthird\n'),
  })
  await expect(emb.input(1)).toHaveValue('an imported line')
  await expect(page.getByTestId('previous-inputs')).toHaveCount(2)
  await expect(page.getByTestId('previous-inputs').first()).toContainText('from the previous inputs')
  await expect(check.getByTestId('cross-check-row').first()).toContainText('alpha')
  await expect(check).not.toContainText('line 1')

  // Embedding again brings the vectors and inputs back together; the older check still says it is older.
  await emb.embed()
  await expect(page.getByTestId('embed-summary')).toContainText('3 vectors')
  const marks = page.getByRole('region', { name: 'Embed results' }).getByTestId('previous-inputs')
  await expect(marks).toHaveCount(1)
  await expect(marks).toContainText('This check is from the previous inputs')

  // Rerank: editing the query marks the ranking.
  await emb.mode('Rerank')
  await emb.rerankForm.getByLabel('Query', { exact: true }).fill('which animal sleeps')
  await emb.rerankForm.getByRole('button', { name: /^Rerank/ }).click()
  const ranking = page.getByRole('region', { name: 'Rerank results' })
  await expect(ranking).toContainText('documents ranked')
  await expect(ranking.getByTestId('previous-inputs')).toHaveCount(0)
  await emb.rerankForm.getByLabel('Query', { exact: true }).fill('which market fell')
  await expect(ranking.getByTestId('previous-inputs')).toContainText(
    'This ranking is from the previous inputs',
  )
})

test('importing a PDF is refused with a message and the typed inputs stay', async ({ page, app }) => {
  await page.goto(app.url)
  const emb = new EmbeddingsPage(page)
  await emb.open()
  await emb.setInputs(['kept one', 'kept two'])
  await emb.embedForm.getByLabel('Import inputs from a file').setInputFiles({
    name: 'paper.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n'),
  })
  await expect(emb.embedForm.getByRole('alert')).toContainText('"paper.pdf" is a PDF document, not text')
  await expect(emb.input(1)).toHaveValue('kept one')
  await expect(emb.input(2)).toHaveValue('kept two')
})

test('an image is judged by its bytes, and a small one reads in KB', async ({ page, app }) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  await images.openTab('Try-on')
  const form = images.form('Try-on')
  await form.getByLabel('Model photo file', { exact: true }).setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are plain words, not a picture'),
  })
  const slot = form.getByRole('group', { name: 'Model photo', exact: true })
  await expect(slot.getByRole('alert')).toContainText('notes.png: this file is not a JPEG or PNG image')
  await expect(slot.getByRole('img')).toHaveCount(0)

  await images.upload(form, 'Model photo', pngFile('model.png', 120, 180))
  await expect(slot.locator('figcaption')).toContainText(/· \d+ KB$/)
  await expect(slot.getByRole('alert')).toHaveCount(0)
})
