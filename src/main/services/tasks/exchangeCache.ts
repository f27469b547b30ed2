// The exchanges the engine keeps per job in memory (the submit, the latest query, the latest result fetch) for
// the most recent jobs, written through to the archive on disk so the Inspector still shows them after a
// restart. Invariant: at most MAX_JOBS jobs' exchanges are held; older ones stay on disk only.
import type { Exchange } from '../../../shared/ipc/exchange'
import type { ExchangeArchive } from './exchangeArchive'
import type { ExchangeSlot, JobExchanges } from './types'

const MAX_JOBS = 100

export class ExchangeCache {
  private readonly byJob = new Map<string, JobExchanges>()

  constructor(private readonly archive: ExchangeArchive) {}

  /** Loads the kept exchanges of the newest jobs (ids newest first). */
  async load(newestFirst: string[]): Promise<void> {
    const recent = newestFirst.slice(0, MAX_JOBS).reverse()
    const kept = await Promise.all(recent.map((id) => this.archive.load(id)))
    recent.forEach((id, i) => kept[i] && this.byJob.set(id, kept[i]))
  }

  get(jobId: string, slot: ExchangeSlot): Exchange | null {
    return this.byJob.get(jobId)?.[slot] ?? null
  }

  keep(jobId: string, slot: ExchangeSlot, exchange: Exchange): void {
    const entry = this.byJob.get(jobId) ?? {}
    entry[slot] = exchange
    this.byJob.delete(jobId)
    this.byJob.set(jobId, entry)
    while (this.byJob.size > MAX_JOBS) this.byJob.delete(this.byJob.keys().next().value!)
    void this.archive.save(jobId, entry)
  }

  delete(jobId: string): void {
    this.byJob.delete(jobId)
  }
}
