// Settings → Tool servers in real Chromium against browser mode: a newcomer adds server-everything as a command,
// sees the command before anything runs, connects it, reads its tools and their schemas, tries a tool by hand and
// reads the log; a server whose command does not exist fails with why; a form with a bad field names it only once
// Save was pressed. Screenshots go to SHOTS (a folder) when set, at 1024 and 1920 px.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'

const require = createRequire(import.meta.url)
const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
)

const shot = async (page: Page, name: string) => {
  if (!process.env.SHOTS) return
  await page.getByRole('region', { name: 'Tool servers' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: join(process.env.SHOTS, `${name}.png`) })
}

for (const width of [1024, 1920]) {
  test(`a tool server is added, connected, tried and read at ${width} px`, async ({ page, app }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(app.url)
    const settings = new SettingsPage(page)
    await settings.open()
    const section = page.getByRole('region', { name: 'Tool servers' })
    await expect(section.getByText('No tool servers yet.')).toBeVisible()
    await section.getByRole('button', { name: 'New tool server' }).click()
    const form = section.getByRole('form', { name: 'Tool server' })
    // Untouched, the form says nothing is wrong; Save names each field that breaks a rule.
    await expect(form.getByRole('alert')).toHaveCount(0)
    await form.getByRole('button', { name: 'Save' }).click()
    const problems = form.getByRole('alert', { name: 'Problems' })
    await expect(problems).toContainText('Name: name is required')
    await expect(problems).toContainText('Command: command is required')
    await shot(page, `tools-${width}-1-errors`)

    await form.getByLabel('Name', { exact: true }).fill('Everything')
    await form.getByLabel('Command', { exact: true }).fill(process.execPath)
    await form.getByLabel('Arguments (one per line)').fill(`${EVERYTHING}\nstdio`)
    await form.getByRole('button', { name: 'Add variable' }).click()
    await form.getByLabel('Variable 1 name').fill('SERVER_TOKEN')
    await form.getByLabel('Variable 1 value').fill('tok-very-secret-123456')
    await form.getByLabel('Secret').check()
    await form.getByRole('button', { name: 'Save' }).click()

    // Saved, not started: the command is shown before the user connects, the secret only as a hint.
    const card = section.getByTestId('tool-server-card')
    await expect(card.getByTestId('tool-server-command')).toContainText(
      'server-everything/dist/index.js stdio',
    )
    await expect(card.getByTestId('tool-server-status')).toHaveText('Not connected')
    await expect(card).toContainText('SERVER_TOKEN=secret (')
    await expect(page.locator('body')).not.toContainText('tok-very-secret-123456')
    await shot(page, `tools-${width}-2-saved`)

    await card.getByRole('button', { name: 'Connect' }).click()
    await expect(card.getByTestId('tool-server-status')).toContainText('Connected over stdio', {
      timeout: 30_000,
    })
    await expect(card.getByTestId('tool-server-status')).toContainText(/\d+ tools/)
    const tools = card.getByRole('region', { name: 'Tools of Everything' })
    const sum = tools.getByRole('listitem').filter({ has: page.getByText('get-sum', { exact: true }) })
    await sum.getByText('get-sum', { exact: true }).click()
    await expect(sum.locator('pre')).toContainText('"required"')
    await tools.getByRole('button', { name: 'Try get-sum' }).click()
    const tryIt = card.getByRole('region', { name: 'Try get-sum' })
    await tryIt.getByLabel('Arguments (JSON)').fill('{"a": 2, "b": 3}')
    await tryIt.getByRole('button', { name: 'Call' }).click()
    await expect(tryIt.getByTestId('tool-outcome')).toContainText('The sum of 2 and 3 is 5.')
    // Arguments that are not JSON are named, and nothing is called.
    await tryIt.getByLabel('Arguments (JSON)').fill('{a: 2')
    await tryIt.getByRole('button', { name: 'Call' }).click()
    await expect(tryIt.getByRole('alert')).toContainText('Arguments: not JSON')
    await card.getByText('Log', { exact: true }).click()
    await expect(card.getByTestId('tool-log')).toContainText('tools/call')
    await shot(page, `tools-${width}-3-connected`)

    // A server whose command does not exist fails, and says why.
    await section.getByRole('button', { name: 'New tool server' }).click()
    await form.getByLabel('Name', { exact: true }).fill('Broken')
    await form.getByLabel('Command', { exact: true }).fill('no-such-command-anywhere')
    await form.getByRole('button', { name: 'Save' }).click()
    await card.getByRole('button', { name: 'Connect' }).click()
    await expect(card.getByTestId('tool-server-status')).toHaveText('Failed')
    await expect(card.getByRole('alert')).toContainText('The command was not found')
    await shot(page, `tools-${width}-4-failed`)
    await section.getByRole('button', { name: /Everything/ }).click()
    await card.getByRole('button', { name: 'Disconnect' }).click()
    await expect(card.getByTestId('tool-server-status')).toHaveText('Not connected')
  })
}
