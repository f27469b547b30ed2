// The renderer's name for the one run fold: runs are folded by src/shared (wire/runFold through ipc/runView),
// the same fold main, History and replay use. Kept so panels import runs from the stores they read.
export {
  endRun,
  endRunLocally,
  foldRunEvent,
  foldRunEvents,
  newRun,
  runCompletion,
  withExchange,
  type RunEnded,
  type RunView,
} from '../../../../shared/ipc/runView'
