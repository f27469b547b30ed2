// Settings in real Chromium against browser mode: first launch, the canary key (S7), validation, reloads.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  )
}

test('first launch shows the Local simulator profile active, marked synthetic, and it connects', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  await expect(page.getByTestId('active-profile')).toHaveText('Local simulator')
  await expect(page.locator('.topbar').getByText('Synthetic outputs')).toBeVisible()
  // The token leaves the address bar once the page has it.
  expect(page.url()).not.toContain('token=')
  const settings = new SettingsPage(page)
  await settings.open()
  const card = settings.card('Local simulator')
  await expect(card.getByTestId('secret-status-API key')).toContainText('Configured')
  await card.getByRole('button', { name: 'Test connection' }).click()
  await expect(card.getByTestId('test-report')).toContainText('Connected')
  await expect(card.getByTestId('test-report')).toContainText(/Latency \d+ ms/)
  await expect(page.getByTestId('protection-notice')).toContainText('unencrypted')
})

test('a canary key never reaches the page, storage, frames from main, logs or other files (S7)', async ({
  page,
  app,
}, testInfo) => {
  const canary = `sk-canary-${randomBytes(10).toString('hex')}`
  const sent: string[] = []
  const received: string[] = []
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => sent.push(String(f.payload)))
    ws.on('framereceived', (f) => received.push(String(f.payload)))
  })
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  const baseUrl = await settings.card('Local simulator').locator('dd code').first().innerText()
  await settings.createProfile({ name: 'Canary', baseUrl })
  await expect(settings.card('Canary')).toBeVisible()
  await settings.saveApiKey('Canary', canary)
  const hint = `sk-…${canary.slice(-4)}`
  await expect(settings.card('Canary').getByTestId('secret-status-API key')).toContainText(hint)
  await expect(settings.card('Canary').getByLabel('API key (write only)')).toHaveValue('')

  // Every flow that can touch the key: use it, test it (the simulator rejects it), duplicate it.
  await settings.card('Canary').getByRole('button', { name: 'Use this profile' }).click()
  await expect(page.getByTestId('active-profile')).toHaveText('Canary')
  await settings.card('Canary').getByRole('button', { name: 'Test connection' }).click()
  await expect(settings.card('Canary').getByTestId('test-report')).toContainText('the key was refused')
  await settings.card('Canary').getByRole('button', { name: 'Duplicate' }).click()
  await expect(settings.card('Canary (copy)').getByTestId('secret-status-API key')).toContainText(hint)

  // A text run with the canary profile: the simulator refuses the key, and the error must not echo it.
  await page.getByRole('tab', { name: /Text/ }).click()
  await page.getByLabel('Profile').selectOption({ label: 'Canary' })
  await page.getByLabel('Message', { exact: true }).fill('hello with the canary key')
  await page.getByLabel('Message', { exact: true }).press('Control+Enter')
  await expect(page.getByTestId('run-error')).toContainText('HTTP 401')
  await page.getByRole('tab', { name: 'Inspector' }).click()
  await expect(page.getByRole('region', { name: 'Request' })).toContainText('Bearer ***')
  expect(await page.content()).not.toContain(canary)
  // The History panel shows that run by the profile's name, with the key masked in its recorded exchange.
  await page.getByRole('tab', { name: /History/ }).click()
  await page.getByRole('button', { name: /hello with the canary key/ }).click()
  await expect(
    page.getByRole('region', { name: 'Run details' }).getByText('Canary', { exact: true }),
  ).toBeVisible()
  expect(await page.content()).not.toContain(canary)

  await page.reload()
  await settings.open()
  await expect(settings.profileButton(/Canary/).first()).toBeVisible()
  await settings.profileButton(/^Canary http/).click()
  await expect(settings.card('Canary').getByTestId('secret-status-API key')).toContainText(hint)

  const dom = await page.content()
  const storage = await page.evaluate(async () => {
    const dump: string[] = [
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
      document.cookie,
    ]
    for (const db of await indexedDB.databases()) dump.push(JSON.stringify(db))
    return dump.join('\n')
  })
  await testInfo.attach('settings-with-canary', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })

  expect(dom).not.toContain(canary)
  expect(storage).not.toContain(canary)
  expect(received.join('\n')).not.toContain(canary)
  // The key crosses from the page to main exactly once: the setSecret call that stores it.
  const carrying = sent.filter((f) => f.includes(canary))
  expect(carrying).toHaveLength(1)
  expect(carrying[0]).toContain('"route":"profiles.setSecret"')
  expect(app.output()).not.toContain(canary)
  const files = filesUnder(app.dataDir).filter((f) => readFileSync(f, 'utf8').includes(canary))
  expect(files.map((f) => f.slice(app.dataDir.length))).toEqual(['/secrets.json'])
  // The history database (scanned above with every other file) holds the run, and no key.
  const history = readFileSync(join(app.dataDir, 'history.db'), 'utf8')
  expect(history).toContain('hello with the canary key')
  expect(history).not.toContain(canary)
  expect(statSync(join(app.dataDir, 'secrets.json')).mode & 0o777).toBe(0o600)
})

test('bad profile input names the field and the rule, and keeps what was typed', async ({ page, app }) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await page.getByRole('button', { name: 'New profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name', { exact: true }).fill('Prod')
  await form.getByLabel('Base URL (model endpoints)').fill('https://user:pw@gw.example.com')
  await form.getByRole('button', { name: 'Add header' }).click()
  await form.getByLabel('Header 1 name').fill('bad header')
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(form.getByText('must not contain credentials; put the key in the API key field')).toBeVisible()
  await expect(form.getByText(/header name must be an HTTP token/)).toBeVisible()
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Prod')
  await expect(form.getByLabel('Header 1 name')).toHaveValue('bad header')
  await form.getByLabel('Base URL (model endpoints)').fill('https://gw.example.com/')
  await form.getByRole('button', { name: 'Remove' }).click()
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(settings.card('Prod')).toContainText('https://gw.example.com')
})

test('profiles survive a restart of the host and the built-in one cannot be edited', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.createProfile({ name: 'Kept', baseUrl: 'https://kept.example.com' })
  await expect(settings.card('Kept')).toBeVisible()
  await app.restart()
  await page.goto(app.url)
  await settings.open()
  await expect(settings.profileButton(/Kept/)).toBeVisible()
  await settings.profileButton(/Local simulator/).click()
  const card = settings.card('Local simulator')
  await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await expect(card.getByLabel('API key (write only)')).toHaveCount(0)
})

test('the sidebar is keyboard navigable', async ({ page, app }) => {
  await page.goto(app.url)
  const tab = page.getByRole('tab', { name: /Settings/ })
  await tab.focus()
  await page.keyboard.press('End')
  await expect(page.getByRole('tab', { selected: true })).toBeFocused()
})
