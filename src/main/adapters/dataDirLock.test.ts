// The data folder lock with real processes and real files in temp folders: a second process is refused with
// a message naming the folder and a non-zero exit, a lock left by a killed process is taken over, the lock is
// released when its process exits, and the real browser-mode command refuses a second launch on one folder.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DATA_DIR_IN_USE_EXIT, DataDirLockedError, LOCK_FILE, lockDataDir } from './dataDirLock'

const ROOT = resolve(import.meta.dirname, '../../..')
const MODULE = join(import.meta.dirname, 'dataDirLock.ts')
const children: ChildProcess[] = []
const dirs: string[] = []

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'data-dir-lock-'))
  dirs.push(dir)
  return dir
}

/** A process that takes the lock, says "held", then exits normally, waits for a kill, or kills itself soon. */
function holder(dataDir: string, then: 'exit' | 'wait' | 'die-soon') {
  const code =
    `const { lockDataDirForProcess } = await import(${JSON.stringify(MODULE)});` +
    `lockDataDirForProcess(${JSON.stringify(dataDir)}); console.log('held');` +
    {
      exit: 'process.exit(0)',
      wait: 'setInterval(() => {}, 1000)',
      'die-soon': "setTimeout(() => process.kill(process.pid, 'SIGKILL'), 800)",
    }[then]
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  const held = new Promise<void>((done, fail) => {
    child.stdout!.on('data', () => stdout.includes('held') && done())
    void exited.then((code) => fail(new Error(`holder exited with ${code} before holding: ${stderr}`)))
  })
  held.catch(() => undefined) // a refused holder never holds; the tests that expect it to await `held`
  return { child, held, exited, output: () => ({ stdout, stderr }) }
}

const lockOwner = (dir: string) => readFileSync(join(dir, LOCK_FILE), 'utf8').trim()

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('data folder lock', () => {
  it('holds the folder with this pid, refuses a second taker in this process, and releases on request', () => {
    const dir = join(tempDir(), 'not-yet-created')
    const lock = lockDataDir(dir)
    expect(lockOwner(dir)).toBe(`${process.pid} ${hostname()}`)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(
      `The data folder ${dir} is in use by another Gateway Playground process (pid ${process.pid})`,
    )
    lock.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    lockDataDir(dir).release()
  })

  it('refuses a second process with a message naming the folder and a non-zero exit', async () => {
    const dir = tempDir()
    const first = holder(dir, 'wait')
    await first.held
    const second = holder(dir, 'wait')
    expect(await second.exited).toBe(DATA_DIR_IN_USE_EXIT)
    expect(second.output().stdout).not.toContain('held')
    expect(second.output().stderr).toContain(
      `The data folder ${dir} is in use by another Gateway Playground process (pid ${first.child.pid})`,
    )
    expect(second.output().stderr).not.toMatch(/\n\s+at /) // a message, not a stack trace
    expect(lockOwner(dir)).toBe(`${first.child.pid} ${hostname()}`)
  })

  it('waits briefly for a holder that is exiting (a restart) before it gives up', async () => {
    const dir = tempDir()
    const dying = holder(dir, 'die-soon') // killed 800 ms after it holds, without releasing
    await dying.held
    const next = holder(dir, 'exit')
    await next.held
    expect(await dying.exited).toBe(null)
    expect(await next.exited).toBe(0)
    expect(next.output().stderr).toBe('')
  })

  it('takes over the lock of a killed process, and releases its own when it exits', async () => {
    const dir = tempDir()
    const killed = holder(dir, 'wait')
    await killed.held
    killed.child.kill('SIGKILL')
    await killed.exited
    expect(lockOwner(dir)).toBe(`${killed.child.pid} ${hostname()}`) // left behind by the kill

    const next = holder(dir, 'exit')
    await next.held
    expect(await next.exited).toBe(0)
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })

  it('takes over a lock left by an earlier process with this very pid, and an abandoned empty lock file', () => {
    const dir = tempDir()
    writeFileSync(join(dir, LOCK_FILE), `${process.pid} ${hostname()}\n`)
    lockDataDir(dir).release()
    writeFileSync(join(dir, LOCK_FILE), '')
    const old = new Date(Date.now() - 60_000)
    utimesSync(join(dir, LOCK_FILE), old, old)
    lockDataDir(dir).release()
  })

  it('respects a lock written on another machine sharing the folder', () => {
    const dir = tempDir()
    writeFileSync(join(dir, LOCK_FILE), `999999 some-other-host\n`)
    expect(() => lockDataDir(dir)).toThrow(
      'in use by a Gateway Playground process on some-other-host (pid 999999)',
    )
  })

  it('npm run web refuses a second launch on the same data folder', async () => {
    const dir = tempDir()
    const launch = () =>
      spawn(
        process.execPath,
        ['--import', 'tsx', join(ROOT, 'src/web/cli.ts'), '--port', '0', '--data-dir', dir],
        {
          cwd: ROOT,
          env: { ...process.env, NODE_NO_WARNINGS: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
    const first = launch()
    children.push(first)
    let firstOut = ''
    await new Promise<void>((done, fail) => {
      first.stdout!.on(
        'data',
        (c: Buffer) => (firstOut += c.toString()) && firstOut.includes('Open: ') && done(),
      )
      first.stderr!.on('data', (c: Buffer) => (firstOut += c.toString()))
      first.once('exit', (code) => fail(new Error(`browser mode exited with ${code}: ${firstOut}`)))
    })
    const second = launch()
    children.push(second)
    let secondErr = ''
    second.stderr!.on('data', (c: Buffer) => (secondErr += c.toString()))
    const code = await new Promise<number | null>((done) => second.once('exit', done))
    expect(code).toBe(DATA_DIR_IN_USE_EXIT)
    expect(secondErr).toContain(`The data folder ${dir} is in use`)
    first.kill('SIGTERM')
    await new Promise((done) => first.once('exit', done))
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  }, 60_000)
})
