import {
  mkdtempSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
  lstatSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { SavedJson } from './savedJson'

const schema = z.object({ n: z.number() })
let root: string
let dataDir: string
let logs: string[]

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'saved-json-'))
  dataDir = join(root, 'data')
  mkdirSync(dataDir)
  logs = []
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const open = (maxBytes = 1024) =>
  new SavedJson({
    dataDir,
    file: 'doc.json',
    schema,
    initial: () => ({ n: 0 }),
    maxBytes,
    log: (m) => logs.push(m),
  })

describe('a small JSON document kept in the data folder', () => {
  it('reads what it saved', async () => {
    const doc = open()
    doc.update(() => ({ n: 7 }))
    await doc.flush()
    expect(open().get()).toEqual({ n: 7 })
  })

  it('is not read through a link that leads out of the data folder, and the next save replaces the link only', async () => {
    const outside = join(root, 'outside.json')
    writeFileSync(outside, JSON.stringify({ n: 42 }))
    symlinkSync(outside, join(dataDir, 'doc.json'))
    const doc = open()
    expect(doc.get()).toEqual({ n: 0 })
    expect(logs.join('\n')).toMatch(/leads out of the data folder/)
    doc.update(() => ({ n: 1 }))
    await doc.flush()
    expect(JSON.parse(readFileSync(outside, 'utf8'))).toEqual({ n: 42 })
    expect(lstatSync(join(dataDir, 'doc.json')).isSymbolicLink()).toBe(false)
  })

  it('sets aside a file past its bound or of another shape, so nothing the person can still read is overwritten', () => {
    writeFileSync(join(dataDir, 'doc.json'), JSON.stringify({ n: 1, pad: 'x'.repeat(2000) }))
    expect(open().get()).toEqual({ n: 0 })
    expect(existsSync(join(dataDir, 'doc.json.damaged'))).toBe(true)
    expect(logs.join('\n')).toMatch(/too large/)
    writeFileSync(join(dataDir, 'doc.json'), JSON.stringify({ n: 'one' }))
    expect(open().get()).toEqual({ n: 0 })
    expect(logs.at(-1)).toMatch(/set aside as doc\.json\.damaged/)
  })
})
