// Captured exchanges of recorded runs, one JSON file per run under `<dataDir>/captures/` (written atomically,
// named by the run id, which is checked so no name can leave the folder). Retention removes files older than
// the kept days; the database row keeps its reference, and opening it then reports the capture as expired.
import { promises as fs } from 'node:fs'
import { join } from 'node:path'
import { exchangeSchema, type Exchange } from '../../../shared/ipc/exchange'
import { writeFileAtomic } from '../atomicFile'

const SAFE_NAME = /^[\w-]{1,100}$/
/** Characters of a raw body escaped and written per step, so an 8 MB body never holds main's loop for long. */
const BODY_SLICE = 256 * 1024

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
    return SAFE_NAME.test(runId) ? `${runId}.json` : null
  }

  write(name: string, capture: Capture): Promise<void> {
    const done = writeFileAtomic(join(this.dir, name), JSON.stringify(capture))
      .catch(() => undefined)
      .finally(() => this.pending.delete(done))
    this.pending.add(done)
    return done
  }

  /**
   * Builds and writes a capture after `delayMs`, its raw body in slices between which main's loop runs, so
   * neither the delay's caller nor later work waits on a large body; `settle` waits for it.
   */
  writeLater(name: string, delayMs: number, build: () => Capture): Promise<void> {
    const done = new Promise<void>((resolve) => setTimeout(resolve, delayMs))
      .then(() => writeFileAtomic(join(this.dir, name), captureJson(build)))
      .catch(() => undefined)
      .finally(() => this.pending.delete(done))
    this.pending.add(done)
    return done
  }

  async read(name: string): Promise<Capture | null> {
    if (!SAFE_NAME.test(name.replace(/\.json$/, ''))) return null
    try {
      const raw = JSON.parse(await fs.readFile(join(this.dir, name), 'utf8')) as {
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
      names
        .filter((n) => SAFE_NAME.test(n.replace(/\.json$/, '')))
        .map((n) => fs.rm(join(this.dir, n), { force: true })),
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
      if (!name.endsWith('.json')) continue
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

/** The capture as JSON text in pieces. A slice may end inside a surrogate pair: JSON escapes each half, and the
 * two escapes read back as the one character. */
async function* captureJson(build: () => Capture): AsyncGenerator<string> {
  const { exchange, rawBody } = build()
  yield `{"exchange":${JSON.stringify(exchange)},"rawBody":"`
  for (let i = 0; i < rawBody.length; i += BODY_SLICE) {
    await new Promise((resolve) => setImmediate(resolve))
    yield JSON.stringify(rawBody.slice(i, i + BODY_SLICE)).slice(1, -1)
  }
  yield '"}'
}
