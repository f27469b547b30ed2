// Packaging of the desktop app (`npm run package`: build, then electron-builder with this file). What is
// packed mirrors what the app loads at run time: electron-vite's out/ (main with its chunks, the CJS preload,
// the renderer) inside app.asar, production dependencies (added by electron-builder), and the simulator's
// sample videos under the resources folder. Fuses are flipped by the afterPack hook from packaging/fuses.ts.
import type { Configuration } from 'electron-builder'
import { applyFuses } from './afterPack'

/** What the packaged app reads at run time, relative to the project (and to app.asar's root once packed). */
export const RUNTIME_FILES = [
  'out/main/**/*', // index.js (package.json "main") and chunks/ (the embeddings worker and its siblings)
  'out/preload/**/*', // index.cjs: the sandboxed window's preload
  'out/renderer/**/*', // index.html and assets/, served over app://renderer
  'package.json',
] as const

/**
 * The simulator's sample videos, copied to <resources>/sim, where src/simulator/media.ts looks in a packaged
 * app (process.resourcesPath/sim): a path relative to the bundle would move whenever main's code is split into
 * chunks. They are data the simulator serves, not code, so being outside the integrity-checked app.asar is fine.
 */
export const SAMPLE_MEDIA = { from: 'resources/sim', to: 'sim', filter: ['*.mp4'] }

const config: Configuration = {
  appId: 'dev.gateway-playground.desktop',
  productName: 'Gateway Playground',
  executableName: 'gateway-playground',
  copyright: 'Copyright © Gateway Playground contributors',
  directories: { output: 'dist', buildResources: 'packaging' },
  files: [...RUNTIME_FILES, '!**/*.map'],
  extraResources: [SAMPLE_MEDIA],
  asar: true,
  // Fuses are ours (afterPack), not electron-builder's `electronFuses`, so that one module holds the list.
  afterPack: applyFuses,
  mac: {
    target: ['dmg'],
    category: 'public.app-category.developer-tools',
    // Notarization requires the hardened runtime; entitlements allow V8's JIT and nothing else.
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'packaging/entitlements.mac.plist',
    entitlementsInherit: 'packaging/entitlements.mac.plist',
  },
  win: { target: ['nsis'] },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Development',
    synopsis: 'A desktop playground for an AI model gateway',
    // Debian wants a maintainer address: set the real one before publishing a .deb.
    maintainer: 'Gateway Playground maintainers <maintainers@gateway-playground.invalid>',
  },
  deb: { packageCategory: 'devel' },
}

export default config
