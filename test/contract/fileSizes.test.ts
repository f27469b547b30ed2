// No source file over 400 lines (tests and declaration files aside): a file that grows past it is split by what it
// does before it lands, so each stays readable whole.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const MAX_LINES = 400

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : []
  })
}

describe('file sizes', () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const files = sources(join(root, 'src'))
    expect(files.length).toBeGreaterThan(100)
    const over = files
      .map((path) => ({ file: relative(root, path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`)
    expect(over).toEqual([])
  })
})
