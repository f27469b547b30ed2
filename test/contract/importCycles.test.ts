// No import cycles, type-only ones included. Lint holds value imports (import-x/no-cycle in eslint.config.js): a
// cycle planted in a scratch tree is reported by the project's own config. Type-only imports, which that rule
// does not follow, are held here: the import graph of src/ (every `import`, `import type`, `export … from` and
// `import()`) has no strongly connected component of two files or more, and a planted type-only cycle is found.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Every source file under `dir` (tests and declaration files left out), by absolute path. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : []
  })
}

/** The files each file imports (relative specifiers resolved as TypeScript resolves them here). */
function importGraph(files: Map<string, string>): Map<string, string[]> {
  const resolveIn = (from: string, spec: string): string | undefined => {
    if (!spec.startsWith('.')) return undefined
    const base = resolve(dirname(from), spec)
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) =>
      files.has(p),
    )
  }
  const graph = new Map<string, string[]>()
  for (const [file, text] of files) {
    const { importedFiles } = ts.preProcessFile(text, true, true)
    graph.set(
      file,
      importedFiles.flatMap((i) => resolveIn(file, i.fileName) ?? []),
    )
  }
  return graph
}

/** The cycles of a graph: its strongly connected components of two files or more (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1) found.push(component.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

const scratch: string[] = []
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
})

describe('import cycles', { timeout: 120_000 }, () => {
  it('src/ has none, type-only imports included', () => {
    const files = new Map(sources(join(root, 'src')).map((f) => [f, readFileSync(f, 'utf8')]))
    expect(files.size).toBeGreaterThan(400)
    const found = cycles(importGraph(files)).map((c) => c.map((f) => relative(root, f)))
    expect(found, 'files that import each other in a loop').toEqual([])
  })

  it('a type-only cycle is found', () => {
    const a = join(root, 'src/shared/plantedA.ts')
    const b = join(root, 'src/shared/plantedB.ts')
    const c = join(root, 'src/shared/plantedC.ts')
    const files = new Map([
      [a, "import type { B } from './plantedB'\nexport type A = { b: B }\n"],
      [b, "export type { A as B } from './plantedA'\n"],
      [c, "import type { A } from './plantedA'\nexport type C = A\n"],
    ])
    expect(cycles(importGraph(files))).toEqual([[a, b]])
  })

  it("the project's lint config reports a planted cycle of value imports", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'planted-cycle-'))
    scratch.push(dir)
    mkdirSync(join(dir, 'src/shared'), { recursive: true })
    writeFileSync(
      join(dir, 'src/shared/plantedA.ts'),
      "import { b } from './plantedB'\nexport const a = (): number => b() + 1\n",
    )
    writeFileSync(
      join(dir, 'src/shared/plantedB.ts'),
      "import { a } from './plantedA'\nexport const b = (): number => a() - 1\n",
    )
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: join(root, 'eslint.config.js'),
      ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-cycle',
    })
    const results = await eslint.lintFiles(['src/shared/plantedA.ts', 'src/shared/plantedB.ts'])
    const reported = results.flatMap((r) =>
      r.messages.map((m) => `${relative(dir, r.filePath)}: ${m.ruleId} ${m.message}`),
    )
    expect(reported).toEqual([
      'src/shared/plantedA.ts: import-x/no-cycle Dependency cycle detected',
      'src/shared/plantedB.ts: import-x/no-cycle Dependency cycle detected',
    ])
  })
})
