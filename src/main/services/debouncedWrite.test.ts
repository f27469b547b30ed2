import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DebouncedWrite } from './debouncedWrite'

const dirs: string[] = []
function file(): string {
  const dir = mkdtempSync(join(tmpdir(), 'debounced-'))
  dirs.push(dir)
  return join(dir, 'doc.json')
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('DebouncedWrite', () => {
  it('coalesces quick changes into one write of the newest text', async () => {
    const path = file()
    const writer = new DebouncedWrite(path, { what: 'a document', debounceMs: 40 })
    let produced = 0
    for (let i = 0; i < 5; i++)
      writer.schedule(() => {
        produced++
        return `{"n":${i}}`
      })
    expect(existsSync(path)).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 120))
    await writer.flush()
    expect(readFileSync(path, 'utf8')).toBe('{"n":4}')
    expect(produced).toBe(1)
  })

  it('writes nothing when the text is null, and says a failed write in the log', async () => {
    const path = file()
    const lines: string[] = []
    const writer = new DebouncedWrite(path, { what: 'a document', log: (line) => lines.push(line) })
    writer.schedule(() => null)
    await writer.flush()
    expect(existsSync(path)).toBe(false)
    const blocked = new DebouncedWrite(join(path, 'under-a-missing-file', 'doc.json'), {
      what: 'a document',
      log: (line) => lines.push(line),
    })
    writer.schedule(() => 'x')
    await writer.flush()
    blocked.schedule(() => 'y')
    await blocked.flush()
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^could not save a document: /)
  })
})
