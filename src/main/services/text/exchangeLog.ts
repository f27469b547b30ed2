// The recent exchanges main keeps in full (frames, raw bodies) so the Inspector can page through them and
// save a capture; bounded to the newest few, and to a total size, so neither a long session nor a few huge
// (or hostile) answers grow memory without limit. The newest exchange is always kept.
import type { ExchangeRecorder } from '../exchangeRecorder'

export class ExchangeLog {
  private readonly records = new Map<string, ExchangeRecorder>()

  constructor(
    private readonly limit = 50,
    /** Characters all kept records may hold together (about 64 MB as Latin-1, twice that as UTF-16). */
    private readonly budgetChars = 64 * 1024 * 1024,
  ) {}

  add(recorder: ExchangeRecorder): void {
    this.records.set(recorder.id, recorder)
    while (this.records.size > this.limit) this.records.delete(this.records.keys().next().value!)
    let total = 0
    for (const r of this.records.values()) total += r.retainedChars()
    for (const [id, r] of this.records) {
      if (total <= this.budgetChars || r === recorder) break
      total -= r.retainedChars()
      this.records.delete(id)
    }
  }

  get(id: string): ExchangeRecorder | undefined {
    return this.records.get(id)
  }
}
