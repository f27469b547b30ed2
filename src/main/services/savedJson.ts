// One small JSON document kept in the data folder (prices, spend, model lists): read once, on first use, checked
// against its schema (a damaged or foreign file is set aside as `<name>.damaged` and the default used, so nothing
// the user can still read is overwritten), changed in memory, and written debounced and atomically; close()
// writes what is pending. Reads are synchronous so a run's end can price itself without waiting.
import { readFileSync, renameSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'
import { writeFileAtomic } from './atomicFile'

export interface SavedJsonOptions<T> {
  dataDir: string
  file: string
  schema: z.ZodType<T>
  initial: () => T
  /** A file larger than this is not read (set aside as damaged). */
  maxBytes: number
  debounceMs?: number
  log?: (message: string) => void
}

export class SavedJson<T> {
  private value: T | null = null
  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> = Promise.resolve()
  readonly path: string

  constructor(private readonly options: SavedJsonOptions<T>) {
    this.path = join(options.dataDir, options.file)
  }

  /** The document (read on first use). Change it through `update`, so the change is saved. */
  get(): T {
    this.value ??= this.read()
    return this.value
  }

  update(change: (value: T) => T | void): T {
    const current = this.get()
    const next = change(current) ?? current
    this.value = next
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.flush(), this.options.debounceMs ?? 300)
    this.timer.unref?.()
    return next
  }

  /** Writes a pending change now; resolves once the file holds it. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
      const text = JSON.stringify(this.value)
      this.writing = this.writing
        .then(() => writeFileAtomic(this.path, text))
        .catch((error: unknown) =>
          this.options.log?.(
            `could not save ${this.options.file}: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
    }
    await this.writing
  }

  private read(): T {
    let text: string
    try {
      if (statSync(this.path).size > this.options.maxBytes) return this.setAside('it is too large')
      text = readFileSync(this.path, 'utf8')
    } catch {
      return this.options.initial()
    }
    try {
      const parsed = this.options.schema.safeParse(JSON.parse(text))
      if (parsed.success) return parsed.data
      return this.setAside(parsed.error.issues[0]?.message ?? 'it does not have the expected shape')
    } catch {
      return this.setAside('it is not JSON')
    }
  }

  private setAside(why: string): T {
    try {
      renameSync(this.path, `${this.path}.damaged`)
    } catch {
      // Nothing to keep.
    }
    this.options.log?.(
      `${this.options.file} could not be read (${why}); it was set aside as ${this.options.file}.damaged`,
    )
    return this.options.initial()
  }
}
