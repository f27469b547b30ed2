// The four format adapters by id, in a module of their own so that a caller needing only the draft and event
// models (the renderer's first load) does not pull every format's builders, parsers and folds; the renderer
// imports this module on demand (src/renderer/src/stores/requestReaders.ts). The wire index re-exports it.
import type { FormatAdapter } from './adapter'
import { chat } from './chat'
import type { WireFormat } from './format'
import { messages } from './messages'
import { native } from './native'
import { responses } from './responses'

export const formats: Record<WireFormat, FormatAdapter> = { chat, responses, messages, native }
