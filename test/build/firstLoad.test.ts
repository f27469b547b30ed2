// The first load of the built renderer stays small: the shell and the Text panel only, every other panel and heavy
// part fetched when opened. Reads out/renderer as `npm test` leaves it (it builds first).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { firstLoad } from './firstLoad'

const RENDERER = fileURLToPath(new URL('../../out/renderer', import.meta.url))
/**
 * The bound, in gzip bytes: 120 KB, over the 102.6 KB reached (from 134.5 KB). What remains is React DOM (66 KB)
 * and the shell with the Text panel, its parameter forms and stores. zod is out: main checks the app's and Text
 * panel's saved state (src/shared/workspace/panelStates.ts), the "Other fields" editor loads its extras check
 * when opened, and the constants and functions the first load reads live in modules that declare no schema
 * (shared/workspace/panels.ts, shared/ipc/turnLimits.ts, shared/wire/reportedUsage.ts and extrasMerge.ts). The
 * four formats' readers and folds, the draft's rules Send checks, and the Code tab are chunks fetched on demand.
 * A change that crosses the bound should move what it adds behind a dynamic import (see
 * src/renderer/src/panels/lazyPanels.tsx, src/renderer/src/stores/form/requestReaders.ts and
 * components/markdown/LazyMarkdown.tsx), and a first-load module should not import a value from one that
 * declares a zod schema.
 */
const FIRST_LOAD_GZIP_MAX = 120 * 1024

const built = existsSync(join(RENDERER, 'index.html'))

describe.skipIf(!built /* nothing built: test:unit alone; npm test builds first */)(
  'renderer first load',
  () => {
    const files = () => firstLoad(RENDERER)

    it(`is at most ${FIRST_LOAD_GZIP_MAX / 1024} KB of JavaScript gzip`, () => {
      const total = files().reduce((a, f) => a + f.gzip, 0)
      expect(
        total,
        files()
          .map((f) => `${f.file} ${f.gzip}`)
          .join('\n'),
      ).toBeLessThanOrEqual(FIRST_LOAD_GZIP_MAX)
    })

    it('leaves every panel but Text, the markdown renderer, the Inspector and the on-demand wire code out', () => {
      const first = new Set(files().map((f) => f.file))
      const all = readdirSync(join(RENDERER, 'assets')).filter((f) => f.endsWith('.js'))
      const lazy = [
        'ComparePanel',
        'HistoryPanel',
        'EmbeddingsPanel',
        'ImagesPanel',
        'VideoPanel',
        'CasesPanel',
        'SettingsPanel',
        'JobsPanel',
        'Inspector',
        'markdown',
        // The four formats' builders, readers and folds; the Code tab; the draft's rules Send checks.
        'adapters',
        'RequestCode',
        'validate',
      ]
      for (const name of lazy) {
        const chunk = all.find((f) => f.startsWith(`${name}-`))
        expect(chunk, `a chunk named ${name}-*.js`).toBeDefined()
        expect(first.has(`assets/${chunk}`), `${chunk} is in the first load`).toBe(false)
      }
    })

    it('follows static imports between chunks (the entry alone is not the first load)', () => {
      const entry = /src="\.?\/?(assets\/index-[^"]+\.js)"/.exec(
        readFileSync(join(RENDERER, 'index.html'), 'utf8'),
      )
      expect(entry).not.toBeNull()
      expect(files().length).toBeGreaterThan(1)
      expect(files().some((f) => f.file.startsWith('assets/react-'))).toBe(true)
    })
  },
)
