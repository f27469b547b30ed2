// The WebAssembly SQLite build locks a database by creating a `<file>.lock` folder for the length of a
// transaction; a process killed inside one leaves that folder behind, and every later open would find the file
// locked forever. The owning process id is kept in `<file>.pid`: a lock whose owner is gone is removed before
// opening, so SQLite then rolls back the interrupted transaction from its journal as after any crash.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Clears a lock left by a dead owner and records this process as the owner; answers whether one was cleared.
 * `ownWorkerDied`: the owner was this process's history worker, which died holding it (a new one takes it).
 */
export function claimDatabase(path: string, ownWorkerDied = false): boolean {
  const lock = `${path}.lock`
  const owner = `${path}.pid`
  let cleared = false
  if (existsSync(lock)) {
    let pid = NaN
    try {
      pid = Number(readFileSync(owner, 'utf8').trim())
    } catch {
      // No owner recorded: left by a process that died before recording itself.
    }
    if (!alive(pid) || (ownWorkerDied && pid === process.pid)) {
      rmSync(lock, { recursive: true, force: true })
      cleared = true
    }
  }
  writeFileSync(owner, String(process.pid), { mode: 0o600 })
  return cleared
}
