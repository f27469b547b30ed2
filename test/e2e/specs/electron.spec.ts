// Smoke test of the real Electron app. It needs the Electron binary, which is fetched on first use
// (`npx install-electron`); machines without it (offline CI) skip with that reason.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { _electron as electron, expect, test } from '@playwright/test'

const ROOT = resolve(import.meta.dirname, '../../..')

function electronBinary(): string | null {
  const dir = join(ROOT, 'node_modules/electron')
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : null
}

const binary = electronBinary()

test('the desktop app opens a sandboxed window on the Local simulator', async () => {
  test.skip(!binary, 'No Electron binary installed: it downloads on first use, and this machine is offline.')
  const app = await electron.launch({
    executablePath: binary!,
    args: [join(ROOT, 'out/main/index.js'), '--no-sandbox'],
    env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1' },
  })
  const window = await app.firstWindow()
  await expect(window.getByTestId('active-profile')).toHaveText('Local simulator')
  expect(await window.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe(
    'undefined',
  )
  expect(
    await window.evaluate(() => Object.keys((window as unknown as { gateway: object }).gateway).sort()),
  ).toEqual(['invoke', 'on'])
  await app.close()
})
