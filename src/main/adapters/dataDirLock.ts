// One process per data folder: browser mode takes an exclusive lock file (created with O_EXCL, holding the pid)
// before it opens the history database, so two `npm run web` processes never share one. A lock whose pid is
// dead (a killed process) is taken over; the takeover itself is guarded by a second O_EXCL file so that two
// processes finding the same stale lock cannot both win. Release removes the file only while it is still ours.
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

export const LOCK_FILE = 'gateway-playground.lock'

export interface DataDirLock {
  /** The lock file's path. */
  readonly path: string
  /** Removes the lock file if it still holds this process's pid; safe to call more than once. */
  release(): void
}

interface LockOwner {
  pid: number
  host: string
}

/** The data folder is held by another live process (or one on another machine). */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockPath: string,
    readonly owner: LockOwner | null,
  ) {
    const who = !owner
      ? 'another Gateway Playground process'
      : owner.host !== hostname()
        ? `a Gateway Playground process on ${owner.host} (pid ${owner.pid})`
        : `another Gateway Playground process (pid ${owner.pid})`
    super(
      `The data folder ${dataDir} is in use by ${who}. Two processes must not share one history database: ` +
        `stop that one, or start this one with --data-dir <another folder>. ` +
        `If no such process is running, delete ${lockPath}.`,
    )
    this.name = 'DataDirLockedError'
  }
}

/** How long a lock file may stay empty (its owner between create and write) before it counts as abandoned. */
const EMPTY_GRACE_MS = 2_000

function readOwner(path: string): LockOwner | null | 'empty' {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  if (text.trim() === '') return 'empty'
  const [pidText, host = hostname()] = text.trim().split(/\s+/)
  const pid = Number(pidText)
  return Number.isSafeInteger(pid) && pid > 0 ? { pid, host } : 'empty'
}

/** Whether a process with this pid is alive on this machine (EPERM: alive, but someone else's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Creates `path` exclusively with our pid; false when it already exists. */
function createExclusive(path: string, pid: number): boolean {
  let fd: number
  try {
    fd = openSync(path, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, `${pid} ${hostname()}\n`)
  } finally {
    closeSync(fd)
  }
  return true
}

function unlinkIfExists(path: string): void {
  try {
    unlinkSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/** Lock files this process holds: a lock with our pid that is not among them was left by an earlier process. */
const heldHere = new Set<string>()

/** Whether the lock at `path` is abandoned: its pid is dead here, or it stayed empty past the grace time. */
function isStale(path: string, owner: LockOwner | 'empty'): boolean {
  if (owner === 'empty') {
    try {
      return Date.now() - statSync(path).mtimeMs > EMPTY_GRACE_MS
    } catch {
      return true
    }
  }
  // A lock written on another machine (a shared folder) cannot be checked from here: it is respected.
  if (owner.host !== hostname()) return false
  // Our own pid: ours if this process holds it, else a previous process that had the same pid (a container
  // restarted, say) left it behind.
  if (owner.pid === process.pid) return !heldHere.has(path)
  return !isAlive(owner.pid)
}

/**
 * Takes the data folder's lock, or throws DataDirLockedError naming the folder and the owner. Creates the
 * folder if needed. The caller releases it at exit (a kill -9 leaves a stale lock, taken over next time).
 * `waitMs` lets a holder that is shutting down (a restart) finish before this one gives up.
 */
export function lockDataDir(dataDir: string, options: { waitMs?: number } = {}): DataDirLock {
  const deadline = Date.now() + (options.waitMs ?? 0)
  for (;;) {
    try {
      return tryLockDataDir(dataDir)
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || Date.now() >= deadline) throw error
      sleep(100)
    }
  }
}

function tryLockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, LOCK_FILE)
  const takeover = `${path}.takeover`
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusive(path, process.pid)) return heldLock(path)
    const owner = readOwner(path)
    if (owner === null) continue // released between our create and read: try again
    if (!isStale(path, owner)) {
      if (owner !== 'empty') throw new DataDirLockedError(dataDir, path, owner)
      sleep(50) // its owner is writing its pid right now
      continue
    }
    // Stale. Only the process that creates the takeover file may remove the lock, after checking again that
    // it is still stale; a takeover file left by a process that died mid-takeover is removed the same way.
    if (!createExclusive(takeover, process.pid)) {
      const other = readOwner(takeover)
      if (other !== null && isStale(takeover, other)) unlinkIfExists(takeover)
      else sleep(20)
      continue
    }
    try {
      const again = readOwner(path)
      if (again !== null && isStale(path, again)) unlinkIfExists(path)
    } finally {
      unlinkIfExists(takeover)
    }
  }
  const owner = readOwner(path)
  throw new DataDirLockedError(dataDir, path, owner === 'empty' ? null : owner)
}

function heldLock(path: string): DataDirLock {
  heldHere.add(path)
  return {
    path,
    release() {
      if (!heldHere.delete(path)) return
      const owner = readOwner(path)
      if (owner !== null && owner !== 'empty' && owner.pid === process.pid && owner.host === hostname())
        unlinkIfExists(path)
    },
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * For a command-line host: takes the lock and releases it when the process exits, or prints why the folder is
 * in use and exits with DATA_DIR_IN_USE_EXIT (never a stack trace).
 */
export function lockDataDirForProcess(dataDir: string): DataDirLock {
  try {
    // A few seconds' grace: a restart may launch this process while the previous one is still exiting.
    const lock = lockDataDir(dataDir, { waitMs: 3_000 })
    process.once('exit', () => lock.release())
    return lock
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    console.error(error.message)
    return process.exit(DATA_DIR_IN_USE_EXIT)
  }
}

/** The exit code of a host refused because its data folder is in use. */
export const DATA_DIR_IN_USE_EXIT = 3
