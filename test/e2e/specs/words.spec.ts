// "Words a person understands", in Chromium against browser mode: Test connection tells apart a profile with no
// key saved, a host that cannot be reached (the system's reason in words, its code in small print) and a key
// the server refused.
import { expect, test } from '../fixtures'
import { createServer } from 'node:net'
import { SettingsPage } from '../pages/SettingsPage'

/** A loopback port with nothing listening (taken and released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

test('Test connection tells apart no key, cannot reach host:port and a refused key', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const simulator = (await page.getByTestId('active-profile-url').innerText()).trim()
  const settings = new SettingsPage(page)
  await settings.open()

  const testOf = async (name: string) => {
    await settings.profileButton(new RegExp(name)).click()
    const card = settings.card(name)
    await card.getByRole('button', { name: 'Test connection' }).click()
    return card.getByTestId('test-report')
  }

  await settings.createProfile({ name: 'Keyless', baseUrl: simulator })
  const keyless = await testOf('Keyless')
  await expect(keyless).toContainText('No key saved')
  await expect(keyless).toContainText('No API key is saved for this profile')
  await expect(keyless).toContainText(`${new URL(simulator).host} answers`)

  const port = await closedPort()
  await settings.createProfile({ name: 'Nowhere', baseUrl: `http://127.0.0.1:${port}/v1` })
  await settings.saveApiKey('Nowhere', 'sk-e2e-nowhere-000000')
  await expect(settings.card('Nowhere')).toContainText('Configured')
  const nowhere = await testOf('Nowhere')
  await expect(nowhere).toContainText('Not reachable')
  await expect(nowhere).toContainText(
    `Cannot reach 127.0.0.1:${port}: the connection was refused (nothing is listening on that port).`,
  )
  await expect(nowhere.locator('small')).toHaveText('ECONNREFUSED')

  await settings.createProfile({ name: 'Wrong key', baseUrl: simulator })
  await settings.saveApiKey('Wrong key', 'sk-e2e-wrong-key-000000')
  await expect(settings.card('Wrong key')).toContainText('Configured')
  const wrong = await testOf('Wrong key')
  await expect(wrong).toContainText('Key refused')
  await expect(wrong).toContainText(`Reached ${new URL(simulator).host}, but the key was refused (HTTP 401)`)
  await page.screenshot({ path: test.info().outputPath('test-connection.png') })
})
