// A big kept run's results as the panel reads them (real files in a temp folder, a service as the app builds one
// at start): a window of rows comes with every column's figures computed in main over all the cells, long answers
// make a window answer fewer rows (never a message past its bound), rows not run have no cells, and the row by
// row diff and the CSV export still cover every row.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { summarizeColumn } from '../../src/shared/evals/summary'
import { IPC_MESSAGE_LIMIT } from '../../src/shared/ipc/media'
import { closeAll, evalServiceApp } from '../fakes/evalServiceApp'
import { keptCell, writeKeptRun } from '../fakes/keptEvalRun'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-window-'))
})
afterAll(async () => {
  await closeAll()
  rmSync(dir, { recursive: true, force: true })
})

describe("a kept run's results in windows of rows", () => {
  it('answers 10,000 × 2 a window at a time with figures over all the cells', async () => {
    await writeKeptRun(dir, { evalId: 'eval-big-000001', rows: 10_000, columns: 2 })
    const { service } = evalServiceApp(dir)
    const opened = await service.openRun('eval-big-000001')
    expect(opened.run).toMatchObject({ rowCount: 10_000, size: 20_000, state: 'done' })
    const page = await service.runs.cells('eval-big-000001', 9_950, 100)
    expect(page.rows).toBe(50)
    expect(page.cells).toHaveLength(100)
    expect(page.cells[0]).toMatchObject({ row: 9_950, column: 0 })
    expect(page.total).toBe(20_000)
    for (const column of [0, 1]) {
      const all = Array.from({ length: 10_000 }, (_, r) => keptCell(r, column))
      expect(page.summaries[column]).toEqual(summarizeColumn(all))
    }
    expect(page.summaries[0]!.failed).toBe(Math.ceil(10_000 / 7))
    expect(JSON.stringify(page).length).toBeLessThan(IPC_MESSAGE_LIMIT)

    // The diff of two runs of the same rows and the CSV export still reach every row.
    await writeKeptRun(dir, { evalId: 'eval-big-000002', rows: 10_000, columns: 2, ranRows: 9_000 })
    const diff = await service.runs.diff('eval-big-000001', 'eval-big-000002')
    expect(diff.rows.length).toBeGreaterThan(0)
    const csv = await service.export('eval-big-000001', 'csv')
    const text = readFileSync(join(dir, 'media', csv.url.replace('/media/', '')), 'utf8')
    // A line a cell, under the header.
    expect(text.trim().split('\r\n')).toHaveLength(20_001)
  })

  it('answers fewer rows when their answers are long, and none for rows not run', async () => {
    await writeKeptRun(dir, {
      evalId: 'eval-long-00001',
      rows: 300,
      columns: 2,
      ranRows: 250,
      answerChars: 1_900,
    })
    const { service } = evalServiceApp(dir)
    const first = await service.runs.cells('eval-long-00001', 0, 200)
    expect(first.rows).toBeGreaterThan(0)
    expect(first.rows).toBeLessThan(200)
    expect(JSON.stringify(first).length).toBeLessThan(IPC_MESSAGE_LIMIT)
    const next = await service.runs.cells('eval-long-00001', first.rows, 200)
    expect(next.cells[0]).toMatchObject({ row: first.rows, column: 0 })
    const tail = await service.runs.cells('eval-long-00001', 240, 60)
    expect(tail.rows).toBe(60)
    expect(tail.cells.map((c) => c.row).at(-1)).toBe(249)
    expect(tail.summaries[0]!.counted).toBe(250)
  })
})
