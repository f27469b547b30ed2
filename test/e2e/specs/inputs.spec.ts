// Inputs the spec accepts, attached in the Text panel in Chromium against the built-in simulator: an image by
// URL in chat completions, and an audio file in native, each seen in the request sent and acknowledged by the
// answer; the formats that cannot carry an input say so before anything is sent.
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'

test('attaches an image URL in chat completions and sends it as image_url', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await page.getByRole('button', { name: 'Attach URL…' }).click()
  const address = page.getByLabel('Attachment URL')
  // A bad URL is refused with the field named, and nothing is attached.
  await address.fill('cat.png')
  await page.getByRole('group', { name: 'Attach a URL' }).getByRole('button', { name: 'Add' }).click()
  await expect(page.getByRole('alert')).toContainText('Attachment URL: "cat.png" is not a URL')
  await address.fill('https://images.example.test/cats/cat.png')
  await address.press('Enter')
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('image by URL · image/png')
  await text.send('What is in this picture?')
  await text.waitDone()
  await expect(page.getByRole('article', { name: /assistant turn/ }).last()).toContainText(
    'I also received 1 image(s).',
  )
  await text.openInspector()
  const request = page.getByRole('region', { name: 'Request' })
  await expect(request).toContainText('"type": "image_url"')
  await expect(request).toContainText('"url": "https://images.example.test/cats/cat.png"')
})

test('attaches an audio file in native, sends it as inlineData, and other formats say they cannot', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  const audio = { name: 'note.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3 a short fake mp3') }
  // Chat completions takes images only: the file is refused with the format that takes it named.
  await text.choose('Chat completions', 'gpt-4o-mini')
  await page.getByLabel('Attach files').setInputFiles(audio)
  await expect(page.getByRole('alert')).toContainText(
    'note.mp3: Chat completions takes images only; audio goes through the Native format.',
  )
  await text.choose('Native (generateContent)', 'gemini-2.5-flash')
  await page.getByLabel('Attach files').setInputFiles(audio)
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('note.mp3')
  // Switching to a format that cannot carry it says so before sending; switching back clears the note.
  await text.choose('Messages', 'claude-sonnet-4-6')
  await expect(page.getByRole('region', { name: 'Inputs Messages cannot carry' })).toContainText(
    '“note.mp3”: audio goes through the native format; Messages cannot send it',
  )
  await text.choose('Native (generateContent)', 'gemini-2.5-flash')
  await expect(page.getByRole('region', { name: /Inputs .* cannot carry/ })).toHaveCount(0)
  await text.send('Transcribe this.')
  await text.waitDone()
  await expect(page.getByRole('article', { name: /assistant turn/ }).last()).toContainText(
    'I received an audio file (audio/mpeg, inline).',
  )
  await text.openInspector()
  const request = page.getByRole('region', { name: 'Request' })
  await expect(request).toContainText('"inlineData"')
  await expect(request).toContainText('"mimeType": "audio/mpeg"')
})
