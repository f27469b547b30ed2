// docs/ARCHITECTURE.md is the map of the code, and this keeps it true: every folder under src/ is named there,
// every path it names (in backticks, from the repository root) exists, and its lint-zone table lists exactly the
// zones of eslint.config.js. A failure names what to add to the doc or remove from it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const DOC = 'docs/ARCHITECTURE.md'
const doc = readFileSync(join(root, DOC), 'utf8')

/** Every folder below `dir` (relative to the repository root), each as `path/` with a trailing slash. */
function foldersUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`
      return [`${path}/`, ...foldersUnder(path)]
    })
}

/**
 * The repository paths the doc names: backticked text that starts at a top-level folder of the repository.
 * Templates such as `src/shared/wire/<format>/build.ts` stand for several paths and are not checked.
 */
function namedPaths(text: string): string[] {
  const tops = ['src/', 'test/', 'scripts/', 'docs/', 'bench/', 'packaging/', 'resources/']
  const paths = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!)
  return [...new Set(paths.filter((p) => tops.some((t) => p.startsWith(t)) && !/[<>*{}…]/.test(p)))]
}

const isFolder = (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isDirectory()

/** The zone names of eslint.config.js: the keys of its `const zone = { … }` table. */
function lintZones(): string[] {
  const config = readFileSync(join(root, 'eslint.config.js'), 'utf8')
  const table = /^const zone = \{\n([\s\S]*?)^\}/m.exec(config)
  if (!table) return []
  return [...table[1]!.matchAll(/^ {2}(\w+): /gm)].map((m) => m[1]!).sort()
}

describe(`${DOC} maps the code as it is`, () => {
  const folders = foldersUnder('src')
  const named = namedPaths(doc)

  it('names every folder under src/', () => {
    expect(folders.length).toBeGreaterThan(40)
    const missing = folders.filter((folder) => !named.includes(folder))
    expect(missing, `folders under src/ that ${DOC} does not name`).toEqual([])
  })

  it('names no folder that does not exist', () => {
    const namedFolders = named.filter((p) => p.endsWith('/'))
    expect(namedFolders.length).toBeGreaterThanOrEqual(folders.length)
    const gone = namedFolders.filter((p) => !isFolder(p))
    expect(gone, `folders ${DOC} names that do not exist`).toEqual([])
  })

  it('names no file that does not exist', () => {
    const namedFiles = named.filter((p) => !p.endsWith('/'))
    expect(namedFiles.length).toBeGreaterThan(20)
    const gone = namedFiles.filter((p) => !existsSync(join(root, p)))
    expect(gone, `files ${DOC} names that do not exist`).toEqual([])
  })

  it('lists exactly the lint zones of eslint.config.js', () => {
    const zones = lintZones()
    expect(zones.length, 'eslint.config.js has no `const zone = { … }` table to read').toBeGreaterThan(0)
    const documented = [...new Set([...doc.matchAll(/`zone\.(\w+)`/g)].map((m) => m[1]!))].sort()
    expect(documented, `the lint-zone table of ${DOC}`).toEqual(zones)
  })
})
