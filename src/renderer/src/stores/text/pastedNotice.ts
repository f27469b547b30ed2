// What the last request brought in by pasting became, in words: shown above the message box until dismissed.
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

export const usePastedNotice = create<{ notice: PastedNotice | null }>(() => ({ notice: null }))

export function showPastedNotice(notice: PastedNotice | null): void {
  usePastedNotice.setState({ notice })
}
