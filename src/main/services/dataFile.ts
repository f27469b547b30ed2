// Reading a file of the data folder back at start (the saved conversation, the workspace, the job ledger, an
// exchange archive): bounded in size, checked before a byte is read, and never through a symbolic link that
// leads out of the data folder (R10, S9). A file past its bound or outside the folder is not read: the caller
// starts without it and says so; a file past its bound is set aside (`<name>.too-large`) so the next save does
// not replace what the person had, and a link is left as it is (the next save replaces the link, not its target).
import { constants, promises as fs } from 'node:fs'
import { isAbsolute, relative } from 'node:path'

export type DataFileRead =
  | { ok: true; text: string }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'too-large' | 'outside' | 'not-a-file'; message: string }

/**
 * The text of `path` (inside `root`), or why it was not read. `maxBytes` is checked on the open file, so a file
 * that grows meanwhile is still read no further than the bound.
 */
export async function readDataFile(root: string, path: string, maxBytes: number): Promise<DataFileRead> {
  let real: string
  try {
    real = await fs.realpath(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, reason: 'missing' }
    throw error
  }
  const base = await fs.realpath(root).catch(() => root)
  const rel = relative(base, real)
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
    return {
      ok: false,
      reason: 'outside',
      message: `${path} leads out of the data folder (to ${real}); it was not read`,
    }
  // The checked path is opened without following a link, so a link swapped in meanwhile is refused too.
  const handle = await fs.open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  })
  if (!handle) return { ok: false, reason: 'missing' }
  try {
    const stat = await handle.stat()
    if (!stat.isFile())
      return { ok: false, reason: 'not-a-file', message: `${path} is not a file; it was not read` }
    if (stat.size > maxBytes) {
      await fs.rename(real, `${real}.too-large`).catch(() => undefined)
      return {
        ok: false,
        reason: 'too-large',
        message: `${path} is ${mb(stat.size)}, over its bound of ${mb(maxBytes)}; it was set aside as ${real}.too-large`,
      }
    }
    const buffer = Buffer.alloc(stat.size)
    let at = 0
    while (at < buffer.length) {
      const { bytesRead } = await handle.read(buffer, at, buffer.length - at, at)
      if (bytesRead === 0) break
      at += bytesRead
    }
    return { ok: true, text: buffer.toString('utf8', 0, at) }
  } finally {
    await handle.close()
  }
}

function mb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`
}
