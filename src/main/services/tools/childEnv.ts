// The environment a stdio tool server runs with: a short list of the user's session variables a program needs
// to start (where to find commands, the home folder, the locale), then exactly the variables the user set for
// that server. Nothing else of the app's environment goes along: no key the app was started with, no variable
// of the app's own (Electron's, the test runner's), so a server never sees a credential it was not given.
import { existsSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { isAbsolute, resolve } from 'node:path'

const INHERITED =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PATHEXT',
        'PROCESSOR_ARCHITECTURE',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'TMP',
        'USERNAME',
        'USERPROFILE',
        'PROGRAMFILES',
        'COMSPEC',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR', 'TZ']

export function childEnvironment(
  own: Record<string, string | undefined>,
  set: readonly { name: string; value: string }[],
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of INHERITED) {
    const value = own[name]
    // A value that starts "()" is a shell function exported into the environment: never passed on.
    if (value !== undefined && !value.startsWith('()')) env[name] = value
  }
  for (const { name, value } of set) env[name] = value
  return env
}

/** The folder a server runs in: the one set (relative to the home folder), else the home folder; it must exist. */
export function workingFolder(cwd: string): string {
  const folder = cwd === '' ? homedir() : isAbsolute(cwd) ? cwd : resolve(homedir(), cwd)
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new Error(
      `The working folder ${folder} does not exist; choose another one in the server's settings.`,
    )
  return folder
}
