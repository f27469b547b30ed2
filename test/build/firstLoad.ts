// What a window downloads and runs before it can show anything: index.html's module script, its modulepreloads
// and, transitively, every chunk those import statically. Dynamic imports (the lazy panels, the markdown renderer,
// the Inspector) are left out: they load when opened. Shared by the size test and `npm run bench -- limits`.
import { readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface LoadedFile {
  file: string
  raw: number
  gzip: number
}

/** Static `import … from "x"`, `import "x"` and `export … from "x"` in minified output (not `import("x")`). */
const STATIC_IMPORT = /(?:^|[;}\s)])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g

export function firstLoad(rendererDir: string): LoadedFile[] {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8')
  const queue: string[] = []
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) queue.push(m[1]!)
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) queue.push(m[1]!)
  if (queue.length === 0) throw new Error(`${rendererDir}/index.html has no module script`)
  const seen = new Map<string, LoadedFile>()
  while (queue.length > 0) {
    const file = normalize(queue.shift()!.replace(/^\//, ''))
    if (seen.has(file)) continue
    const code = readFileSync(join(rendererDir, file))
    seen.set(file, { file, raw: code.length, gzip: gzipSync(code).length })
    for (const m of code.toString('utf8').matchAll(STATIC_IMPORT))
      if (m[1]!.startsWith('.')) queue.push(join(dirname(file), m[1]!))
  }
  return [...seen.values()]
}
