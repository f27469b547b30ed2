// A big eval run's results opened (`npm run bench -- evalResults`): a finished 10,000 rows × 2 variants run kept
// on disk, opened after a restart as the panel opens it (the run and its dataset, the first window of the grid's
// rows with every column's figures computed in main, the dataset's first rows), then a window paged in the
// middle. Prints the open time against its bound (under 1 s), main's event-loop delay meanwhile, and the memory
// the open took. Medians over the repeats, each in a fresh service (nothing in memory), the load average beside.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { closeAll, evalServiceApp } from '../test/fakes/evalServiceApp'
import { writeKeptRun } from '../test/fakes/keptEvalRun'
import { loadLine, machineLine } from './machine'
import { percentile } from './pageProbe'

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000)
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5)
const OPEN_BOUND_MS = 1000
/** The grid's rows a page (as the panel asks for them). */
const GRID_ROWS = 100
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const ms = (v: number) => `${v.toFixed(1)} ms`

async function main() {
  console.log(machineLine())
  const dir = mkdtempSync(join(tmpdir(), 'bench-eval-results-'))
  try {
    const evalId = 'eval-bench-results'
    await writeKeptRun(dir, { evalId, rows: ROWS, columns: 2, answerChars: 400 })
    console.log(`${ROWS.toLocaleString('en')} rows × 2 variants kept on disk; ${loadLine()}`)
    const opens: number[] = []
    const pages: number[] = []
    const loops: number[] = []
    const grew: number[] = []
    for (let i = 0; i < REPEATS; i++) {
      globalThis.gc?.()
      const before = process.memoryUsage()
      const { service } = evalServiceApp(dir)
      const loop = monitorEventLoopDelay({ resolution: 1 })
      loop.enable()
      const start = performance.now()
      const opened = await service.openRun(evalId)
      const [window] = await Promise.all([
        service.runs.cells(evalId, 0, GRID_ROWS),
        service.rows(opened.dataset.datasetId, 0, GRID_ROWS),
      ])
      opens.push(performance.now() - start)
      loop.disable()
      loops.push(loop.percentile(99) / 1e6)
      if (window.summaries.length !== 2 || window.total !== ROWS * 2)
        throw new Error('the run did not open whole')
      const mid = performance.now()
      await service.runs.cells(evalId, Math.floor(ROWS / 2), GRID_ROWS)
      pages.push(performance.now() - mid)
      grew.push(process.memoryUsage().rss - before.rss)
      await closeAll()
    }
    const open = percentile(opens, 50)
    console.log(
      `open (run, its figures, the grid's first ${GRID_ROWS} rows and the dataset's): p50 ${ms(open)}, max ${ms(Math.max(...opens))} (bound < ${OPEN_BOUND_MS} ms: ${open < OPEN_BOUND_MS ? 'met' : 'not met'})`,
    )
    console.log(`main's event loop during the open: p99 ${ms(percentile(loops, 50))} (median of the repeats)`)
    console.log(`a window of ${GRID_ROWS} rows paged in the middle: p50 ${ms(percentile(pages, 50))}`)
    console.log(
      `memory the open added (resident, median): ${mb(percentile(grew, 50))}; resident now ${mb(process.memoryUsage().rss)}`,
    )
    console.log(loadLine())
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
