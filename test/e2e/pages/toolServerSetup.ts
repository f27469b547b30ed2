// A real tool server for the Chromium specs: server-everything over stdio, connected as a user does it in
// Settings → Tool servers (the command shown, then Connect).
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { SettingsPage } from './SettingsPage'

const require = createRequire(import.meta.url)
export const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
)

/** Adds server-everything as "Everything" and connects it; returns when Settings says it is connected. */
export async function connectEverything(page: Page): Promise<void> {
  const settings = new SettingsPage(page)
  await settings.open()
  const section = page.getByRole('region', { name: 'Tool servers' })
  await section.getByRole('button', { name: 'New tool server' }).click()
  const form = section.getByRole('form', { name: 'Tool server' })
  await form.getByLabel('Name', { exact: true }).fill('Everything')
  await form.getByLabel('Command', { exact: true }).fill(process.execPath)
  await form.getByLabel('Arguments (one per line)').fill(`${EVERYTHING}\nstdio`)
  await form.getByRole('button', { name: 'Save' }).click()
  await section.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(section.getByTestId('tool-server-status')).toContainText('Connected', { timeout: 30_000 })
}
