// The exchanges the engine keeps per job in memory (the submit, every query, every result fetch: a bounded log,
// jobExchangeLog.ts) for the most recent jobs, written through to the archive on disk so the details view still
// shows them after a restart. Invariant: at most MAX_JOBS jobs' logs are held; older ones are read from disk.
import type { Exchange } from '../../../shared/ipc/exchange'
import type { ExchangeArchive } from './exchangeArchive'
import { appendExchange, emptyLog, latestOf, type JobExchangeLog } from './jobExchangeLog'
import type { ExchangeSlot } from './types'

const MAX_JOBS = 100

export class ExchangeCache {
  private readonly byJob = new Map<string, JobExchangeLog>()

  constructor(private readonly archive: ExchangeArchive) {}

  /** Loads the kept exchanges of the newest jobs (ids newest first). */
  async load(newestFirst: string[]): Promise<void> {
    const recent = newestFirst.slice(0, MAX_JOBS).reverse()
    const kept = await Promise.all(recent.map((id) => this.archive.load(id)))
    recent.forEach((id, i) => kept[i] && this.byJob.set(id, kept[i]))
  }

  get(jobId: string, slot: ExchangeSlot): Exchange | null {
    const log = this.byJob.get(jobId)
    return log ? latestOf(log, slot) : null
  }

  /** The job's whole log: from memory, or read from disk for an older job (not kept in memory then). */
  async log(jobId: string): Promise<JobExchangeLog | null> {
    return this.byJob.get(jobId) ?? (await this.archive.load(jobId))
  }

  keep(jobId: string, slot: ExchangeSlot, exchange: Exchange): void {
    const entry = this.byJob.get(jobId) ?? emptyLog()
    appendExchange(entry, slot, exchange)
    this.byJob.delete(jobId)
    this.byJob.set(jobId, entry)
    while (this.byJob.size > MAX_JOBS) this.byJob.delete(this.byJob.keys().next().value!)
    void this.archive.save(jobId, entry)
  }

  delete(jobId: string): void {
    this.byJob.delete(jobId)
  }
}
