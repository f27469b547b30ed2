// The recent exchanges main keeps in full (frames, raw bodies) so the Inspector can page through them and
// save a capture; bounded to the newest few, and to a total size, so neither a long session nor a few huge
// (or hostile) answers grow memory without limit. The newest exchange is always kept. A page of frames stays far
// under the 256 KB IPC bound (M1).
import { AppError } from '../../../shared/ipc/result'
import type { SseFrame } from '../../../shared/ipc/exchange'
import { elideLongStrings, type ExchangeRecorder } from '../exchangeRecorder'

/** Bytes of frame data one page may carry, well under the 256 KB IPC bound (M1). */
const PAGE_BUDGET = 200 * 1024
const FRAME_CAP = 16 * 1024

/**
 * Frames [offset, offset + limit), trimmed from the front when they exceed the page budget, so the page always
 * ends where it was asked to and stays contiguous with the frames the Inspector already holds.
 */
export function framePage(all: readonly SseFrame[], offset: number, limit: number): SseFrame[] {
  const page: SseFrame[] = []
  let bytes = 0
  for (let i = Math.min(all.length, offset + limit) - 1; i >= offset; i--) {
    const f = all[i]!
    let data = elideLongStrings(f.data)
    if (data.length > FRAME_CAP)
      data = `${data.slice(0, FRAME_CAP)}… (${data.length - FRAME_CAP} more characters)`
    bytes += data.length + 64
    if (bytes > PAGE_BUDGET && page.length > 0) break
    page.push({ ...f, data })
  }
  return page.reverse()
}

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

  /** The exchange still kept, or the error that tells the user to run the request again. */
  kept(id: string): ExchangeRecorder {
    const found = this.records.get(id)
    if (!found)
      throw new AppError(
        'TEXT_EXCHANGE_GONE',
        'That exchange is no longer kept in memory; run the request again.',
      )
    return found
  }

  /** A page of a kept exchange's frames (see framePage) and how many it holds in all. */
  frames(id: string, offset: number, limit: number): { total: number; frames: SseFrame[] } {
    const all = this.kept(id).allFrames()
    return { total: all.length, frames: framePage(all, offset, limit) }
  }
}
