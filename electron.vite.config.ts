// Build of the three Electron entries, plus browser mode's host beside Electron's main. The preload is CJS so the
// window can stay sandboxed (an ESM preload forces sandbox: false); the renderer is minified and split by panel.
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  main: {
    build: {
      // Pure-JS dependencies are bundled into the build: one file to read and compile at start instead of
      // hundreds resolved one by one (about a third of the host's start-up CPU). What must stay a package on
      // disk stays external: electron and electron-store (Electron's own), node-sqlite3-wasm (it reads its
      // .wasm file beside itself) and gpt-tokenizer (large tables, imported only when first needed).
      externalizeDeps: {
        exclude: [
          'zod',
          'conf',
          'ajv',
          're2js',
          'partial-json',
          'jsonc-parser',
          'eventsource-parser',
          'csv-parse',
          'js-yaml',
          'ws',
          'diff',
          'microdiff',
        ],
      },
      rolldownOptions: {
        // Both hosts from one build: Electron's main (index.js) and browser mode's CLI (web.js, run by
        // `npm run web` with plain node, no TypeScript compiled at start); the app core is shared between them.
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          web: resolve(__dirname, 'src/web/cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react()],
    build: {
      minify: true,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        // src/shared is pure TypeScript whose modules only declare (schemas, tables, functions): one the page
        // imports through a barrel (shared/wire's index) but uses nothing of is left out, so the four formats'
        // builders, readers and folds stay out of the first load (their chunk loads on demand).
        treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]shared[\\/]/, sideEffects: false }] },
        // Vendor code in chunks of its own that change less often than the app's; every panel but Text is
        // a dynamic import (src/renderer/src/panels/lazyPanels.tsx), so its code and its vendors load when opened.
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
              { name: 'markdown', test: /node_modules[\\/](marked|entities)[\\/]/, priority: 20 },
            ],
          },
        },
      },
    },
  },
})
