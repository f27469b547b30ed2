// End-to-end tests drive browser mode (the real Node host + the built renderer) in Debian's Chromium.
// Each test starts its own host with a temporary data folder (see test/e2e/fixtures.ts).
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/e2e/chromium'

export default defineConfig({
  testDir: 'test/e2e/specs',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  // One retry in CI only, where a slower machine runs the suite on one worker: a test that passes on its retry is
  // reported as flaky in the output (the list reporter says so), never hidden. Locally every failure counts.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
  },
})
