// The wire layer's front door: the four format adapters by id, the draft and event models, validation,
// conversation helpers and code export. Callers stay format-neutral by going through `formats[format]`.
import type { FormatAdapter } from './adapter'
import { chat } from './chat'
import type { WireFormat } from './format'
import { messages } from './messages'
import { native } from './native'
import { responses } from './responses'

export const formats: Record<WireFormat, FormatAdapter> = { chat, responses, messages, native }

export { WIRE_FORMATS, FORMAT_LABELS } from './format'
export type { WireFormat } from './format'
export type { BuiltRequest, FormatAdapter, ParsedRequest, ParseRequestContext } from './adapter'
export { WireParseError, isSynthId } from './adapter'
export * from './draft'
export * from './events'
export { validateDraft, hasErrors } from './validate'
export type { DraftIssue, IssueSeverity } from './validate'
export { appendAssistantTurn, appendToolResults, assistantTurn, pendingToolCalls } from './conversation'
export type { ToolResultInput } from './conversation'
export { buildCountTokens, parseCountTokens } from './messages'
export { NATIVE_RESPONSE_FORMAT_NAME } from './native'
export { WHOLE_BODY_PATH } from './requestReader'
export { exportCode, GATEWAY_API_KEY_ENV } from './codeExport'
export type { CodeExportInput, CodeSnippets } from './codeExport'
export { readError } from './read'
export { streamErrorFromBody } from './streamFold'
