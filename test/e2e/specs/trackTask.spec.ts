// "Track a task id…" in Chromium against browser mode: a video task submitted by a separate client (curl, as a
// colleague's script would) to a gateway simulator of its own is looked up in the Jobs view, its answer shown as
// the gateway sent it, adopted, and followed to its preview, marked adopted; a wrong id shows the gateway's own
// words and adds nothing.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { createSimulator, type RunningSimulator } from '../../../src/simulator/server'
import { SettingsPage } from '../pages/SettingsPage'
import { expect, test } from '../fixtures'

const run = promisify(execFile)
const KEY = 'sk-colleague-e2e-key'
const TOKEN = 'colleague-console-token'
let sim: RunningSimulator

test.beforeEach(async () => {
  sim = await createSimulator({ apiKey: KEY, consoleToken: TOKEN, videoSpeed: 20 })
})
test.afterEach(async () => {
  await sim.close()
})

async function curlSubmit(body: unknown): Promise<string> {
  const { stdout } = await run('curl', [
    '-sS',
    '-X',
    'POST',
    `${sim.baseUrl}/v1/video/generations`,
    '-H',
    `Authorization: Bearer ${KEY}`,
    '-H',
    'Content-Type: application/json',
    '-d',
    JSON.stringify(body),
  ])
  const answer = JSON.parse(stdout) as { task_id: string; status: string }
  expect(answer.status).toBe('submitted')
  return answer.task_id
}

test('a task submitted with curl is looked up, adopted and followed to its preview', async ({
  page,
  app,
}) => {
  const taskId = await curlSubmit({ model: 'famC-2.5-t2v-preview', prompt: 'a colleague’s lighthouse' })

  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.createProfile({
    name: 'Colleague',
    baseUrl: sim.baseUrl,
    consoleBaseUrl: sim.consoleBaseUrl,
  })
  await settings.saveApiKey('Colleague', KEY)
  await expect(settings.card('Colleague').getByTestId('secret-status-API key')).toContainText('sk-…')

  await page.getByRole('tab', { name: /Jobs/ }).click()
  await page.getByRole('button', { name: 'Track a task id…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Track a task id' })
  await dialog.getByLabel('Profile').selectOption({ label: 'Colleague' })
  await dialog.getByLabel('Kind').selectOption('video-query')

  // A wrong id: the gateway's own words, nothing to adopt, nothing added.
  await dialog.getByLabel('Task id').fill('task_nope')
  await dialog.getByRole('button', { name: 'Look up' }).click()
  await expect(dialog.getByTestId('lookup-message')).toContainText('No video task with id "task_nope"')
  await expect(dialog.getByTestId('lookup-answer')).toContainText('HTTP 404')
  await expect(dialog.getByRole('button', { name: /Adopt/ })).toHaveCount(0)
  await expect(page.getByTestId('any-job')).toHaveCount(0)

  // Bad input is named before anything is sent.
  await dialog.getByLabel('Task id').fill('two words')
  await dialog.getByRole('button', { name: 'Look up' }).click()
  await expect(dialog.getByRole('alert').first()).toContainText('Task id: no spaces')

  await dialog.getByLabel('Task id').fill(taskId)
  await dialog.getByRole('button', { name: 'Look up' }).click()
  await expect(dialog.getByTestId('lookup-answer')).toContainText('HTTP 200')
  await expect(dialog.getByTestId('lookup-status')).toContainText(/queued|in_progress|succeeded/)
  await dialog.getByText('Raw answer').click()
  await expect(dialog.locator('pre.raw')).toContainText(`"task_id": "${taskId}"`)
  await dialog.getByRole('button', { name: 'Adopt into the job list' }).click()
  await expect(dialog).toHaveCount(0)

  const row = page.locator(`[data-testid="any-job"][data-adopted="true"]`)
  await expect(row).toHaveCount(1)
  await expect(row.getByText('Adopted', { exact: true })).toBeVisible()
  await expect(row).toContainText(taskId)
  await expect(row).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 })
  const preview = row.getByTestId('job-preview')
  await expect(preview).toBeVisible()
  await expect
    .poll(() => preview.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.duration > 0), {
      timeout: 10_000,
    })
    .toBe(true)

  // Adopting it again is refused by name.
  await page.getByRole('button', { name: 'Track a task id…' }).click()
  await dialog.getByLabel('Profile').selectOption({ label: 'Colleague' })
  await dialog.getByLabel('Task id').fill(taskId)
  await dialog.getByRole('button', { name: 'Look up' }).click()
  await expect(dialog).toContainText('already in the job list')
})
