// The Text panel's state, its one public entry: the store and the conversation it shows (main owns it), a run's
// life, the work the panel holds, the live wire of its run, "continue from this response", its saved state, and
// its defaults from Settings.
export {
  countNextRequest,
  editConversation,
  profileInUse,
  setAnswerEndSeen,
  useCurrentRun,
  useTextStore,
  withConversation,
} from './textStore'
export { currentRun } from './textState'
export { keepPartialAnswer } from './textPartial'
export { clearConversationWithUndo, pointTextAt } from './textWork'
export { openTextConversation, shownHoldsWork, textPanelPersistence } from './textPanelState'
export { subscribeLiveExchange, useLiveExchange } from './liveExchange'
export { continuation, continueFrom, takeContinuation, useContinuation } from './responseContinuation'
export { modelAfterFormatChange, startingText, startingTextFor } from './textDefaults'
export {
  allConversations,
  branchFrom,
  conversationError,
  copyConversation,
  deleteConversation,
  newConversation,
  openConversation,
  refreshConversations,
  renameConversation,
  searchConversations,
  shownTitle,
  useConversationList,
} from './conversationList'
export { showImportRequest, showPastedNotice, usePastedNotice, type PastedNotice } from './pastedNotice'
