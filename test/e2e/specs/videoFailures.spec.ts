// A video job never hangs in Chromium: with a profile that has no key the submit is refused with what to do,
// and with a key but an unreachable base URL the job ends failed with the cause shown in the list.
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'
import { VideoPage } from '../pages/VideoPage'

test('a profile without a key is refused with what to do; an unreachable one ends the job failed with why', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.createProfile({ name: 'NoKey', baseUrl: 'http://127.0.0.1:9' })
  await settings.card('NoKey').getByRole('button', { name: 'Use this profile' }).click()
  await expect(page.getByTestId('active-profile')).toHaveText('NoKey')

  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famC-2.5-t2v-preview')
  await video.describe('a kite over the dunes')
  await video.generate()
  await expect(video.form.getByRole('alert').filter({ hasText: 'no API key' })).toContainText('Settings')
  await expect(video.jobs()).toHaveCount(0)
  await expect(video.form.getByLabel('Prompt', { exact: true })).toHaveValue('a kite over the dunes')

  await settings.open()
  await settings.saveApiKey('NoKey', 'sk-unreachable-test-key')
  await expect(settings.card('NoKey').getByTestId('secret-status-API key')).toContainText('sk-…')
  await video.open()
  await video.generate()
  const job = await video.waitForNewest('failed', 20_000)
  await expect(job.getByTestId('job-error')).toContainText('Could not reach http://127.0.0.1:9')
  await expect(job.getByRole('button', { name: 'Retry' })).toBeEnabled()
})
