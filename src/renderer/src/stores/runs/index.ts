// What the Text panel and Compare's columns share of a text run in the renderer: the one run fold (main's, History's
// and replay's too), the pace at which streamed events reach a store, and turns carried into a conversation main
// owns in pieces small enough for one message.
export {
  endRun,
  endRunLocally,
  newRun,
  runCompletion,
  withExchange,
  type RunEnded,
  type RunView,
} from './runFold'
export { createStreamFolds } from './streamFolds'
export { useStreamingSlice } from './useStreamingSlice'
export { loadConversation, putTurns, readTurns } from './conversationLoad'
