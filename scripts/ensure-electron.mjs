// Runs before `npm start` / `npm run dev`: Electron 42+ downloads its binary on first use, so fetch it now
// and, if that fails (for example offline), say what to do instead of failing with a stack trace.
import { existsSync, readFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const dir = dirname(require.resolve('electron/package.json'))
const installed = () => {
  const pathFile = join(dir, 'path.txt')
  return existsSync(pathFile) && existsSync(join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()))
}

if (!installed()) {
  console.log('Fetching the Electron binary (first run only)…')
  const result = spawnSync(process.execPath, [join(dir, 'install.js')], { stdio: 'inherit' })
  if (result.status !== 0 || !installed()) {
    console.error(
      '\nThe Electron binary could not be downloaded (is this machine offline?).\n' +
        'Run the same app in your browser instead:  npm run web\n',
    )
    process.exit(1)
  }
}
