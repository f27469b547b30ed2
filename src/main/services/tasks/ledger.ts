// The job ledger: every asynchronous job of every kind (video, console video, photo-shoot, try-on) in one file,
// `<dataDir>/jobs.json`, one format (`{version: 2, jobs: [{task, id, status, taskId, …}]}`), written atomically
// and coalesced: a save resolves only once a write that began after it is on disk (R7). Entries of a kind no
// registered domain reads are kept as they are; a `video-jobs.json` from before the ledger is migrated once.
import { copyFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../atomicFile'
import { readDataFile } from '../dataFile'
import { JOB_KINDS } from '../../../shared/catalog/jobKinds'
import type { TaskKind } from './types'

export const LEDGER_FILE = 'jobs.json'
/** The video jobs file the ledger replaced: `{version: 1, jobs: [<video job record>]}`. */
export const LEGACY_VIDEO_FILE = 'video-jobs.json'

const entrySchema = z.looseObject({ task: z.enum(JOB_KINDS), id: z.string(), createdAt: z.number() })
type Entry = z.infer<typeof entrySchema>
const fileSchema = z.object({ version: z.literal(2), jobs: z.array(z.unknown()) })
const legacySchema = z.object({ version: z.literal(1), jobs: z.array(z.unknown()) })

interface Domain {
  kinds: readonly TaskKind[]
  snapshot: () => readonly { task: TaskKind; id: string; createdAt: number }[]
}

export class TaskLedger {
  readonly path: string
  private loaded: Promise<Entry[]> | null = null
  /** Entries read at load, kept for kinds that no registered domain snapshots. */
  private entries: Entry[] = []
  private dropped = 0
  private readonly domains: Domain[] = []
  private running: Promise<void> | null = null
  private queued: Promise<void> | null = null

  constructor(
    private readonly dataDir: string,
    private readonly log?: (message: string) => void,
  ) {
    this.path = join(dataDir, LEDGER_FILE)
  }

  /**
   * Registers a domain and answers its entries (each parsed with `schema`; unreadable ones are dropped and
   * counted, the file's original kept aside). The domain's `snapshot` is what later saves write for its kinds.
   */
  async register<R>(
    kinds: readonly TaskKind[],
    schema: z.ZodType<R>,
    snapshot: Domain['snapshot'],
  ): Promise<{ jobs: R[]; dropped: number }> {
    const all = await this.load()
    this.domains.push({ kinds, snapshot })
    const jobs: R[] = []
    let dropped = 0
    for (const entry of all) {
      if (!kinds.includes(entry.task)) continue
      const parsed = schema.safeParse(entry)
      if (parsed.success) jobs.push(parsed.data)
      else dropped++
    }
    if (dropped > 0) await this.keepAside()
    return { jobs, dropped: dropped + this.takeDropped() }
  }

  /** Writes every domain's current jobs; resolves once a write that began after this call has finished. */
  save(): Promise<void> {
    if (this.queued) return this.queued
    const previous = this.running ?? Promise.resolve()
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        this.queued = null
        const write = writeFileAtomic(this.path, JSON.stringify({ version: 2, jobs: this.snapshot() }))
        this.running = write
        try {
          await write
        } finally {
          if (this.running === write) this.running = null
        }
      })
    this.queued = next
    return next
  }

  private snapshot(): unknown[] {
    const owned = new Set(this.domains.flatMap((d) => d.kinds))
    const jobs: { task: TaskKind; id: string; createdAt: number }[] = this.entries.filter(
      (e) => !owned.has(e.task),
    )
    for (const d of this.domains) jobs.push(...d.snapshot())
    return jobs.sort((a, b) => b.createdAt - a.createdAt)
  }

  private takeDropped(): number {
    const n = this.dropped
    this.dropped = 0
    return n
  }

  private load(): Promise<Entry[]> {
    this.loaded ??= this.read().then((entries) => (this.entries = entries))
    return this.loaded
  }

  private async read(): Promise<Entry[]> {
    const text = await this.readText(this.path)
    if (text === null) return this.migrate()
    let parsed: z.infer<typeof fileSchema>
    try {
      parsed = fileSchema.parse(JSON.parse(text))
    } catch {
      // Kept aside rather than overwritten by the next save, so nothing the person made is lost.
      await this.keepAside()
      this.dropped++
      return []
    }
    return this.entriesOf(parsed.jobs)
  }

  private entriesOf(raw: unknown[]): Entry[] {
    const entries: Entry[] = []
    for (const item of raw) {
      const entry = entrySchema.safeParse(item)
      if (entry.success) entries.push(entry.data)
      else this.dropped++
    }
    return entries
  }

  /** Today's `video-jobs.json` becomes ledger entries; the old file is renamed, never deleted. */
  private async migrate(): Promise<Entry[]> {
    const legacyPath = join(this.dataDir, LEGACY_VIDEO_FILE)
    const text = await this.readText(legacyPath)
    if (text === null) return []
    let legacy: z.infer<typeof legacySchema>
    try {
      legacy = legacySchema.parse(JSON.parse(text))
    } catch {
      this.log?.(`jobs: ${legacyPath} is unreadable; it is left in place`)
      this.dropped++
      return []
    }
    const entries = this.entriesOf(
      legacy.jobs.map((job) =>
        typeof job === 'object' && job !== null
          ? { ...job, task: (job as { kind?: unknown }).kind === 'console' ? 'console-video' : 'video' }
          : job,
      ),
    )
    this.entries = entries
    await writeFileAtomic(this.path, JSON.stringify({ version: 2, jobs: entries }))
    await rename(legacyPath, `${legacyPath}.migrated`)
    this.log?.(`jobs: ${entries.length} video job(s) moved from ${LEGACY_VIDEO_FILE} to ${LEDGER_FILE}`)
    return entries
  }

  private async readText(path: string): Promise<string | null> {
    const read = await readDataFile(this.dataDir, path, MAX_LEDGER_BYTES)
    if (read.ok) return read.text
    if (read.reason === 'missing') return null
    this.log?.(`jobs: ${read.message}`)
    this.dropped++
    return null
  }

  private async keepAside(): Promise<void> {
    await copyFile(this.path, `${this.path}.unreadable`).catch(() => undefined)
  }
}

/** The largest job ledger read back at start (R10); a larger one is set aside and the app says so. */
export const MAX_LEDGER_BYTES = 64 * 1024 * 1024
