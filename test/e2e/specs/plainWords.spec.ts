// Labels and notes in words a person understands: no spec endpoint numbers, no "as declared" field-name jargon,
// no "maths in main" in what the Video, Images and Embeddings panels show.
import { expect, test } from '../fixtures'
import { EmbeddingsPage } from '../pages/EmbeddingsPage'
import { ImagesPage } from '../pages/ImagesPage'
import { openPanel } from '../pages/layoutViews'

const JARGON = [/endpoints? \d/i, /as declared/i, /prefixed field names/i, /maths in main/i, /^Body form$/]

async function expectPlain(text: string): Promise<void> {
  for (const word of JARGON) expect(text, `shown text matches ${word}`).not.toMatch(word)
}

test('Video and Images label their choices without endpoint numbers or field-name jargon', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  await openPanel(page, 'Video')
  await expect(page.getByRole('radio', { name: /^Video models/ })).toBeVisible()
  await expectPlain(await page.locator('main, body').first().innerText())
  const images = new ImagesPage(page)
  await images.open()
  for (const tab of ['Batch images', 'Try-on'] as const) {
    await images.openTab(tab)
    const form = images.form(tab)
    await expect(form.getByRole('group', { name: 'How the request names its fields' })).toBeVisible()
    await expect(
      form.getByRole('radio', { name: /Full names, as the gateway's spec writes them/ }),
    ).toBeChecked()
    await expectPlain(await form.innerText())
    for (const legend of await form.locator('legend, label').allInnerTexts()) await expectPlain(legend.trim())
  }
})

test('an embedding run says how long the request and the similarity sums took in plain words', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const emb = new EmbeddingsPage(page)
  await emb.open()
  await emb.setInputs(['one cat', 'two dogs'])
  await emb.embed()
  const summary = page.getByText(/similarities worked out in \d+ ms/)
  await expect(summary).toBeVisible()
  await expectPlain(await summary.innerText())
})

test("a Try-on garment is sent as a choice of the spec's value, with Other… keeping a typed value", async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  await images.openTab('Try-on')
  const form = images.form('Try-on')
  const kind = form.getByRole('combobox', { name: 'Garment 1 is sent as' })
  await expect(kind).toHaveValue('image')
  await expect(kind.locator('option')).toHaveText(['An image (image)', 'Other…'])
  await kind.selectOption({ label: 'Other…' })
  const other = form.getByRole('textbox', { name: 'Garment 1 is sent as (other value)' })
  await other.fill('sketch')
  // The typed value is the garment's type: it stays after switching tabs and back.
  await images.openTab('Batch images')
  await images.openTab('Try-on')
  await expect(form.getByRole('textbox', { name: 'Garment 1 is sent as (other value)' })).toHaveValue(
    'sketch',
  )
})
