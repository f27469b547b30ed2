// The Compare columns' streamed events, folded at the shared stream pace (streamFolds): a column whose answer's
// end is scrolled out of view is folded less often, and the columns fall into one rhythm: one store update, on
// an animation frame, for all of them.
import { useCompareStore } from './compareStore'
import { createStreamFolds } from '../runs'

const folds = createStreamFolds(useCompareStore, { onFrame: true })

export const queueRunEvents = folds.queue
export const setAnswerEndSeen = folds.setEndSeen
export const foldAllNow = folds.foldAllNow
export const forgetRunFolds = folds.forget
