// Each job's recorded exchanges (already redacted, bounded snapshots) in `<dataDir>/job-exchanges/<id>.json`,
// so the Inspector still shows a job's requests and responses after a restart. Writes per job are serialised;
// a file that cannot be read is ignored (the job itself lives in the ledger and is never affected).
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { exchangeSchema } from '../../../shared/ipc/exchange'
import { writeFileAtomic } from '../atomicFile'
import type { JobExchanges } from './types'

const fileSchema = z.object({
  submit: exchangeSchema.optional(),
  poll: exchangeSchema.optional(),
  result: exchangeSchema.optional(),
})
const SAFE_ID = /^[\w-]{1,100}$/

export class ExchangeArchive {
  readonly dir: string
  private readonly writes = new Map<string, Promise<void>>()

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'job-exchanges')
  }

  private file(jobId: string): string | null {
    return SAFE_ID.test(jobId) ? join(this.dir, `${jobId}.json`) : null
  }

  async load(jobId: string): Promise<JobExchanges | null> {
    const path = this.file(jobId)
    if (!path) return null
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }

  /** Writes the job's exchanges after any earlier write of the same job. */
  save(jobId: string, exchanges: JobExchanges): Promise<void> {
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
