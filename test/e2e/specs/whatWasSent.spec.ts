// "What you see is what was sent", in Chromium against browser mode: edited request JSON shows the turns it
// carried (and its notice ends with the send), the header and the Text panel name one profile and the request
// goes there after History's rerun and Settings' "Use this profile", and nothing with unsent work is replaced
// by Rerun, Open in Compare or Continue in Text without asking.
import { expect, test } from '../fixtures'
import { HistoryPage } from '../pages/HistoryPage'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'

test('edited request JSON: the conversation shows the turns that were sent and the notice ends', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'sim-model')
  await page.getByLabel('Message', { exact: true }).fill('The form draft about hedgehogs')
  const body = page.getByLabel('Request body JSON')
  await expect(body).toHaveValue(/hedgehogs/)
  const edited = JSON.parse(await body.inputValue())
  edited.messages = [
    { role: 'user', content: 'First edited turn about otters' },
    { role: 'assistant', content: 'Otters hold hands.' },
    { role: 'user', content: 'Second edited turn about otters' },
  ]
  await body.fill(JSON.stringify(edited, null, 2))
  await expect(page.getByText('Sending this JSON exactly as written')).toBeVisible()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await text.waitDone()

  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByRole('article', { name: 'user turn 1' })).toContainText(
    'First edited turn about otters',
  )
  await expect(conversation.getByRole('article', { name: 'assistant turn 2' })).toContainText(
    'Otters hold hands.',
  )
  await expect(conversation.getByRole('article', { name: 'user turn 3' })).toContainText(
    'Second edited turn about otters',
  )
  await expect(conversation).not.toContainText('hedgehogs')
  await expect(page.getByText('Sending this JSON exactly as written')).toHaveCount(0)
  // The next request continues the conversation that was sent, built from the form again.
  await page.getByLabel('Message', { exact: true }).fill('A third question')
  await expect(body).toHaveValue(/Second edited turn about otters[\s\S]*A third question/)
})

test('a refused edited body comes back to the editor to be corrected', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  const body = page.getByLabel('Request body JSON')
  await expect(body).toHaveValue(/"model"/)
  await body.fill('[1, 2]')
  await page.getByLabel('Message', { exact: true }).press('Control+Enter')
  // Refused before anything is sent, and not offered to be sent anyway: a body must be a JSON object.
  const refused = page.getByRole('alert', { name: 'Cannot send' })
  await expect(refused).toContainText('Request JSON: the request body must be a JSON object')
  await expect(refused.getByRole('button', { name: 'Send anyway' })).toHaveCount(0)
  await expect(page.getByTestId('run-status')).toHaveCount(0)
  await expect(body).toHaveValue('[1, 2]')
  await expect(page.getByText('Sending this JSON exactly as written')).toBeVisible()
})

test('after History rerun and "Use this profile", the header, the Text panel and the request agree', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.createProfile({ name: 'Elsewhere', baseUrl: 'http://127.0.0.1:9/v1' })
  await expect(settings.card('Elsewhere')).toBeVisible()

  const text = new TextPage(page)
  await text.open()
  await expect(page.getByTestId('active-profile')).toHaveText('Local simulator')
  await text.choose('Chat completions', 'sim-model')
  await text.send('Where does this go')
  await text.waitDone()

  // Another profile becomes active; then History reruns the run recorded on the simulator.
  await settings.open()
  await settings.profileButton(/Elsewhere/).click()
  await settings.card('Elsewhere').getByRole('button', { name: 'Use this profile' }).click()
  await expect(page.getByTestId('active-profile')).toHaveText('Elsewhere')
  const history = new HistoryPage(page)
  await history.open()
  await history.openRow(/Where does this go/)
  await history.detail.getByLabel('Format for rerun').selectOption({ label: 'Messages' })
  await history.detail.getByRole('button', { name: 'Rerun in Messages' }).click()
  await text.waitDone()
  await expect(page.getByTestId('active-profile')).toHaveText('Local simulator')
  await expect(page.getByLabel('Profile')).toHaveValue(
    await page
      .getByLabel('Profile')
      .locator('option', { hasText: 'Local simulator' })
      .getAttribute('value')
      .then((v) => v ?? ''),
  )

  // "Use this profile" again: the Text panel follows the header and the next request goes there.
  await settings.open()
  await settings.profileButton(/Elsewhere/).click()
  await settings.card('Elsewhere').getByRole('button', { name: 'Use this profile' }).click()
  await text.open()
  await expect(page.getByTestId('active-profile')).toHaveText('Elsewhere')
  await expect(page.getByLabel('Profile').locator('option:checked')).toHaveText('Elsewhere')
  await expect(page.getByTestId('request-target')).toContainText('Profile Elsewhere')
  await text.send('And this one')
  await expect(page.getByTestId('run-status')).toHaveText('Failed', { timeout: 20_000 })
  await expect(page.getByTestId('run-error')).toContainText('Profile "Elsewhere"')
})

test('Rerun and Continue in Text open a new conversation, keeping the typed one; Open in Compare asks before replacing', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'sim-model')
  await text.send('A recorded question about owls')
  await text.waitDone()

  // Unsent work in Text: a half-typed message. Rerun from History asks nothing and leaves it where it was.
  await page.getByLabel('Message', { exact: true }).fill('half-typed words I care about')
  const history = new HistoryPage(page)
  await history.open()
  await history.openRow(/A recorded question about owls/)
  await history.detail.getByRole('button', { name: 'Rerun', exact: true }).click()
  await text.waitDone()
  await expect(page.getByRole('dialog', { name: /Replace the Text/ })).toHaveCount(0)
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('A recorded question about owls')
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
  await page.getByRole('button', { name: 'Conversations', exact: true }).click()
  const list = page.getByRole('dialog', { name: 'Conversations' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  // Both are named after their first message; the one not open is the one left with the typed words.
  await list.locator('li:not(.active)').getByRole('button').first().click()
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('half-typed words I care about')

  // Open in Compare from Text, with a typed Compare prompt: asked; Replace replaces.
  await page.getByRole('tab', { name: /Compare/ }).click()
  await page.getByLabel('Prompt', { exact: true }).fill('my compare prompt')
  await text.open()
  await page.getByRole('button', { name: 'Open in Compare' }).click()
  const compareDialog = page.getByRole('dialog', { name: 'Replace the Compare conversation?' })
  await expect(compareDialog).toBeVisible()
  await compareDialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('heading', { name: 'Text', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Open in Compare' }).click()
  await compareDialog.getByRole('button', { name: 'Replace' }).click()
  await expect(page.getByRole('heading', { name: 'Compare', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('half-typed words I care about')
})
