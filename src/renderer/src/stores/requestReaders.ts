// Each format's reader of a request body back into a draft (parseRequest) is most of the wire code, and only an
// edited or restored request JSON needs it: it is fetched on demand, out of the first load. Invariant: a caller
// that must read a body now awaits `loadRequestReaders()`; `requestReaders()` answers null until it has loaded.
import type { FormatAdapter } from '../../../shared/wire/adapter'
import type { WireFormat } from '../../../shared/wire/format'

export type RequestReaders = Record<WireFormat, Pick<FormatAdapter, 'parseRequest'>>

let loaded: RequestReaders | null = null
let loading: Promise<RequestReaders> | null = null

/** Fetches the readers once (a failed fetch is forgotten, so the next call tries again). */
export function loadRequestReaders(): Promise<RequestReaders> {
  if (loaded) return Promise.resolve(loaded)
  loading ??= import('../../../shared/wire/adapters').then(
    (m) => (loaded = m.formats),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** The readers if they have loaded, else null. */
export function requestReaders(): RequestReaders | null {
  return loaded
}
