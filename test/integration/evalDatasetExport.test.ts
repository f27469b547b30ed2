// A dataset's export with real files in a temp folder: what the table shows (edits included) written as CSV or
// JSONL and imported again gives the same rows, values with commas, quotes, line breaks, leading spaces, formulas
// and an empty one-column value included; a row's name comes back; rows with their own graders are counted, not
// dropped silently; the desktop's save dialog gets the file; a 100,000-row export is written a bounded piece at a
// time with the event loop free between pieces, never as one string; column edits are kept and exported.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { datasetFilePieces } from '../../src/main/services/evals/datasetExport'
import type { EvalService } from '../../src/main/services/evals/evalService'
import type { SaveDialog } from '../../src/main/services/video/ports'
import { closeAll, evalServiceApp } from '../fakes/evalServiceApp'

const root = mkdtempSync(join(tmpdir(), 'eval-dataset-export-'))

afterAll(async () => {
  await closeAll()
  rmSync(root, { recursive: true, force: true })
})

function app(dataDir: string, saveDialog?: SaveDialog) {
  const { service, media, importFile } = evalServiceApp(dataDir, saveDialog)
  /** The exported file's text, read from the media store the link points into. */
  const exported = async (url: string) => readFileSync((await media.path(url.split('/').pop()!))!, 'utf8')
  return { service, importFile, exported }
}

const allRows = async (s: EvalService, id: string) => {
  const out: { cells: string[]; description: string | null }[] = []
  for (let at = 0; ; at += 200) {
    const page = await s.rows(id, at, 200)
    out.push(...page.rows.map((r) => ({ cells: r.cells, description: r.description })))
    if (at + 200 >= page.total) return out
  }
}

const TRICKY = [
  'question,expected',
  'plain,Paris',
  '"a, comma","she said ""yes"""',
  '"two\nlines","crlf\r\nhere"',
  '"  leading spaces",=SUM(A1:A2)',
  ',',
  'ünïcødé ✓,@handle',
].join('\n')

describe('a dataset exported and imported again', () => {
  for (const format of ['csv', 'jsonl'] as const)
    it(`${format}: gives the same rows as the table, edits included`, async () => {
      const a = app(join(root, `round-${format}`))
      const info = await a.importFile('tricky.csv', TRICKY)
      expect(info.problemCount).toBe(0)
      await a.service.editRows(info.datasetId, { kind: 'set', index: 0, column: 1, value: 'Paris, "France"' })
      await a.service.editRows(info.datasetId, { kind: 'insert', at: 6 })
      await a.service.editRows(info.datasetId, { kind: 'set', index: 6, column: 0, value: 'added\r\nrow' })
      await a.service.editRows(info.datasetId, { kind: 'delete', indexes: [1] })
      const before = await allRows(a.service, info.datasetId)
      expect(before).toHaveLength(6)

      const out = await a.service.exportDataset(info.datasetId, format)
      expect(out).toMatchObject({ saved: false, path: null, name: `tricky.${format}`, rows: 6 })
      const text = await a.exported(out.url!)
      if (format === 'csv') {
        expect(text.startsWith('question,expected\r\n')).toBe(true)
        expect(text).toContain('"Paris, ""France"""')
      } else expect(text.split('\n')[0]).toBe('{"question":"plain","expected":"Paris, \\"France\\""}')

      const again = await a.importFile(`again.${format}`, text)
      expect(again.problemCount).toBe(0)
      expect(again.columns).toEqual(['question', 'expected'])
      expect(await allRows(a.service, again.datasetId)).toEqual(before)
    })

  it('csv: an empty value of a one-column dataset and each row name come back', async () => {
    const a = app(join(root, 'one-column'))
    const info = await a.importFile(
      'named.jsonl',
      '{"q":"first","__description":"the first"}\n{"q":""}\n{"q":"third","__description":"3, \\"third\\""}\n',
    )
    const before = await allRows(a.service, info.datasetId)
    expect(before.map((r) => r.description)).toEqual(['the first', null, '3, "third"'])
    for (const format of ['csv', 'jsonl'] as const) {
      const text = await a.exported((await a.service.exportDataset(info.datasetId, format)).url!)
      const again = await a.importFile(`again.${format}`, text)
      expect(again.columns).toEqual(['q'])
      expect(await allRows(a.service, again.datasetId)).toEqual(before)
    }
  })

  it("counts the rows whose own graders (a suite's asserts) are not in the file", async () => {
    const a = app(join(root, 'graders'))
    const info = await a.importFile(
      'asserts.csv',
      'country,__expected\nFrance,icontains:paris\nItaly,\nSpain,contains:Madrid\n',
    )
    const out = await a.service.exportDataset(info.datasetId, 'csv')
    expect(out.gradersLeftOut).toBe(2)
    expect(await a.exported(out.url!)).toBe('country\r\nFrance\r\nItaly\r\nSpain\r\n')
  })

  it('columns added, renamed and deleted are kept across a restart and reach the export', async () => {
    const dataDir = join(root, 'columns')
    const a = app(dataDir)
    const info = await a.importFile('lands.csv', 'country,expected,notes\nFrance,Paris,x\nPeru,Lima,y\n')
    await a.service.editColumns(info.datasetId, { kind: 'rename', column: 0, name: 'nation' })
    await a.service.editColumns(info.datasetId, { kind: 'delete', column: 2 })
    await a.service.editColumns(info.datasetId, { kind: 'add', name: 'region' })
    await a.service.editRows(info.datasetId, { kind: 'set', index: 1, column: 2, value: 'Andes' })
    await a.service.close()
    const b = app(dataDir)
    expect((await b.service.reopenDataset(info.datasetId)).columns).toEqual(['nation', 'expected', 'region'])
    const out = await b.service.exportDataset(info.datasetId, 'csv')
    expect(await b.exported(out.url!)).toBe('nation,expected,region\r\nFrance,Paris,\r\nPeru,Lima,Andes\r\n')
  })

  it("goes through the desktop's save dialog when there is one; a cancel saves nothing", async () => {
    const target = join(root, 'saved-here.csv')
    let answer: string | null = target
    const dialog: SaveDialog = {
      saveCopy: async (source, name) => {
        expect(name).toBe('lands.csv')
        if (answer) copyFileSync(source, answer)
        return answer
      },
    }
    const a = app(join(root, 'dialog'), dialog)
    const info = await a.importFile('lands.csv', 'country\nFrance\n')
    expect(await a.service.exportDataset(info.datasetId, 'csv')).toMatchObject({
      saved: true,
      path: target,
      url: null,
    })
    expect(readFileSync(target, 'utf8')).toBe('country\r\nFrance\r\n')
    answer = null
    expect(await a.service.exportDataset(info.datasetId, 'csv')).toMatchObject({ saved: false, path: null })
  })

  it('a 100,000-row dataset is written a bounded piece at a time, the event loop free between pieces', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({
      cells: [`Land ${i}`, `City "${i}", north`],
    }))
    for (const format of ['csv', 'jsonl'] as const) {
      let pieces = 0
      let largest = 0
      let turns = 0
      let bytes = 0
      const ticking = setInterval(() => (turns += 1), 0)
      for await (const piece of datasetFilePieces(['country', 'expected'], rows, format)) {
        pieces += 1
        bytes += piece.length
        largest = Math.max(largest, piece.length)
      }
      clearInterval(ticking)
      expect(pieces).toBeGreaterThanOrEqual(100)
      expect(largest).toBeLessThan(64 * 1024)
      expect(bytes).toBeGreaterThan(3_000_000)
      expect(turns).toBeGreaterThan(0)
    }

    const a = app(join(root, 'big'))
    const csv = `country,expected\n${rows.map((r) => `${r.cells[0]},"${r.cells[1]!.replace(/"/g, '""')}"`).join('\n')}\n`
    const info = await a.importFile('big.csv', csv)
    await a.service.editRows(info.datasetId, { kind: 'set', index: 99_999, column: 0, value: 'Last, edited' })
    const out = await a.service.exportDataset(info.datasetId, 'csv')
    expect(out.rows).toBe(100_000)
    const again = await a.importFile('big-again.csv', await a.exported(out.url!))
    expect(again.rowCount).toBe(100_000)
    expect((await a.service.rows(again.datasetId, 99_998, 2)).rows.map((r) => r.cells)).toEqual([
      ['Land 99998', 'City "99998", north'],
      ['Last, edited', 'City "99999", north'],
    ])
  }, 60_000)
})
