// A copy of the Local simulator keeps working after a restart, when the simulator answers on another port with
// another key: the copy follows it (and says so), and a user can choose to fix its address instead.
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'

test('a copy of the Local simulator follows it across a restart, and can be fixed to an address of its own', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.profileButton(/Local simulator/).click()
  await settings.card('Local simulator').getByRole('button', { name: 'Duplicate' }).click()
  const name = 'Local simulator (copy)'
  const card = settings.card(name)
  await expect(card.getByTestId('follows-simulator')).toContainText('follows the Local simulator')
  const before = await card.locator('dd code').first().innerText()

  await app.restart()
  await page.goto(app.url)
  await settings.open()
  await settings.profileButton(name).click()
  const after = await card.locator('dd code').first().innerText()
  // Another launch, another port: the copy's address is the running simulator's.
  expect(after).not.toBe(before)
  await expect(page.getByTestId('active-profile-url')).toHaveText(after)
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.screenshot({ path: test.info().outputPath(`copy-follows-${width}.png`) })
  }
  await page.setViewportSize({ width: 1280, height: 800 })

  const text = new TextPage(page)
  await text.openWith(name)
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('Are you still there after the restart?')
  await text.waitDone()
  await expect(page.getByTestId('run-status')).toHaveText('Done')
  await expect(text.answer).toContainText('still there')

  // Edit: the address is the simulator's while the copy follows it; unticked, it is the user's to set.
  await settings.open()
  await settings.profileButton(name).click()
  await card.getByRole('button', { name: 'Edit' }).click()
  const form = page.getByRole('form', { name: `Edit ${name}` })
  await expect(form.getByLabel('Base URL (model endpoints)')).toHaveAttribute('readonly', '')
  await form.getByLabel(/Follow the Local simulator/).uncheck()
  await form.getByLabel('Base URL (model endpoints)').fill('https://gateway.example.com')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(card.getByTestId('follows-simulator')).toHaveCount(0)
  await expect(card.locator('dd code').first()).toHaveText('https://gateway.example.com')
})
