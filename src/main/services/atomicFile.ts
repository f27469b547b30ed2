// Atomic file writes (temp file in the same folder, fsync, rename) so a crash never leaves a half-written
// file: the old content or the new content, nothing between (ARCHITECTURE invariant 7). Text is scrubbed of every
// secret main knows first (S11, diskRedaction.ts); only the secret store writes secrets, and says so.
import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { dirname, join, basename } from 'node:path'
import { scrubForDisk, scrubPiecesForDisk } from './diskRedaction'

/**
 * `data` may be an async iterable of pieces, written as they come (a large file built without blocking). Text is
 * written with every known secret as `***`, unless `secrets` says this file is the secret store.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array | AsyncIterable<string>,
  mode = 0o600,
  options: { secrets?: 'kept' } = {},
): Promise<void> {
  if (options.secrets !== 'kept') {
    if (typeof data === 'string') data = scrubForDisk(data)
    else if (!(data instanceof Uint8Array)) data = scrubPiecesForDisk(data)
  }
  await fs.mkdir(dirname(path), { recursive: true })
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await fs.open(temp, 'w', mode)
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data)
    else for await (const piece of data) await handle.write(piece)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await fs.rename(temp, path)
  } catch (error) {
    await fs.rm(temp, { force: true })
    throw error
  }
  // rename keeps the temp file's mode; chmod again in case a umask widened it.
  await fs.chmod(path, mode)
}
