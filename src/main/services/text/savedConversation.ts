// The Text panel's conversation as main keeps it between sessions: `conversation.json` in the data folder,
// written a moment after each change (quick changes coalesce) and atomically (temp file + rename), bounded the
// way a panel's saved state is (the oldest turns go first, a quarter at a time, the newest stays whole), and
// written at once on close. A damaged file is set aside with a log line and never trusted: the app starts with
// an empty conversation.
import { promises as fs } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { DebouncedWrite } from '../debouncedWrite'
import { readDataFile } from '../dataFile'
import { turnsChars } from './turnSize'
import { parseJsonBounded } from '../../../shared/jsonDepth'
import { draftMessageSchema, type DraftMessage } from '../../../shared/wire'
import { MAX_WORKSPACE_STATE } from '../../../shared/ipc/workspace'

/**
 * The largest file kept. The file never crosses IPC, so the message bound (MAX_WORKSPACE_STATE) that limited
 * the turns a panel's saved state held does not apply; ten times it keeps at least as much as a reload did,
 * while each debounced write stays a few milliseconds of main's time.
 */
export const MAX_SAVED_CONVERSATION = 10 * MAX_WORKSPACE_STATE
/** How many times the oldest quarter of the turns is dropped before a conversation is judged too large. */
const SHRINK_STEPS = 6

const fileSchema = z.object({ version: z.literal(1), turns: z.array(draftMessageSchema) })

export interface SavedConversationOptions {
  /** How long a change waits for the next one before the file is written, ms. */
  debounceMs?: number
  /** The largest file kept, in characters of JSON. */
  maxChars?: number
  log?: (message: string) => void
  /** The file inside the data folder (the first conversation's `conversation.json` by default). */
  file?: string
  /** What the log lines call it ('the Text conversation' by default). */
  what?: string
}

export class SavedConversation {
  private readonly path: string
  /** The data folder the file is in. */
  readonly dataDir: string
  private readonly maxChars: number
  private readonly what: string
  private readonly writer: DebouncedWrite
  /** The turns of a change not written yet: the newest the conversation had. */
  private pending: readonly DraftMessage[] | null = null

  constructor(
    dataDir: string,
    private readonly options: SavedConversationOptions = {},
  ) {
    this.dataDir = dataDir
    this.path = join(dataDir, options.file ?? 'conversation.json')
    this.what = options.what ?? 'the Text conversation'
    this.writer = new DebouncedWrite(this.path, {
      debounceMs: options.debounceMs,
      what: this.what,
      log: options.log,
    })
    this.maxChars = options.maxChars ?? MAX_SAVED_CONVERSATION
  }

  /** The turns last saved; none when there is no file or it could not be read (then it is set aside). */
  async read(): Promise<DraftMessage[]> {
    if (this.pending) return [...this.pending]
    let text: string
    try {
      // Our own writes stay under maxChars characters, at most 3 bytes each in UTF-8.
      const read = await readDataFile(this.dataDir, this.path, 3 * this.maxChars + 1024)
      if (!read.ok) {
        if (read.reason !== 'missing')
          this.options.log?.(`the saved ${this.what.replace(/^the /, '')}: ${read.message}`)
        return []
      }
      text = read.text
    } catch {
      return []
    }
    try {
      return fileSchema.parse(parseJsonBounded(text)).turns
    } catch {
      // Kept for inspection rather than overwritten silently by the next save.
      await fs.rename(this.path, `${this.path}.damaged`).catch(() => undefined)
      this.options.log?.(
        `the saved ${this.what.replace(/^the /, '')} could not be read; it was set aside as ${this.options.file ?? 'conversation.json'}.damaged`,
      )
      return []
    }
  }

  /** Saves the conversation a moment later; a newer call before then replaces it. */
  save(turns: readonly DraftMessage[]): void {
    this.pending = turns
    this.writer.schedule(() => {
      this.pending = null
      const text = this.bounded(turns)
      if (text === null) this.options.log?.(`${this.what} is too large to save even without its older turns`)
      return text
    })
  }

  /** Writes the pending change now (close, tests); resolves once the file holds it. */
  flush(): Promise<void> {
    return this.writer.flush()
  }

  /** Forgets a change not written yet and removes the file (the conversation was deleted). */
  async discard(): Promise<void> {
    this.pending = null
    await this.writer.discard()
    await fs.rm(this.path, { force: true })
  }

  /**
   * The file's JSON within the bound, dropping the oldest quarter of the turns at a time but never the newest;
   * null when it does not fit even so (the last whole file stays).
   */
  private bounded(turns: readonly DraftMessage[]): string | null {
    // Measured from each turn's cached size, so the file is stringified once, not once per step (S9).
    const envelope = JSON.stringify({ version: 1, turns: [] }).length - 2
    let kept = turns
    let size = envelope + turnsChars(kept)
    for (let step = 0; step < SHRINK_STEPS && size > this.maxChars && kept.length > 1; step++) {
      kept = kept.slice(Math.min(kept.length - 1, Math.max(1, Math.ceil(kept.length / 4))))
      size = envelope + turnsChars(kept)
    }
    return size <= this.maxChars ? JSON.stringify({ version: 1, turns: kept }) : null
  }
}
