// The spec's rules on a draft (validateDraft, with the catalog and the partial-JSON reading it needs) are checked
// here only when Send is pressed: the code is fetched then, or before when the page is idle, out of the first
// load. Main checks every draft again before it sends, so a send whose check could not be fetched is still judged.
import type { validateDraft } from '../../../shared/wire/validate'

export type ValidateDraft = typeof validateDraft

let loaded: ValidateDraft | null = null
let loading: Promise<ValidateDraft> | null = null

/** Fetches the check once (a failed fetch is forgotten, so the next call tries again). */
export function loadDraftValidation(): Promise<ValidateDraft> {
  if (loaded) return Promise.resolve(loaded)
  loading ??= import('../../../shared/wire/validate').then(
    (m) => (loaded = m.validateDraft),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** The check if it has loaded, else null. */
export function draftValidation(): ValidateDraft | null {
  return loaded
}
