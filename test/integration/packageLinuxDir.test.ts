// electron-builder really run, offline: `--linux dir` with a stand-in Electron binary (a file holding Electron's
// fuse sentinel and its default fuse wire) in place of the download. Proves the whole pipeline: the config and
// hook load through the CLI, app.asar holds what the app loads at run time and no sources, the sample videos sit
// beside it, and the hook flipped the binary's fuses to packaging/fuses.ts. (Needs `npm run build` first.)
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { FUSES } from '../../packaging/fuses'
import { SAMPLE_VIDEOS } from '../../src/simulator/media'

const ROOT = resolve(import.meta.dirname, '../..')
const require = createRequire(import.meta.url)
const asar = require('@electron/asar') as {
  listPackage(archive: string, options: object): string[]
  extractFile(archive: string, file: string): Buffer
}
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
// Electron's own defaults, as its binaries ship: RunAsNode on, cookie encryption off, NODE_OPTIONS on, inspect
// on, ASAR integrity off, only-from-ASAR off, V8 snapshot off, file:// privileges on, wasm trap handlers on.
const DEFAULT_WIRE = '101100011'
const work = mkdtempSync(join(tmpdir(), 'package-linux-dir-'))

afterAll(() => rmSync(work, { recursive: true, force: true }))

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  const cli = require.resolve('electron-builder/cli.js')
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: ROOT,
    env: { ...process.env, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr.on('data', (c: Buffer) => (output += c.toString()))
  return new Promise((done) => child.once('exit', (code) => done({ code, output })))
}

describe('npm run package (Linux, unpacked, offline)', () => {
  it('packs the built app into app.asar and flips the fuses of the one list', async () => {
    expect(existsSync(join(ROOT, 'out/main/index.js')), 'out/ is missing: run `npm run build` first').toBe(
      true,
    )
    const dist = join(work, 'electron-dist')
    const stub = join(dist, 'electron')
    mkdirSync(dist)
    writeFileSync(
      stub,
      Buffer.concat([
        Buffer.from('#!/bin/sh\nexit 0\n'),
        Buffer.alloc(64),
        Buffer.from(SENTINEL),
        Buffer.from([1, 9]),
        Buffer.from(DEFAULT_WIRE),
      ]),
    )
    chmodSync(stub, 0o755)
    const output = join(work, 'release')
    const result = await run([
      '--config',
      'packaging/electron-builder.config.ts',
      '--linux',
      'dir',
      `-c.electronDist=${dist}`,
      `-c.directories.output=${output}`,
    ])
    expect(result.code, result.output).toBe(0)

    const app = join(output, 'linux-unpacked')
    const wire = await getCurrentFuseWire(join(app, 'gateway-playground'))
    for (const [index, fuse] of Object.entries(FUSES))
      expect(
        String.fromCharCode(wire[Number(index) as FuseV1Options] as number),
        FuseV1Options[Number(index)],
      ).toBe(fuse.value ? '1' : '0')

    const archive = join(app, 'resources/app.asar')
    const files = asar.listPackage(archive, {}).map((f) => f.replaceAll('\\', '/'))
    const has = (path: string) => files.includes(path)
    for (const path of [
      '/package.json',
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
    ])
      expect(has(path), path).toBe(true)
    expect(files.some((f) => /^\/out\/main\/chunks\/analysisWorker-.*\.js$/.test(f))).toBe(true)
    // The sample videos sit in <resources>/sim, the folder src/simulator/media.ts tries as process.resourcesPath/sim.
    for (const name of SAMPLE_VIDEOS) expect(existsSync(join(app, 'resources/sim', name)), name).toBe(true)
    expect(files.filter((f) => f.startsWith('/resources/'))).toEqual([])
    // Production dependencies come along (main is bundled with them external); development ones never do.
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      main: string
      dependencies: Record<string, string>
    }
    for (const dep of Object.keys(pkg.dependencies))
      expect(has(`/node_modules/${dep}/package.json`), dep).toBe(true)
    expect(has('/node_modules/node-sqlite3-wasm/dist/node-sqlite3-wasm.wasm')).toBe(true)
    for (const dev of ['electron', 'vitest', 'electron-builder', 'typescript'])
      expect(has(`/node_modules/${dev}/package.json`), dev).toBe(false)
    expect(
      files.filter((f) => f.startsWith('/src/') || f.startsWith('/test/') || f.endsWith('.map')),
    ).toEqual([])
    const packedPkg = JSON.parse(asar.extractFile(archive, 'package.json').toString()) as { main: string }
    expect(packedPkg.main).toBe(pkg.main)
  }, 240_000)
})
