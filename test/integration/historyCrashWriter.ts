// Child process for the crash test: records runs one by one into the history at argv[2] and prints each id
// once `record` has returned (committed), until it is killed.
import { HistoryStore } from '../../src/main/services/history/historyStore'
import { madeUpRun } from '../fakes/historyRuns'

const store = new HistoryStore(process.argv[2]!)
let i = 0
for (;;) {
  const run = madeUpRun(i)
  store.record(run)
  process.stdout.write(`${run.id}\n`)
  i++
}
