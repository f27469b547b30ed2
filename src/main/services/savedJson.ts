// One small JSON document kept in the data folder (prices, spend, model lists): read once, on first use, checked
// against its schema (a damaged or foreign file is set aside as `<name>.damaged` and the default used, so nothing
// the user can still read is overwritten), changed in memory, and written debounced and atomically; close()
// writes what is pending. Reads are synchronous so a run's end can price itself without waiting. As with
// `dataFile.ts`, the file is read only inside the data folder (never through a link out of it) and only up to
// its bound, checked on the open file.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, renameSync } from 'node:fs'
import { isAbsolute, join, relative } from 'node:path'
import type { z } from 'zod'
import { DebouncedWrite } from './debouncedWrite'

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
  private readonly writer: DebouncedWrite
  readonly path: string

  constructor(private readonly options: SavedJsonOptions<T>) {
    this.path = join(options.dataDir, options.file)
    this.writer = new DebouncedWrite(this.path, {
      debounceMs: options.debounceMs,
      what: options.file,
      log: options.log,
    })
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
    this.writer.schedule(() => JSON.stringify(this.value))
    return next
  }

  /** Writes a pending change now; resolves once the file holds it. */
  flush(): Promise<void> {
    return this.writer.flush()
  }

  private read(): T {
    let text: string
    try {
      const read = this.readBounded()
      if (read === null) return this.options.initial()
      if (read === 'too-large') return this.setAside('it is too large')
      text = read
    } catch (error) {
      this.options.log?.(
        `${this.options.file} could not be read: ${error instanceof Error ? error.message : String(error)}`,
      )
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

  /** The file's text; null when there is none to read; 'too-large' past the bound. Throws when it leads out. */
  private readBounded(): string | null | 'too-large' {
    let real: string
    try {
      real = realpathSync(this.path)
    } catch {
      return null
    }
    let base = this.options.dataDir
    try {
      base = realpathSync(base)
    } catch {
      // The folder itself is named as given.
    }
    const rel = relative(base, real)
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
      throw new Error(`it leads out of the data folder (to ${real}); it was not read`)
    const fd = openSync(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
    try {
      const stat = fstatSync(fd)
      if (!stat.isFile()) throw new Error('it is not a file')
      if (stat.size > this.options.maxBytes) return 'too-large'
      const buffer = Buffer.alloc(stat.size)
      let at = 0
      while (at < buffer.length) {
        const n = readSync(fd, buffer, at, buffer.length - at, at)
        if (n === 0) break
        at += n
      }
      return buffer.toString('utf8', 0, at)
    } finally {
      closeSync(fd)
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
