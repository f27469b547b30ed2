// The composition root shared by both hosts: adapters in, services and the router out. Electron
// (main/index.ts) and browser mode (web/server.ts) differ only in the adapters they pass.
import type { Commands, Events } from '../shared/ipc/contract'
import { commands } from '../shared/ipc/contract'
import type { HostInfo } from '../shared/ipc/app'
import { createRouter, type Router } from './ipc/router'
import { createHandlers } from './ipc/handlers'
import { ProfileService } from './services/profiles'
import { GatewayClient } from './services/gateway'
import { scrubSecrets } from './services/redact'
import { MediaStore } from './services/mediaStore'
import { TextService } from './services/text/textService'
import { VideoJobService } from './services/video/videoJobs'
import { MediaImports } from './services/mediaImport'
import type { Notifier, SaveDialog } from './services/video/ports'
import { join } from 'node:path'
import type { SecretStore, SettingsStore } from './services/ports'

export interface EmbeddedSimulator {
  baseUrl: string
  consoleBaseUrl: string
  apiKey: string
  consoleToken: string
  close(): Promise<void>
}

export interface AppHost {
  kind: HostInfo['host']
  version: string
  dataDir: string
  settings: SettingsStore
  secrets: SecretStore
  openExternal(url: string): Promise<void>
  /** How the renderer addresses a media id: `media://<id>` in Electron, `/media/<id>` in browser mode. */
  mediaUrl(id: string): string
  /** Starts the built-in simulator (on by default; `null` turns it off). */
  startSimulator: (() => Promise<EmbeddedSimulator>) | null
  log?: (message: string) => void
  /** Desktop notifications for finished video jobs (Electron); browser mode notifies through the page. */
  notifier?: Notifier
  /** The "Save as…" dialog (Electron); browser mode downloads instead. */
  saveDialog?: SaveDialog
}

export interface AppCore {
  router: Router<Events>
  profiles: ProfileService
  gateway: GatewayClient
  media: MediaStore
  text: TextService
  video: VideoJobService
  simulator: EmbeddedSimulator | null
  /** Scrubs every secret main knows from a text (S7), for logs and error messages. */
  redact(text: string): string
  close(): Promise<void>
}

export async function createAppCore(host: AppHost): Promise<AppCore> {
  let simulator: EmbeddedSimulator | null = null
  if (host.startSimulator) {
    try {
      simulator = await host.startSimulator()
    } catch (error) {
      host.log?.(
        `the built-in simulator did not start: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
  const profiles = new ProfileService(host.settings, host.secrets, () => simulator)
  await profiles.init()
  const redact = (text: string) => scrubSecrets(text, profiles.knownSecrets())
  const gateway = new GatewayClient({
    knownSecrets: () => profiles.knownSecrets(),
    userAgent: `gateway-playground/${host.version}`,
  })

  const media = new MediaStore(join(host.dataDir, 'media'), host.mediaUrl)

  const text = new TextService({ profiles, gateway, media })
  const video = new VideoJobService({
    profiles,
    gateway,
    media,
    dataDir: host.dataDir,
    notifier: host.notifier,
    saveDialog: host.saveDialog,
    log: host.log,
    userAgent: `gateway-playground/${host.version}`,
  })
  const mediaImports = new MediaImports(media)

  const handlers = createHandlers({
    profiles,
    gateway,
    text,
    media,
    video,
    mediaImports,
    openExternal: host.openExternal,
    hostInfo: () => ({
      host: host.kind,
      version: host.version,
      platform: process.platform,
      secretProtection: host.secrets.protection,
      dataDir: host.dataDir,
      simulator: simulator ? { baseUrl: simulator.baseUrl, running: true } : null,
    }),
  })

  const router = createRouter<Commands, Events>(commands, handlers, {
    redact,
    onInternalError: (route, error) =>
      host.log?.(
        redact(
          `internal error in ${route}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        ),
      ),
  })

  // Unfinished video jobs resume now, whether or not a window ever asks for them (R7).
  await video.start()

  return {
    router,
    profiles,
    gateway,
    media,
    text,
    video,
    simulator,
    redact,
    async close() {
      text.stopAll()
      await video.close()
      await mediaImports.close()
      await simulator?.close()
    },
  }
}
