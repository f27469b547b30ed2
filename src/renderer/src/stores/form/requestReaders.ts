// Each format's reader of a request body back into a draft (parseRequest) is most of the wire code, and only an
// edited or restored request JSON needs it: it is fetched on demand, out of the first load. Invariant: a caller
// that must read a body now awaits `loadRequestReaders()`; `requestReaders()` answers null until it has loaded.
import type { FormatAdapter } from '../../../../shared/wire/adapter'
import type { WireFormat } from '../../../../shared/wire/format'
import { lazyPart } from './lazyPart'

export type RequestReaders = Record<WireFormat, Pick<FormatAdapter, 'parseRequest'>>

const part = lazyPart<RequestReaders>(() => import('../../../../shared/wire/adapters').then((m) => m.formats))

/** Fetches the readers once (a failed fetch is forgotten, so the next call tries again). */
export const loadRequestReaders = (): Promise<RequestReaders> => part.load()

/** The readers if they have loaded, else null. */
export const requestReaders = (): RequestReaders | null => part.get()
