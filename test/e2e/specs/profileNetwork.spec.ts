// A profile's whole way to its gateway, set in Chromium as a user would: an HTTP proxy with a user and password,
// then SOCKS5, then a gateway over HTTPS trusted through a CA file, then a self-signed one accepted by its
// fingerprint and shown loudly; Test connection names the path, the TLS result and each step's time. Real servers
// started here: the `proxy` package's HTTP proxy, a SOCKS5 server, the simulator over HTTPS with test-made
// certificates. At 1024 and 1920 px, with the layout checked; the proxy password never reaches the page.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { SettingsPage } from '../pages/SettingsPage'
import { expectCleanLayout } from '../pages/layoutCheck'
import { createSimulator, type RunningSimulator } from '../../../src/simulator/server'
import {
  makeCertificates,
  startHttpProxy,
  startSocks5,
  PROXY_PASSWORD,
  PROXY_USER,
  type RunningProxy,
  type RunningSocks,
  type TestCertificates,
} from '../../fakes/networkServers'

const KEY = 'sk-network-e2e-0123456789'
let certs: TestCertificates
let plain: RunningSimulator
let secure: RunningSimulator
let selfSigned: RunningSimulator
let proxy: RunningProxy
let socks: RunningSocks
let caFile: string

test.beforeAll(async () => {
  certs = await makeCertificates()
  plain = await createSimulator({ apiKey: KEY })
  secure = await createSimulator({ apiKey: KEY, tls: certs.server })
  selfSigned = await createSimulator({ apiKey: KEY, tls: certs.selfSigned })
  proxy = await startHttpProxy()
  socks = await startSocks5()
  caFile = join(mkdtempSync(join(tmpdir(), 'ca-')), 'company-ca.pem')
  writeFileSync(caFile, certs.caCert)
})
test.afterAll(async () => {
  for (const s of [plain, secure, selfSigned]) await s.close()
  await proxy.close()
  await socks.close()
})

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 900 : 1080 })
    await expectCleanLayout(page, test.info(), `${name}-${width}`)
  }
}

test('a profile behind an HTTP proxy, then SOCKS5: Test connection names the path and each step', async ({
  page,
  app,
}) => {
  const received: string[] = []
  page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))))
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await page.getByRole('button', { name: 'New profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name', { exact: true }).fill('Office')
  await form.getByLabel('Base URL (model endpoints)').fill(plain.baseUrl)
  await form.getByLabel('Connect through').selectOption({ label: 'HTTP(S) proxy' })
  // A bad address is named once the user saves, next to its field, and nothing typed is lost.
  await form.getByLabel('Proxy address').fill('ftp://proxy')
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(form.getByText('an HTTP proxy address starts with http:// or https://')).toBeVisible()
  await form.getByLabel('Proxy address').fill(proxy.url)
  await form.getByLabel('Proxy user name').fill(PROXY_USER)
  await shoot(page, 'editor-http-proxy')
  await form.getByRole('button', { name: 'Create profile' }).click()
  const card = settings.card('Office')
  await expect(card.getByTestId('proxy-fact')).toContainText('HTTP(S) proxy')
  await settings.saveApiKey('Office', KEY)
  await card.getByLabel('Proxy password (write only)').fill(PROXY_PASSWORD)
  await card.getByRole('button', { name: 'Save Proxy password' }).click()
  await expect(card.getByTestId('secret-status-Proxy password')).toContainText('Configured')
  await card.getByRole('button', { name: 'Test connection' }).click()
  const report = card.getByTestId('test-report')
  await expect(report).toContainText('Connected')
  await expect(report.getByTestId('test-path')).toContainText('Through an HTTP proxy')
  await expect(report.getByRole('list', { name: 'Steps' })).toContainText(/CONNECT 127\.0\.0\.1:\d+ through/)
  await expect(card.getByTestId('headers-sent')).toContainText('user-agent')
  await shoot(page, 'card-http-proxy')

  await card.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('form', { name: 'Edit Office' })
  await edit.getByLabel('Connect through').selectOption({ label: 'SOCKS5 proxy' })
  await edit.getByLabel('Proxy address').fill(socks.url)
  await shoot(page, 'editor-socks5')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await card.getByRole('button', { name: 'Test connection' }).click()
  await expect(report).toContainText('Connected')
  await expect(report.getByTestId('test-path')).toContainText('Through a SOCKS5 proxy')
  await expect(report.getByRole('list', { name: 'Steps' })).toContainText('SOCKS5 tunnel to')
  await shoot(page, 'card-socks5')
  expect(await page.content()).not.toContain(PROXY_PASSWORD)
  expect(received.join('\n')).not.toContain(PROXY_PASSWORD)
})

test('HTTPS through a CA file, and a self-signed certificate accepted by its fingerprint, shown loudly', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  await page.getByRole('button', { name: 'New profile' }).click()
  let form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name', { exact: true }).fill('Inspected')
  await form.getByLabel('Base URL (model endpoints)').fill(secure.baseUrl)
  await form.getByLabel('Extra CA certificates (PEM)').setInputFiles(caFile)
  await expect(form.getByTestId('ca-file-name')).toHaveText('company-ca.pem')
  await shoot(page, 'editor-ca-file')
  await form.getByRole('button', { name: 'Create profile' }).click()
  const card = settings.card('Inspected')
  await expect(card.getByTestId('trust-fact')).toContainText('1 from company-ca.pem')
  await settings.saveApiKey('Inspected', KEY)
  await card.getByRole('button', { name: 'Test connection' }).click()
  await expect(card.getByTestId('test-report')).toContainText('Connected')
  await expect(card.getByTestId('test-tls')).toContainText('Certificate verified')
  await shoot(page, 'card-ca-file')

  await page.getByRole('button', { name: 'New profile' }).click()
  form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name', { exact: true }).fill('Self-signed')
  await form.getByLabel('Base URL (model endpoints)').fill(selfSigned.baseUrl)
  await form.getByRole('button', { name: 'Create profile' }).click()
  const self = settings.card('Self-signed')
  await settings.saveApiKey('Self-signed', KEY)
  await self.getByRole('button', { name: 'Test connection' }).click()
  const report = self.getByTestId('test-report')
  await expect(report).toContainText('Certificate problem')
  await expect(report).toContainText('self-signed')
  await expect(self.getByTestId('test-tls')).toContainText(certs.selfSigned.fingerprint)
  await shoot(page, 'card-self-signed-refused')
  await self.getByRole('button', { name: 'Accept this certificate for this profile' }).click()
  await expect(self.getByTestId('pinned-cert')).toContainText(certs.selfSigned.fingerprint)
  await expect(report).toContainText('Connected')
  await expect(self.getByTestId('test-tls')).toContainText('The accepted certificate (pinned)')
  await shoot(page, 'card-self-signed-pinned')
  await self.getByRole('button', { name: 'Stop trusting it' }).click()
  await expect(self.getByTestId('pinned-cert')).toHaveCount(0)
})
