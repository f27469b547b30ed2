// Every asynchronous job of every kind, one list kept in step with main: a shared store, read by the Video,
// Images and Jobs panels.
export { onJobChanged, onJobRemoved, useJobsStore } from './jobsStore'
