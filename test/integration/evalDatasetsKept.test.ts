// Datasets kept on disk with real files in a temp folder: a dataset imported and edited comes back, edits
// included, in a new service over the same data folder (an app restart); an edit is written a moment later, not
// on the call; the newest few are kept, the oldest removed; a damaged file is read as far as it reads (a torn row
// skipped) or not at all (a foreign head), never trusted; an id that is not a dataset's names no file.
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { EvalService } from '../../src/main/services/evals/evalService'
import { DATASETS_DIR, DATASETS_ON_DISK } from '../../src/main/services/evals/datasetFiles'
import { closeAll, evalServiceApp } from '../fakes/evalServiceApp'

const root = mkdtempSync(join(tmpdir(), 'eval-datasets-'))

afterAll(async () => {
  await closeAll()
  rmSync(root, { recursive: true, force: true })
})

function app(dataDir: string) {
  const { service, importFile } = evalServiceApp(dataDir)
  return { service, importCsv: importFile }
}

const cells = async (s: EvalService, id: string, offset = 0, limit = 10) =>
  (await s.rows(id, offset, limit)).rows.map((r) => r.cells)

describe('datasets kept across a restart', () => {
  it('an imported and edited dataset comes back whole in the next session, its problems and edits included', async () => {
    const dataDir = join(root, 'restart')
    const a = app(dataDir)
    const info = await a.importCsv(
      'lands.csv',
      'country,expected\nFrance,Paris\nItaly,Rome,extra\nSpain,Madrid\n',
    )
    expect(info.problemCount).toBe(1)
    await a.service.editRows(info.datasetId, { kind: 'set', index: 1, column: 1, value: 'Madrid, Spain' })
    await a.service.editRows(info.datasetId, { kind: 'insert', at: 2 })
    await a.service.editRows(info.datasetId, { kind: 'set', index: 2, column: 0, value: 'Peru' })
    await a.service.close()

    const b = app(dataDir)
    const back = await b.service.reopenDataset(info.datasetId)
    expect(back).toEqual({ ...info, rowCount: 3 })
    expect(await cells(b.service, info.datasetId)).toEqual([
      ['France', 'Paris'],
      ['Spain', 'Madrid, Spain'],
      ['Peru', ''],
    ])
    // Rows and edits ask for it by id too, with no reopen first.
    const c = app(dataDir)
    await c.service.editRows(info.datasetId, { kind: 'delete', indexes: [0] })
    expect(await cells(c.service, info.datasetId)).toHaveLength(2)
  })

  it('an edit is written a moment after it, not on the call, and the file holds the last edit', async () => {
    const dataDir = join(root, 'later')
    const a = app(dataDir)
    const info = await a.importCsv('one.csv', 'q\nfirst\n')
    const file = join(dataDir, DATASETS_DIR, `${info.datasetId}.ndjson`)
    while (!existsSync(file)) await new Promise((r) => setTimeout(r, 10))
    await a.service.editRows(info.datasetId, { kind: 'set', index: 0, column: 0, value: 'second' })
    await a.service.editRows(info.datasetId, { kind: 'set', index: 0, column: 0, value: 'third' })
    expect(readFileSync(file, 'utf8')).toContain('"first"')
    await new Promise((r) => setTimeout(r, 1400))
    const text = readFileSync(file, 'utf8')
    expect(text).toContain('"third"')
    expect(text).not.toContain('"second"')
  })

  it(`keeps the newest ${DATASETS_ON_DISK} datasets on disk; an older one is refused with a way on`, async () => {
    const dataDir = join(root, 'bound')
    const a = app(dataDir)
    const ids: string[] = []
    for (let i = 0; i <= DATASETS_ON_DISK; i++) {
      ids.push((await a.importCsv(`d${i}.csv`, `n\nrow ${i}\n`)).datasetId)
      await a.service.close()
      await new Promise((r) => setTimeout(r, 15))
    }
    expect(readdirSync(join(dataDir, DATASETS_DIR)).filter((n) => n.endsWith('.ndjson'))).toHaveLength(
      DATASETS_ON_DISK,
    )
    const b = app(dataDir)
    await expect(b.service.reopenDataset(ids[0]!)).rejects.toThrow(/no longer kept; import the file again/)
    expect((await b.service.reopenDataset(ids.at(-1)!)).name).toBe(`d${DATASETS_ON_DISK}.csv`)
  })

  it('reads a damaged file as far as it reads and never trusts a foreign one', async () => {
    const dataDir = join(root, 'damaged')
    const a = app(dataDir)
    const info = await a.importCsv('t.csv', 'a,b\n1,2\n3,4\n')
    await a.service.close()
    const file = join(dataDir, DATASETS_DIR, `${info.datasetId}.ndjson`)
    // A torn last line and rows of the wrong shape are skipped; the rest reads.
    appendFileSync(
      file,
      '{"c":["5",6]}\n{"c":["7","8","9"]}\n{"c":["x","y"],"g":[{"kind":"runCode"}]}\n{"c":["1',
    )
    const b = app(dataDir)
    expect(await cells(b.service, info.datasetId)).toEqual([
      ['1', '2'],
      ['3', '4'],
    ])
    // A head that is not a dataset's: the file is not read at all.
    writeFileSync(file, '{"v":2,"name":"x"}\n{"c":["1","2"]}\n')
    const c = app(dataDir)
    await expect(c.service.reopenDataset(info.datasetId)).rejects.toThrow(/no longer kept/)
    await expect(c.service.reopenDataset('../../etc/passwd')).rejects.toThrow(/no longer kept/)
  })
})
