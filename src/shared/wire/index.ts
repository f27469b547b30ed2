// The wire layer's front door: the four format adapters by id, the draft and event models, validation,
// conversation helpers and code export. Callers stay format-neutral by going through `formats[format]`.
export { formats } from './adapters'

export { WIRE_FORMATS, FORMAT_LABELS } from './format'
export type { WireFormat } from './format'
export type { BuiltRequest, FormatAdapter } from './adapter'
export * from './draft'
export * from './events'
export * from './runFold'
export { pickExtras } from './extrasMerge'
export { validateDraft, hasErrors } from './validate'
export type { DraftIssue } from './validate'
export { checkRawBody, rawBodyUnsendable } from './rawBodyCheck'
export {
  appendAssistantTurn,
  appendToolResults,
  assistantTurn,
  continuedTurn,
  partialTurn,
  sendableTurns,
} from './conversation'
export type { ToolResultInput } from './conversation'
export { rewrittenTurn, showAnswerVersion, withEarlierAnswers } from './answerVersions'
export { buildCountTokens, parseCountTokens } from './messages'
export { exportCode } from './codeExport'
export { streamErrorFromBody } from './streamFold'
