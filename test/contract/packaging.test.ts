// Packaging without packaging: electron-builder needs to download Electron, which CI cannot, so this checks
// what would be packed. The config loads through electron-builder's own loader and passes its schema, targets
// every OS, packs everything the built app loads at run time (checked against the real out/ of `npm run build`
// with electron-builder's own matcher) and the sample videos, and the afterPack hook flips exactly the fuses of packaging/fuses.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses'
import { Arch, type AfterPackContext, type Configuration } from 'electron-builder'
import config, { RUNTIME_FILES, SAMPLE_MEDIA } from '../../packaging/electron-builder.config'
import { applyFuses, electronBinaryPath } from '../../packaging/afterPack'
import { FUSES } from '../../packaging/fuses'
import { SAMPLE_VIDEOS } from '../../src/simulator/media'

const ROOT = resolve(import.meta.dirname, '../..')
const CONFIG = 'packaging/electron-builder.config.ts'
// electron-builder's own modules (app-builder-lib is its implementation), resolved where it resolves them.
const builderRequire = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'))
const { getConfig, validateConfiguration } = builderRequire('./out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Configuration>
  validateConfiguration(config: Configuration, logger: unknown): Promise<void>
}
const { DebugLogger } = builderRequire('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
const { Minimatch } = builderRequire('minimatch') as {
  Minimatch: new (pattern: string, options: object) => { match(path: string): boolean; negate: boolean }
}

/** Whether electron-builder's `files` would pack this path: the last matching pattern decides, as there. */
function packed(path: string, patterns: readonly string[]): boolean {
  let included = false
  for (const pattern of patterns) {
    const m = new Minimatch(pattern, { dot: true })
    if (m.negate ? !m.match(path) : m.match(path)) included = !m.negate
  }
  return included
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [relative(ROOT, full).split(sep).join('/')]
  })
}

function fakeContext(platform: string, arch: Arch): AfterPackContext {
  return {
    appOutDir: '/pack/out',
    electronPlatformName: platform,
    arch,
    packager: { appInfo: { productFilename: 'Gateway Playground' }, executableName: 'gateway-playground' },
  } as unknown as AfterPackContext
}

describe('packaging configuration', () => {
  it("loads through electron-builder's loader and passes its schema", async () => {
    const loaded = await getConfig(ROOT, join(ROOT, CONFIG), null)
    await expect(validateConfiguration(loaded, new DebugLogger(false))).resolves.toBeUndefined()
    // The schema check is real: an option electron-builder does not know is refused.
    await expect(
      validateConfiguration({ ...loaded, fusesList: [] } as Configuration, new DebugLogger(false)),
    ).rejects.toThrow(/fusesList/)
    expect(loaded.appId).toBe('dev.gateway-playground.desktop')
    expect(loaded.productName).toBe('Gateway Playground')
    expect(loaded.asar).toBe(true)
    // Fuses are flipped once, by our hook, never also by electron-builder's own fuse step.
    // (jiti loads its own copy of the hook module, so the function is the same by name, not identity)
    expect(typeof loaded.afterPack === 'function' && loaded.afterPack.name).toBe(applyFuses.name)
    expect(loaded.electronFuses).toBeUndefined()
  })

  it('targets Windows (nsis), macOS (dmg, hardened runtime) and Linux (AppImage and deb)', () => {
    expect(config.win?.target).toEqual(['nsis'])
    expect(config.mac?.target).toEqual(['dmg'])
    expect(config.mac?.hardenedRuntime).toBe(true)
    const entitlements = readFileSync(join(ROOT, config.mac!.entitlements!), 'utf8')
    expect(entitlements).toContain('com.apple.security.cs.allow-jit')
    expect(entitlements).not.toContain('disable-library-validation')
    expect(config.linux?.target).toEqual(['AppImage', 'deb'])
    expect(config.linux?.maintainer).toMatch(/<[^@\s]+@[^>\s]+>/)
  })

  it("packs every file of electron-vite's out/ the app loads (main, chunks, preload, renderer), no source maps", () => {
    const out = join(ROOT, 'out')
    expect(existsSync(join(out, 'renderer/index.html')), 'out/ is missing: run `npm run build` first').toBe(
      true,
    )
    const files = config.files as string[]
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string }
    // The entry points the host names: package.json main, the preload and the renderer (electronHost.ts).
    for (const entry of [
      pkg.main.replace(/^\.\//, ''),
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'package.json',
    ])
      expect(packed(entry, files), entry).toBe(true)
    const built = filesUnder(out)
    expect(built.some((f) => f.startsWith('out/main/chunks/'))).toBe(true)
    for (const file of built) expect(packed(file, files), file).toBe(!file.endsWith('.map'))
  })

  it("copies the simulator's sample videos to <resources>/sim, and packs no project sources", () => {
    const files = config.files as string[]
    expect(config.extraResources).toEqual([SAMPLE_MEDIA])
    for (const name of SAMPLE_VIDEOS) {
      expect(existsSync(join(ROOT, SAMPLE_MEDIA.from, name)), name).toBe(true)
      expect(packed(name, SAMPLE_MEDIA.filter), name).toBe(true)
    }
    expect(packed('make-media.sh', SAMPLE_MEDIA.filter)).toBe(false)
    for (const source of [
      'src/main/index.ts',
      'resources/sim/famA.mp4',
      'test/contract/packaging.test.ts',
      '.env',
    ])
      expect(packed(source, files), source).toBe(false)
    expect(RUNTIME_FILES).toContain('package.json')
  })
})

describe('fuses', () => {
  const captured = async (platform: string, arch: Arch) => {
    const calls: [string, FuseV1Config][] = []
    await applyFuses(fakeContext(platform, arch), async (path, fuses) => (calls.push([path, fuses]), 0))
    expect(calls).toHaveLength(1)
    return calls[0]!
  }

  it('the hook sets exactly the expected fuses, every fuse of the wire explicitly', async () => {
    const [, fuses] = await captured('linux', Arch.x64)
    expect(fuses).toEqual({
      version: FuseVersion.V1,
      strictlyRequireAllFuses: true,
      resetAdHocDarwinSignature: false,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
      [FuseV1Options.WasmTrapHandlers]: true,
    })
    // Every fuse @electron/fuses knows is decided in the one list, with its reason.
    const known = Object.values(FuseV1Options).filter((v) => typeof v === 'number')
    expect(Object.keys(FUSES).map(Number).sort()).toEqual([...known].sort())
    for (const fuse of Object.values(FUSES)) expect(fuse.why.length).toBeGreaterThan(30)
  })

  it('flips the packaged binary of each platform, resetting the ad-hoc signature on Apple silicon only', async () => {
    expect((await captured('linux', Arch.x64))[0]).toBe(join('/pack/out', 'gateway-playground'))
    expect((await captured('win32', Arch.x64))[0]).toBe(join('/pack/out', 'Gateway Playground.exe'))
    const [macPath, macFuses] = await captured('darwin', Arch.x64)
    expect(macPath).toBe(join('/pack/out', 'Gateway Playground.app'))
    expect(macFuses.resetAdHocDarwinSignature).toBe(false)
    expect((await captured('darwin', Arch.arm64))[1].resetAdHocDarwinSignature).toBe(true)
    expect(() => electronBinaryPath(fakeContext('aix', Arch.x64))).toThrow(
      'no Electron binary known for platform aix',
    )
  })
})
