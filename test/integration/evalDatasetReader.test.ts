// Dataset files read in a worker thread (real files in a temp folder, the real worker through tsx): a big CSV
// comes in a chunk per turn of main's loop with its bad rows named by line and field; bytes that are not UTF-8
// are named by line; a worker that dies or throws is an error said in words (nothing kept, the next read fine);
// a worker that cannot start leaves the read to main.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDatasetFile, ROWS_A_MESSAGE } from '../../src/main/services/evals/datasetReader'

const defaults = { judge: { format: 'chat' as const, model: 'judge-model' }, embeddingModel: 'embed' }
let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-reader-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

describe('the dataset reader', () => {
  it('reads 20,000 rows in a worker, main taking them in a chunk per turn, bad rows named by line', async () => {
    const lines = ['country,expected']
    for (let i = 1; i <= 20_000; i++) lines.push(i === 500 ? 'Land,City,extra' : `Land ${i},City ${i}`)
    lines.push('1bad,x')
    const path = file('big.csv', `${lines.join('\n')}\n`)
    let turns = 0
    let ticking = true
    const tick = () => {
      turns++
      if (ticking) setImmediate(tick)
    }
    setImmediate(tick)
    const read = await readDatasetFile({ path, kind: 'csv', defaults }, { fileName: 'big.csv' })
    ticking = false
    expect(read.dataset.columns).toEqual(['country', 'expected'])
    expect(read.dataset.rows).toHaveLength(20_000)
    expect(read.dataset.rows[0]!.cells).toEqual(['Land 1', 'City 1'])
    expect(read.dataset.rows.at(-1)!.cells).toEqual(['1bad', 'x'])
    expect(read.problems[0]).toMatchObject({ line: 501, message: expect.stringContaining('3 fields') })
    // Main's loop turned at least once between every two chunks.
    expect(turns).toBeGreaterThanOrEqual(20_000 / ROWS_A_MESSAGE)
  })

  it('names the first line with bytes that are not UTF-8 and keeps the rows', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"city":"Paris"}\n{"city":"Li'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('ma"}\n'),
    ])
    const read = await readDatasetFile(
      { path: file('bad.jsonl', bytes), kind: 'jsonl', defaults },
      { fileName: 'bad.jsonl' },
    )
    expect(read.dataset.rows).toHaveLength(2)
    expect(read.problems[0]).toMatchObject({ line: 2, message: expect.stringContaining('not UTF-8') })
  })

  it('a worker that dies or throws is an error in words; the next read works', async () => {
    const path = file('ok.csv', 'a\n1\n')
    const job = { path, kind: 'csv' as const, defaults }
    await expect(
      readDatasetFile(job, {
        fileName: 'ok.csv',
        entry: async () => ({ file: 'process.exit(7)', eval: true }),
      }),
    ).rejects.toThrow(/ok\.csv: could not be read \(the reader stopped with code 7\); nothing was kept/)
    await expect(
      readDatasetFile(job, {
        fileName: 'ok.csv',
        entry: async () => ({ file: 'throw new Error("out of luck")', eval: true }),
      }),
    ).rejects.toThrow(/the reader stopped: out of luck/)
    await expect(
      readDatasetFile({ ...job, path: join(dir, 'gone.csv') }, { fileName: 'gone.csv' }),
    ).rejects.toThrow(/gone\.csv: could not be read \(ENOENT/)
    const read = await readDatasetFile(job, { fileName: 'ok.csv' })
    expect(read.dataset.rows).toEqual([{ cells: ['1'] }])
  })

  it('reads on main when no worker can start, and says so in the log', async () => {
    const logged: string[] = []
    const read = await readDatasetFile(
      { path: file('m.csv', 'a,b\n1,2\n'), kind: 'csv', defaults },
      {
        fileName: 'm.csv',
        log: (m) => logged.push(m),
        entry: async () => {
          throw new Error('no workers here')
        },
      },
    )
    expect(read.dataset.rows).toEqual([{ cells: ['1', '2'] }])
    expect(logged[0]).toMatch(/m\.csv is read on main's thread: Error: no workers here/)
  })
})
