// The Electron fuses a shipped build sets: the one list that the afterPack hook flips and the packaging test
// checks. Every fuse of the wire is set explicitly (strictlyRequireAllFuses), so an Electron upgrade that adds a
// fuse fails packaging until someone decides its value here.
import { FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses'

/** Each fuse with its value and why: a reviewer reads this table, the hook applies exactly it. */
export const FUSES: Readonly<Record<FuseV1Options, { value: boolean; why: string }>> = {
  [FuseV1Options.RunAsNode]: {
    value: false,
    why: 'ELECTRON_RUN_AS_NODE would turn the signed app into a plain Node runtime for any local program.',
  },
  [FuseV1Options.EnableCookieEncryption]: {
    value: true,
    why: 'Cookies on disk are encrypted with the OS keychain key, like the saved gateway keys.',
  },
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: {
    value: false,
    why: 'NODE_OPTIONS (e.g. --require) would let the environment inject code into main, where the keys live.',
  },
  [FuseV1Options.EnableNodeCliInspectArguments]: {
    value: false,
    why: '--inspect / --inspect-brk would open a debugger into main and read its keys.',
  },
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: {
    value: true,
    why: 'app.asar is checked against the hash embedded at build time (macOS, Windows): a modified app does not start.',
  },
  [FuseV1Options.OnlyLoadAppFromAsar]: {
    value: true,
    why: 'The app is loaded only from the checked app.asar, never from an app folder placed beside it.',
  },
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: {
    value: false,
    why: 'Electron default; the app ships no custom V8 snapshot for the browser process.',
  },
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: {
    value: false,
    why: 'The page is served from app:// (and media://), never file://, so file:// needs no extra privileges.',
  },
  [FuseV1Options.WasmTrapHandlers]: {
    value: true,
    why: 'Electron default; main runs WebAssembly (SQLite, the embeddings kernel) and trap handlers keep it fast.',
  },
}

/** The configuration given to flipFuses for one packaged binary. */
export function fuseConfig(options: { resetAdHocDarwinSignature: boolean }): FuseV1Config {
  const values = Object.fromEntries(
    Object.entries(FUSES).map(([index, fuse]) => [index, fuse.value]),
  ) as Record<FuseV1Options, boolean>
  return {
    version: FuseVersion.V1,
    strictlyRequireAllFuses: true,
    resetAdHocDarwinSignature: options.resetAdHocDarwinSignature,
    ...values,
  }
}
