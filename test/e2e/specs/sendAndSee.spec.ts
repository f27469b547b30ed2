// What a user does and where the answer shows: Ctrl+Enter sends from the Request JSON being edited as from the
// message box (or says why it cannot); a batch of images started from the bottom of a long form keeps its status
// in view at 1024 x 768.
import { expect, test } from '../fixtures'
import { ImagesPage } from '../pages/ImagesPage'
import { TextPage } from '../pages/TextPage'

test('Ctrl+Enter in the edited Request JSON sends it, and refuses invalid JSON with the reason', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await page.getByLabel('Message', { exact: true }).fill('first words')
  const json = page.getByLabel('Request body JSON')
  await expect(json).toHaveValue(/first words/)
  await json.fill('{bad')
  await json.press('Control+Enter')
  await expect(page.getByRole('alert', { name: 'Cannot send' })).toContainText('Request JSON')
  await json.fill(
    JSON.stringify({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'edited words' }],
      stream: true,
    }),
  )
  await json.press('Control+Enter')
  await text.waitDone()
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('edited words')
})

test('a batch started from the bottom of the form at 1024 x 768 shows its status where the user is', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(app.url)
  const images = new ImagesPage(page)
  await images.open()
  const form = images.form('Batch images')
  await form.getByLabel('Prompt', { exact: true }).fill('A lighthouse at dusk')
  await form.getByLabel(/Number of images/).fill('2')
  const button = form.getByRole('button', { name: 'Generate images' })
  await button.scrollIntoViewIfNeeded()
  await button.click()
  const newest = await images.newest('succeeded')
  await expect(newest).toBeInViewport()
  await expect(button).toBeInViewport()
  await page.screenshot({ path: test.info().outputPath('images-status-1024.png') })
})

test('a number typed so it cannot be read holds Send, naming the field, and stays as typed', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  const temperature = page.locator('.params input[name="temperature"]')
  // Typed key by key as a European writes 0.7: "0," is not a number, and what was typed is not taken away.
  await temperature.pressSequentially('0,7')
  await expect(temperature).toHaveValue('0,7')
  await expect(page.locator('.params [data-field="temperature"] .field-error')).toHaveText(/must be a number/)
  await page.getByLabel('Message', { exact: true }).fill('Bad numbers test')
  await page.getByRole('button', { name: 'Send' }).click()
  const refused = page.getByRole('alert', { name: 'Cannot send' })
  await expect(refused).toContainText('Temperature must be a number: fix it or empty it to send')
  await expect(page.getByRole('article', { name: 'user turn 1' })).toHaveCount(0)
  await expect(refused.getByRole('button', { name: 'Send anyway' })).toHaveCount(0)
  await temperature.fill('0.7')
  await page.getByRole('button', { name: 'Send' }).click()
  await text.waitDone()
  await expect(page.getByLabel('Request body JSON')).toHaveValue(/"temperature": 0.7/)
})
