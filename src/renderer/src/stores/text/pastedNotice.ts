// What the last request brought in by pasting became, in words: shown above the message box until dismissed. And
// whether the Import request dialog (a place to paste one into, opened from the command palette) is open.
import { create } from 'zustand'

export interface PastedNotice {
  /** One line: what it was read as (format, model, turns, profile), or why nothing was brought in. */
  summary: string
  ok: boolean
  /** Credentials left out (never kept nor shown). */
  dropped: string[]
  /** What could not be read: field and why. */
  problems: { field: string; why: string }[]
}

export const usePastedNotice = create<{ notice: PastedNotice | null; importing: boolean }>(() => ({
  notice: null,
  importing: false,
}))

export function showPastedNotice(notice: PastedNotice | null): void {
  usePastedNotice.setState({ notice })
}

/** Opens (or closes) the Import request dialog; the Text panel shows it. */
export function showImportRequest(importing: boolean): void {
  usePastedNotice.setState({ importing })
}
