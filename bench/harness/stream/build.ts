// Builds the stream pages (ours.html; peer.html, react-markdown; streamdown.html; floor.html, no renderer) with
// the project's Vite and React plugin, minified like the renderer, into one folder that browser mode's own server
// serves under the app's CSP.
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const HERE = dirname(fileURLToPath(import.meta.url))

export async function buildStreamPages(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: HERE,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      modulePreload: { polyfill: false },
      reportCompressedSize: false,
      rolldownOptions: {
        input: {
          ours: `${HERE}/ours.html`,
          peer: `${HERE}/peer.html`,
          streamdown: `${HERE}/streamdown.html`,
          floor: `${HERE}/floor.html`,
        },
      },
    },
  })
}
