// One data-folder file written a moment after each change (quick changes coalesce into one write) and atomically
// (atomicFile.ts: temp file + rename, secrets scrubbed), so a crash leaves the last whole file. Writes queue one
// behind the other; flush() writes what is pending now (close, tests). Used by every small document main keeps
// between sessions: the workspace, the Text conversation, prices, spend and model lists.
import { writeFileAtomic } from './atomicFile'

export interface DebouncedWriteOptions {
  /** How long a change waits for the next one before the file is written, ms. */
  debounceMs?: number
  /** What the file is, for the log line when a write fails ("the workspace"). */
  what: string
  log?: (message: string) => void
}

export class DebouncedWrite {
  private pending: (() => string | null) | null = null
  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly path: string,
    private readonly options: DebouncedWriteOptions,
  ) {}

  /**
   * Writes the file a moment later with the text `produce` gives then (a newer call before then replaces it);
   * `produce` answering null writes nothing (it says why itself).
   */
  schedule(produce: () => string | null): void {
    this.pending = produce
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.flush(), this.options.debounceMs ?? 300)
    this.timer.unref?.()
  }

  /** Drops the pending change unwritten; resolves once a write already going has ended. */
  async discard(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.pending = null
    await this.writing
  }

  /** Writes the pending change now; resolves once the file holds it. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    const produce = this.pending
    this.pending = null
    const text = produce?.() ?? null
    if (text !== null)
      this.writing = this.writing
        .then(() => writeFileAtomic(this.path, text))
        .catch((error: unknown) =>
          this.options.log?.(
            `could not save ${this.options.what}: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
    await this.writing
  }
}
