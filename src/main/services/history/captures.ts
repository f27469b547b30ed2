// Captured exchanges of recorded runs, one gzip-compressed JSON file per run under `<dataDir>/captures/` (written
// atomically, named by the run id, which is checked so no name can leave the folder; files of earlier versions,
// plain JSON, are read as they are). Retention removes files older than
// the kept days; the database row keeps its reference, and opening it then reports the capture as expired.
import { promises as fs } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzip, gzip } from 'node:zlib'
import { exchangeSchema, type Exchange } from '../../../shared/ipc/exchange'
import { writeFileAtomic } from '../atomicFile'

const SAFE_NAME = /^[\w-]{1,100}$/
const gzipped = promisify(gzip)
const gunzipped = promisify(gunzip)
/** The run id a capture file is named for (null for a name that is not one). */
const idOf = (name: string) => {
  const id = name.replace(/\.json(\.gz)?$/, '')
  return SAFE_NAME.test(id) && id !== name ? id : null
}

export interface Capture {
  exchange: Exchange
  rawBody: string
}

export class CaptureFiles {
  readonly dir: string
  private readonly pending = new Set<Promise<void>>()

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'captures')
  }

  /** The file name a run's capture is kept under, or null when its id cannot name a file. */
  nameFor(runId: string): string | null {
    return SAFE_NAME.test(runId) ? `${runId}.json.gz` : null
  }

  /** Writes a capture compressed (off the caller's thread: zlib works in its own pool). */
  write(name: string, capture: Capture): Promise<void> {
    const done = gzipped(JSON.stringify(capture))
      .then((bytes) => writeFileAtomic(join(this.dir, name), bytes))
      .catch(() => undefined)
      .finally(() => this.pending.delete(done))
    this.pending.add(done)
    return done
  }

  async read(name: string): Promise<Capture | null> {
    if (!idOf(name)) return null
    try {
      const bytes = await fs.readFile(join(this.dir, name))
      const text = (name.endsWith('.gz') ? await gunzipped(bytes) : bytes).toString('utf8')
      const raw = JSON.parse(text) as {
        exchange?: unknown
        rawBody?: unknown
      }
      const exchange = exchangeSchema.safeParse(raw.exchange)
      if (!exchange.success) return null
      return { exchange: exchange.data, rawBody: typeof raw.rawBody === 'string' ? raw.rawBody : '' }
    } catch {
      return null
    }
  }

  async remove(names: readonly string[]): Promise<void> {
    await Promise.all(
      names.filter((n) => idOf(n) !== null).map((n) => fs.rm(join(this.dir, n), { force: true })),
    )
  }

  /** Removes captures last written before `before` (epoch ms); answers how many went. */
  async sweep(before: number): Promise<number> {
    let removed = 0
    for (const entry of await this.entries()) {
      if (entry.mtimeMs < before) {
        await fs.rm(join(this.dir, entry.name), { force: true })
        removed++
      }
    }
    return removed
  }

  async size(): Promise<{ bytes: number; files: number }> {
    const entries = await this.entries()
    return { bytes: entries.reduce((sum, e) => sum + e.size, 0), files: entries.length }
  }

  /** Resolves once every capture write begun so far has ended. */
  async settle(): Promise<void> {
    await Promise.all([...this.pending])
  }

  private async entries(): Promise<{ name: string; size: number; mtimeMs: number }[]> {
    let names: string[]
    try {
      names = await fs.readdir(this.dir)
    } catch {
      return []
    }
    const out: { name: string; size: number; mtimeMs: number }[] = []
    for (const name of names) {
      if (!idOf(name)) continue
      try {
        const stat = await fs.stat(join(this.dir, name))
        out.push({ name, size: stat.size, mtimeMs: stat.mtimeMs })
      } catch {
        // Removed meanwhile.
      }
    }
    return out
  }
}
