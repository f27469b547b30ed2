// The persisted list of video jobs (`<dataDir>/video-jobs.json`), written atomically (temp file + rename) so a
// kill never leaves half a file. Writes are serialised and coalesced: a save asked for while one is running
// writes the newest state once it finishes, and its promise resolves only when that state is on disk (R7).
import { copyFile, readFile } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from '../atomicFile'
import { jobErrorSchema, videoJobRequestSchema, videoJobSchema } from '../../../shared/ipc/video'

export const jobRecordSchema = videoJobSchema
  .omit({ result: true, nextPollAt: true, notice: true, progress: true })
  .extend({
    request: videoJobRequestSchema,
    error: jobErrorSchema.nullable(),
    result: z
      .object({
        mediaId: z.string(),
        mimeType: z.string(),
        bytes: z.number(),
        name: z.string(),
        source: z.enum(['download', 'data', 'hosted']),
        fetchedAt: z.number(),
      })
      .nullable(),
    /** Failed attempts to fetch the result since the task succeeded (bounded). */
    resultAttempts: z.number(),
  })
export type JobRecord = z.infer<typeof jobRecordSchema>

const fileSchema = z.object({ version: z.literal(1), jobs: z.array(z.unknown()) })

export class JobStore {
  private running: Promise<void> | null = null
  private queued: Promise<void> | null = null

  constructor(
    readonly path: string,
    private readonly snapshot: () => JobRecord[],
  ) {}

  /** Reads the jobs; unreadable records are dropped (and counted) rather than failing the whole list. */
  async load(): Promise<{ jobs: JobRecord[]; dropped: number }> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { jobs: [], dropped: 0 }
      throw error
    }
    let parsed: z.infer<typeof fileSchema>
    try {
      parsed = fileSchema.parse(JSON.parse(text))
    } catch {
      // Kept aside rather than overwritten by the next save, so nothing the person made is lost.
      await copyFile(this.path, `${this.path}.unreadable`).catch(() => undefined)
      return { jobs: [], dropped: 1 }
    }
    const jobs: JobRecord[] = []
    let dropped = 0
    for (const raw of parsed.jobs) {
      const job = jobRecordSchema.safeParse(raw)
      if (job.success) jobs.push(job.data)
      else dropped++
    }
    return { jobs, dropped }
  }

  /** Writes the current state; resolves once a write that began after this call has finished. */
  save(): Promise<void> {
    if (this.queued) return this.queued
    const previous = this.running ?? Promise.resolve()
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        this.queued = null
        const write = writeFileAtomic(this.path, JSON.stringify({ version: 1, jobs: this.snapshot() }))
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
}
