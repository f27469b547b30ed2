// Vitest's global set-up for the node project: the packaging and first-load tests read the built app (out/), so a
// run on a fresh clone (`npm run test:unit`, no `npm run build` before it) builds it first, once. A tree that is
// already built is used as it is (`npm test` builds before the tests).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const BUILT = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']

export default function ensureBuilt(): void {
  if (BUILT.every((file) => existsSync(join(root, file)))) return
  const built = spawnSync(
    process.execPath,
    [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  if (built.status !== 0)
    throw new Error(`electron-vite build failed (exit ${built.status}): the tests that read out/ cannot run`)
}
