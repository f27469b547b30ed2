// electron-builder's afterPack hook: flips the fuses of packaging/fuses.ts in the packaged Electron binary.
// It runs after the app is copied and before electron-builder signs it (flipping after signing would break
// the signature); the binary's path is worked out as electron-builder's own fuse step does.
import { join } from 'node:path'
import { Arch, type AfterPackContext } from 'electron-builder'
import { flipFuses as realFlipFuses, type FuseV1Config } from '@electron/fuses'
import { fuseConfig } from './fuses'

export type FlipFuses = (pathToElectron: string, config: FuseV1Config) => Promise<number>

/** The packaged Electron executable (the .app bundle on macOS) for this platform. */
export function electronBinaryPath(context: AfterPackContext): string {
  const platform = context.electronPlatformName
  const ext = ({ darwin: '.app', mas: '.app', win32: '.exe', linux: '' } as Record<string, string>)[platform]
  if (ext === undefined) throw new Error(`afterPack: no Electron binary known for platform ${platform}`)
  const name =
    platform === 'linux'
      ? (context.packager as unknown as { executableName: string }).executableName
      : context.packager.appInfo.productFilename
  return join(context.appOutDir, `${name}${ext}`)
}

export async function applyFuses(
  context: AfterPackContext,
  flipFuses: FlipFuses = realFlipFuses,
): Promise<void> {
  const platform = context.electronPlatformName
  // Flipping fuses invalidates the ad-hoc signature Apple silicon requires to launch at all; it is reset here
  // and electron-builder signs properly afterwards when an identity is configured.
  const resetAdHocDarwinSignature =
    (platform === 'darwin' || platform === 'mas') && context.arch === Arch.arm64
  await flipFuses(electronBinaryPath(context), fuseConfig({ resetAdHocDarwinSignature }))
}
