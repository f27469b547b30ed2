// The polling limit of one job kind, in minutes, as the user set it (Jobs view): kept in `<dataDir>/<name>.json`
// and read once at start. Invariant: a missing or damaged file means the default; a write is atomic.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { waitLimitSchema } from '../../../shared/ipc/taskLookup'
import { writeFileAtomic } from '../atomicFile'

export class WaitLimit {
  private minutes: number
  private readonly path: string

  constructor(dataDir: string, name: string, defaultMinutes: number) {
    this.path = join(dataDir, `${name}.json`)
    this.minutes = defaultMinutes
  }

  async load(): Promise<void> {
    try {
      const parsed = waitLimitSchema.safeParse(JSON.parse(await readFile(this.path, 'utf8')))
      if (parsed.success) this.minutes = parsed.data.minutes
    } catch {
      // No file yet, or unreadable: the default stands.
    }
  }

  get(): number {
    return this.minutes
  }

  get ms(): number {
    return this.minutes * 60_000
  }

  async set(minutes: number): Promise<number> {
    this.minutes = minutes
    await writeFileAtomic(this.path, JSON.stringify({ minutes }))
    return minutes
  }
}
