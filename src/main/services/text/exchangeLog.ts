// The recent exchanges main keeps in full (frames, raw bodies) so the Inspector can page through them and
// save a capture; bounded to the newest few so a long session does not grow without limit.
import type { ExchangeRecorder } from '../exchangeRecorder'

export class ExchangeLog {
  private readonly records = new Map<string, ExchangeRecorder>()

  constructor(private readonly limit = 50) {}

  add(recorder: ExchangeRecorder): void {
    this.records.set(recorder.id, recorder)
    while (this.records.size > this.limit) this.records.delete(this.records.keys().next().value!)
  }

  get(id: string): ExchangeRecorder | undefined {
    return this.records.get(id)
  }
}
