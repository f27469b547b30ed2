// How this project starts Debian's Chromium, for Playwright and the benchmarks alike: the packaged binary (or
// CHROMIUM_PATH) with flags that keep it from reaching the network or needing a GPU or a sandbox-capable kernel.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
