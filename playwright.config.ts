// End-to-end tests drive browser mode (the real Node host + the built renderer) in Debian's Chromium.
// Each test starts its own host with a temporary data folder (see test/e2e/fixtures.ts).
import { defineConfig } from '@playwright/test'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export default defineConfig({
  testDir: 'test/e2e/specs',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  reporter: [['list']],
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
  },
})
