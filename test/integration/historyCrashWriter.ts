// Child process for the crash tests: records runs one by one into the history at argv[2] and prints each id
// once `record` has returned (committed), until it is killed; with a count in argv[3], it records that many and
// then kills itself before the search index that follows each append has run.
import { HistoryStore } from '../../src/main/services/history/historyStore'
import { madeUpRun } from '../fakes/historyRuns'

const store = new HistoryStore(process.argv[2]!)
const count = process.argv[3] === undefined ? Infinity : Number(process.argv[3])
for (let i = 0; i < count; i++) {
  const run = madeUpRun(i)
  store.record(run)
  process.stdout.write(`${run.id}\n`)
}
process.kill(process.pid, 'SIGKILL')
