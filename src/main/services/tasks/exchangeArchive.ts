// Each job's recorded exchanges (redacted, bounded snapshots: the log of jobExchangeLog.ts) in
// `<dataDir>/job-exchanges/<id>.json`, so the details view still shows a job's requests and responses after a
// restart. Writes per job are serialised; a file that cannot be read, or is larger than any log written here, is
// ignored (the job itself lives in the ledger and is never affected).
import { readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../atomicFile'
import { jobExchangeLogSchema, normalizeLog, type JobExchangeLog } from './jobExchangeLog'
const SAFE_ID = /^[\w-]{1,100}$/
/** Far above a bounded log (jobExchangeLog.ts MAX_CHARS plus JSON escaping), far below what would hurt. */
const MAX_FILE_BYTES = 4 * 1024 * 1024

export class ExchangeArchive {
  readonly dir: string
  private readonly writes = new Map<string, Promise<void>>()

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'job-exchanges')
  }

  private file(jobId: string): string | null {
    return SAFE_ID.test(jobId) ? join(this.dir, `${jobId}.json`) : null
  }

  async load(jobId: string): Promise<JobExchangeLog | null> {
    const path = this.file(jobId)
    if (!path) return null
    try {
      if ((await stat(path)).size > MAX_FILE_BYTES) return null
      const parsed = jobExchangeLogSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
      return parsed.success ? normalizeLog(parsed.data) : null
    } catch {
      return null
    }
  }

  /** Writes the job's exchanges after any earlier write of the same job. */
  save(jobId: string, exchanges: JobExchangeLog): Promise<void> {
    const path = this.file(jobId)
    if (!path) return Promise.resolve()
    return this.chain(jobId, () => writeFileAtomic(path, JSON.stringify(exchanges)))
  }

  remove(jobId: string): Promise<void> {
    const path = this.file(jobId)
    if (!path) return Promise.resolve()
    return this.chain(jobId, () => rm(path, { force: true }))
  }

  /** Resolves once every write asked for so far has ended. */
  async settle(): Promise<void> {
    await Promise.all([...this.writes.values()])
  }

  private chain(jobId: string, work: () => Promise<void>): Promise<void> {
    const next = (this.writes.get(jobId) ?? Promise.resolve()).then(work, work).catch(() => undefined)
    this.writes.set(jobId, next)
    void next.then(() => {
      if (this.writes.get(jobId) === next) this.writes.delete(jobId)
    })
    return next
  }
}
