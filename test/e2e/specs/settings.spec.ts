// App settings in real Chromium against browser mode: the theme applies at once and survives a reload; the Text
// panel's defaults (format, model per format, streaming) are saved in main and applied when the app starts; a bad
// idle timeout is named at its field once touched, never on the untouched form.
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

test('the theme applies at once, overrides the OS and survives a reload', async ({ page, app }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await expect(page.getByRole('group', { name: 'Theme' }).getByLabel('System')).toBeChecked()
  expect(await background(page)).toBe('rgb(247, 247, 248)')
  await settings.chooseTheme('Dark')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await background(page)).toBe('rgb(22, 23, 27)')

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await background(page)).toBe('rgb(22, 23, 27)')
  await settings.open()
  await settings.chooseTheme('System')
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./)
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await background(page)).toBe('rgb(22, 23, 27)')
})

test('the Text panel starts with the saved defaults and a format change picks its default model', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  const form = settings.defaults
  await expect(form.getByRole('alert')).toHaveCount(0)

  const idle = form.getByLabel('Stream idle timeout (s)')
  await idle.fill('0')
  await expect(form.getByRole('alert')).toHaveCount(0)
  await idle.blur()
  await expect(form.getByRole('alert')).toHaveText('the stream idle timeout is at least 1 s')
  await idle.fill('90')
  await expect(form.getByRole('alert')).toHaveCount(0)

  await form.getByLabel('Format').selectOption({ label: 'Messages' })
  await form.getByLabel('Messages model').fill('claude-haiku-4-5')
  await form.getByLabel('Chat completions model').fill('gpt-5-mini')
  await form.getByLabel('Stream answers').uncheck()
  await form.getByRole('button', { name: 'Save defaults' }).click()
  await expect(form.getByRole('status')).toContainText('Saved')

  await page.reload()
  const text = new TextPage(page)
  await text.open()
  await expect(page.getByLabel('Wire format')).toHaveValue('messages')
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('claude-haiku-4-5')
  await expect(page.getByLabel('Stream', { exact: true })).not.toBeChecked()
  await page.getByLabel('Wire format').selectOption({ label: 'Chat completions' })
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('gpt-5-mini')

  await settings.open()
  await expect(settings.defaults.getByLabel('Stream idle timeout (s)')).toHaveValue('90')
  await expect(settings.card('Local simulator')).toContainText('stream idle as the app default')
})
