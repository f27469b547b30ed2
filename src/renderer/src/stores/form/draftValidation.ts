// The spec's rules on a draft (validateDraft, with the catalog and the partial-JSON reading it needs) are checked
// here only when Send is pressed: the code is fetched then, or before when the page is idle, out of the first
// load. Main checks every draft again before it sends, so a send whose check could not be fetched is still judged.
import type { validateDraft } from '../../../../shared/wire/validate'
import { lazyPart } from './lazyPart'

export type ValidateDraft = typeof validateDraft

const part = lazyPart<ValidateDraft>(() =>
  import('../../../../shared/wire/validate').then((m) => m.validateDraft),
)

/** Fetches the check once (a failed fetch is forgotten, so the next call tries again). */
export const loadDraftValidation = (): Promise<ValidateDraft> => part.load()

/** The check if it has loaded, else null. */
export const draftValidation = (): ValidateDraft | null => part.get()
