// Child process for the layout move test: opens the history at argv[2] (an earlier layout's file) and moves its
// runs to the compact layout in batches of argv[3], printing the count moved after each committed batch, until
// it is killed (or all are moved).
import { HistoryStore } from '../../src/main/services/history/historyStore'

const store = new HistoryStore(process.argv[2]!)
const batch = Number(process.argv[3] ?? 50)
while (store.layout.active) {
  store.layout.step(store, batch)
  process.stdout.write(`${store.layout.progress()?.moved ?? 'done'}\n`)
}
process.stdout.write('done\n')
