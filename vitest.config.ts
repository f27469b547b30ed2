import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/{shared,main,preload,web,simulator}/**/*.test.ts', 'test/{contract,integration,conformance,build}/**/*.test.ts'],
          testTimeout: 20_000,
          // The packaging and first-load tests read out/: a fresh clone builds it first.
          globalSetup: ['test/build/ensureBuilt.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          testTimeout: 20_000,
        },
      },
    ],
  },
})
