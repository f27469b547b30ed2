// The first load of the built renderer stays small: the shell and the Text panel only, every other panel and heavy
// part fetched when opened. Reads out/renderer as `npm test` leaves it (it builds first).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { firstLoad } from './firstLoad'

const RENDERER = fileURLToPath(new URL('../../out/renderer', import.meta.url))
/**
 * The bound, in gzip bytes. The aim is 120 KB; what remains above it is React DOM (66 KB), zod (26 KB, which
 * the request preview's wire code validates with), the four formats' request builders and folds (28 KB) and the
 * Text panel with its parameter forms and the stores it reads at start (25 KB), all needed to show the Text
 * panel's request as it is typed. A change that crosses the bound should move what it adds behind a dynamic
 * import (see src/renderer/src/panels/lazyPanels.tsx and components/markdown/LazyMarkdown.tsx).
 */
const FIRST_LOAD_GZIP_MAX = 165 * 1024

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

    it('leaves every panel but Text, the markdown renderer and the Inspector out', () => {
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
