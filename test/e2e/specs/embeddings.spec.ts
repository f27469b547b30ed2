// The Embeddings panel in Chromium against browser mode and its built-in simulator, as a user: five sentences
// embedded in each format with the heatmap and projection drawn, the cross-format check agreeing on every
// input, a rerank of six documents scored in descending order with bars, an empty input refused before sending,
// a failing profile's error shown with the inputs kept, and a file import that is not text refused.
import { expect, test } from '../fixtures'
import { EmbeddingsPage } from '../pages/EmbeddingsPage'
import { SettingsPage } from '../pages/SettingsPage'

const SENTENCES = [
  'The cat sat on the mat.',
  'A kitten is sleeping on the rug.',
  'Stock markets fell sharply today.',
  'Heavy rain is expected tomorrow.',
  'Shares dropped as investors sold.',
]

test('embeds five sentences in each format and draws the heatmap and projection', async ({ page, app }) => {
  await page.goto(app.url)
  const emb = new EmbeddingsPage(page)
  await emb.open()
  await emb.setInputs(SENTENCES)

  for (const [format, encoding] of [
    ['Embeddings (/v1/embeddings)', 'float'],
    ['Embeddings (/v1/embeddings)', 'base64 (little-endian float32)'],
    ['Native batchEmbedContents', null],
  ] as const) {
    await emb.chooseFormat(format)
    if (encoding) await emb.embedForm.getByLabel('Encoding').selectOption({ label: encoding })
    if (format.startsWith('Native')) await emb.embedForm.getByLabel('Model').fill('vendor-embedding-001')
    else await emb.embedForm.getByLabel('Model').fill('text-embedding-3-small')
    await emb.embed()
    await emb.expectPictures(5)
    const dims = format.startsWith('Native') ? '3072' : '1536'
    await expect(page.getByTestId('embed-summary')).toContainText(`5 vectors × ${dims} dimensions`)
    await expect(page.getByTestId('vector-row')).toHaveCount(5)
    await expect(page.getByTestId('vector-row').first()).toContainText('1.0000')
  }

  // embedContent embeds exactly one input (spec 7), so one of the sentences goes alone.
  await emb.chooseFormat('Native embedContent')
  await emb.setInputs(SENTENCES.slice(0, 1))
  await emb.embed()
  await emb.expectPictures(1)
  await expect(page.getByTestId('embed-summary')).toContainText('1 vector × 3072 dimensions')

  // The Inspector shows what went over the wire, with the key masked.
  await page.getByRole('tab', { name: 'Inspector' }).click()
  const inspector = page.getByRole('region', { name: 'Inspector' })
  await expect(inspector).toContainText(':embedContent')
  await expect(inspector).toContainText('***')
  await page.getByRole('tab', { name: 'Code' }).click()
  await expect(page.getByRole('region', { name: 'Code export' })).toContainText('$GATEWAY_API_KEY')
})

test('hovering the heatmap names the pair; a neighbour list opens for an input', async ({ page, app }) => {
  await page.goto(app.url)
  const emb = new EmbeddingsPage(page)
  await emb.open()
  await emb.setInputs(SENTENCES)
  await emb.embed()
  await emb.expectPictures(5)
  const box = (await emb.heatmap().boundingBox())!
  // The matrix sits after the label gutter (84 of 444 canvas px); aim at the cell of rows 1 and 2.
  const scale = box.width / 444
  await page.mouse.move(box.x + (84 + 36 + 72) * scale, box.y + (84 + 36) * scale)
  await expect(page.getByTestId('heatmap-tooltip')).toContainText(/#1 × #2: -?\d\.\d{4}/)
  await page.getByTestId('vector-row').first().getByRole('button', { name: 'Neighbours' }).click()
  const near = page.getByRole('region', { name: 'Nearest neighbours' })
  await expect(near.getByRole('listitem')).toHaveCount(4)
})

test('the cross-format check finds every input equal across float, base64 and native', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const emb = new EmbeddingsPage(page)
  await emb.open()
  await emb.setInputs(SENTENCES)
  await emb.embedForm.getByRole('button', { name: 'Cross-format check' }).click()
  const check = page.getByTestId('cross-check')
  await expect(check).toContainText('All 5 inputs agree within float32 precision', { timeout: 20_000 })
  await expect(page.getByTestId('cross-check-row')).toHaveCount(5)
  for (const row of await page.getByTestId('cross-check-row').all())
    await expect(row).toHaveAttribute('data-agrees', 'true')
})

test('reranks six documents: scores as bars in descending order, the rest greyed below', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const emb = new EmbeddingsPage(page)
  await emb.open()
  await emb.mode('Rerank')
  await expect(emb.rerankForm.getByRole('group', { name: 'Documents' })).toContainText('(6)')
  await emb.rerankForm.getByRole('button', { name: 'Rerank 6 documents' }).click()
  const results = page.getByTestId('rerank-result')
  await expect(results).toHaveCount(6)
  const scores = await results.evaluateAll((items) => items.map((i) => Number(i.getAttribute('data-score'))))
  expect(scores).toEqual([...scores].sort((a, b) => b - a))
  expect(scores[0]).toBeGreaterThan(0)
  const widths = await results.evaluateAll((items) =>
    items.map((i) => (i.querySelector('.emb-bar > span') as HTMLElement).getBoundingClientRect().width),
  )
  expect(widths[0]).toBeGreaterThan(0)
  expect(widths).toEqual([...widths].sort((a, b) => b - a))
  // Documents are numbered as the form numbers them, from 1: the lion sentence is the form's sixth.
  await expect(emb.rerankForm.getByLabel('Document 6', { exact: true })).toHaveValue(/Lions/)
  await expect(results.filter({ hasText: 'Lions are large cats' })).toContainText('document 6')
  const numbers = await results.evaluateAll((items) =>
    items.map((i) => Number(/document (\d+)/.exec(i.textContent ?? '')?.[1])),
  )
  expect([...numbers].sort()).toEqual([1, 2, 3, 4, 5, 6])

  await emb.rerankForm.getByLabel('top_n').fill('3')
  await emb.rerankForm.getByRole('button', { name: 'Rerank 6 documents' }).click()
  await expect(page.getByTestId('rerank-left')).toHaveCount(3)
  await expect(results).toHaveCount(3)

  await page.getByRole('button', { name: 'Compare with embeddings' }).click()
  await expect(page.getByTestId('compare-row')).toHaveCount(6, { timeout: 20_000 })
})

test('an empty input is refused before sending with the field named; nothing is lost', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const emb = new EmbeddingsPage(page)
  await emb.open()
  await emb.input(2).fill('')
  await expect(emb.embedForm.getByRole('alert')).toHaveCount(0)
  await emb.embed()
  await expect(emb.embedForm.getByRole('alert', { name: 'Cannot send' })).toContainText('Input 2 is empty.')
  await expect(emb.input(2)).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('embed-summary')).toHaveCount(0)
  await expect(emb.input(1)).toHaveValue('The cat sat on the mat.')

  await emb.mode('Rerank')
  await emb.rerankForm.getByLabel('Query').fill('')
  await emb.rerankForm.getByLabel('top_n').fill('9')
  await emb.rerankForm.getByRole('button', { name: /^Rerank/ }).click()
  const alert = emb.rerankForm.getByRole('alert', { name: 'Cannot send' })
  await expect(alert).toContainText('Query is required.')
  await expect(alert).toContainText('top_n must be a whole number from 1 to 6')
})

test('a failing profile shows the reason and keeps the inputs exactly', async ({ page, app }) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.createProfile({ name: 'Nowhere', baseUrl: 'http://127.0.0.1:9' })
  await settings.saveApiKey('Nowhere', 'sk-nowhere-0123456789')
  const emb = new EmbeddingsPage(page)
  await emb.open()
  await page.getByLabel('Profile', { exact: true }).selectOption({ label: 'Nowhere' })
  await emb.setInputs(SENTENCES)
  await emb.embed()
  await expect(page.getByTestId('embed-error')).toContainText('Could not reach http://127.0.0.1:9', {
    timeout: 30_000,
  })
  for (const [i, text] of SENTENCES.entries()) await expect(emb.input(i + 1)).toHaveValue(text)
})

test('a file that is not text is refused; a CSV column can be chosen', async ({ page, app }) => {
  await page.goto(app.url)
  const emb = new EmbeddingsPage(page)
  await emb.open()
  const picker = emb.embedForm.getByLabel('Import inputs from a file')
  await picker.setInputFiles({
    name: 'blob.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from([0, 1, 2, 255]),
  })
  await expect(emb.embedForm.getByRole('alert')).toContainText('is not a text file')
  await expect(emb.input(1)).toHaveValue('The cat sat on the mat.')

  await picker.setInputFiles({
    name: 'reviews.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('id,label,text,summary\n1,a,"Great, really great",good\n2,b,Terrible,bad\n'),
  })
  await expect(emb.input(1)).toHaveValue('Great, really great')
  await emb.embedForm.getByLabel('CSV column').selectOption('summary')
  await expect(emb.input(1)).toHaveValue('good')
  await expect(emb.input(2)).toHaveValue('bad')
})

test('a refused Send moves focus to the first field its errors name', async ({ page, app }) => {
  await page.goto(app.url)
  const emb = new EmbeddingsPage(page)
  await emb.open()
  await emb.input(2).fill('')
  await emb.embed()
  await expect(emb.input(2)).toHaveAttribute('aria-invalid', 'true')
  await expect(emb.input(2)).toBeFocused()

  await emb.mode('Rerank')
  await emb.rerankForm.getByLabel('Query').fill('')
  await emb.rerankForm.getByRole('button', { name: /^Rerank/ }).click()
  await expect(emb.rerankForm.getByLabel('Query')).toBeFocused()
})

test("a sample's label goes when the user writes their own sentence in its place", async ({ page, app }) => {
  await page.goto(app.url)
  const emb = new EmbeddingsPage(page)
  await emb.open()
  await expect(emb.embedForm.getByLabel('Label of input 1')).toHaveValue('cat')
  await emb.embedForm.getByLabel('Input 1', { exact: true }).fill('Invoices are due on Friday.')
  await expect(emb.embedForm.getByLabel('Label of input 1')).toHaveValue('')
  // A label the user gives stays through edits of the text.
  await emb.embedForm.getByLabel('Label of input 1').fill('invoice')
  await emb.embedForm.getByLabel('Input 1', { exact: true }).fill('Invoices are due on Monday.')
  await expect(emb.embedForm.getByLabel('Label of input 1')).toHaveValue('invoice')
  await expect(emb.embedForm.getByLabel('Label of input 2')).toHaveValue('kitten')
})
