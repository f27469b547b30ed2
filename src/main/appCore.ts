// The composition root shared by both hosts: adapters in, the core services, every domain and the router
// out. Electron (main/index.ts) and browser mode (web/host.ts) differ only in the adapters they pass; this is
// the one place that builds services, and the domain list below the one place that names the domains.
import { join } from 'node:path'
import type { Events } from '../shared/ipc/contract'
import { commands } from '../shared/ipc/contract'
import type { HostInfo } from '../shared/ipc/app'
import { createRouter, type Router } from './ipc/router'
import { composeDomains, type Domain, type DomainContext } from './ipc/domain'
import { appDomain } from './ipc/handlers/app'
import { profilesDomain } from './ipc/handlers/profiles'
import { textDomain } from './ipc/handlers/text'
import { mediaDomain } from './ipc/handlers/media'
import { videoDomain } from './ipc/handlers/video'
import { imagesDomain } from './ipc/handlers/images'
import { jobsDomain } from './ipc/handlers/jobs'
import { embeddingsDomain } from './ipc/handlers/embeddings'
import { compareDomain } from './ipc/handlers/compare'
import { historyDomain } from './ipc/handlers/history'
import { casesDomain } from './ipc/handlers/cases'
import { evalsDomain } from './ipc/handlers/evals'
import { loadDomain } from './ipc/handlers/load'
import { checkDomain } from './ipc/handlers/check'
import { workspaceDomain } from './ipc/handlers/workspace'
import { toolsDomain } from './ipc/handlers/tools'
import { pricesDomain } from './ipc/handlers/prices'
import { modelsDomain } from './ipc/handlers/models'
import { ProfileService } from './services/profiles'
import { GatewayClient } from './services/gateway'
import { NetworkPool } from './services/network/networkPool'
import { scrubSecrets } from './services/redact'
import { redactingSettings, redactOnDisk } from './services/diskRedaction'
import { MediaStore } from './services/mediaStore'
import type { HostAdapters } from './services/ports'
import { TaskLedger } from './services/tasks/ledger'
import { JobBoard } from './services/tasks/jobBoard'
import { openHistory } from './services/history/openHistory'
import { ToolServerService } from './services/tools/toolServers'
import { createCostCore } from './services/cost/costCore'

/** How long after start-up the history database opens if nothing has needed it sooner. */
export const HISTORY_OPEN_DELAY_MS = 1000

/**
 * Every domain of the app, in start and close order. A new domain is one contract file in src/shared/ipc
 * (joined in contract.ts) and one file in ipc/handlers that exports `defineDomain({ name, commands,
 * services(ctx), handlers(services), start?, close? })`, added to this list.
 */
export const DOMAINS: readonly Domain[] = [
  appDomain,
  profilesDomain,
  textDomain,
  mediaDomain,
  videoDomain,
  imagesDomain,
  jobsDomain,
  embeddingsDomain,
  compareDomain,
  historyDomain,
  casesDomain,
  checkDomain,
  evalsDomain,
  loadDomain,
  workspaceDomain,
  toolsDomain,
  pricesDomain,
  modelsDomain,
]

export interface EmbeddedSimulator {
  baseUrl: string
  consoleBaseUrl: string
  apiKey: string
  consoleToken: string
  close(): Promise<void>
}

export interface AppHost extends HostAdapters {
  kind: HostInfo['host']
  /** Starts the built-in simulator (on by default; `null` turns it off). */
  startSimulator: (() => Promise<EmbeddedSimulator>) | null
}

export interface AppCore {
  router: Router<Events>
  media: MediaStore
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
  const profiles = new ProfileService(redactingSettings(host.settings), host.secrets, () => simulator)
  await profiles.init()
  // The tool servers' secret values (an environment variable, a header) are secrets main holds too.
  const tools = new ToolServerService({
    settings: redactingSettings(host.settings),
    secrets: host.secrets,
    version: host.version,
    log: host.log,
  })
  const knownSecrets = () => [...profiles.knownSecrets(), ...tools.knownSecrets()]
  // S11: from here every text written into the data folder is scrubbed of the secrets main holds.
  const stopRedacting = redactOnDisk(knownSecrets)
  const redact = (text: string) => scrubSecrets(text, knownSecrets())
  const userAgent = `gateway-playground/${host.version}`
  const history = openHistory(host.dataDir, { secrets: knownSecrets, log: host.log })
  // Every call of every profile goes through this pool: its proxy, its trust, its connect timeout.
  const network = new NetworkPool({ systemProxy: host.systemProxy })
  const gateway = new GatewayClient({ knownSecrets, userAgent, network })
  const { costs, models } = createCostCore({ dataDir: host.dataDir, profiles, gateway, log: host.log })
  const ctx: DomainContext = {
    profiles,
    gateway,
    media: new MediaStore(join(host.dataDir, 'media'), host.mediaUrl),
    dataDir: host.dataDir,
    ledger: new TaskLedger(host.dataDir, host.log),
    jobs: new JobBoard(),
    history,
    tools,
    costs,
    models,
    userAgent,
    openExternal: host.openExternal,
    log: host.log,
    notifier: host.notifier,
    saveDialog: host.saveDialog,
    hostInfo: () => ({
      host: host.kind,
      version: host.version,
      platform: process.platform,
      secretProtection: host.secrets.protection,
      dataDir: host.dataDir,
      simulator: simulator ? { baseUrl: simulator.baseUrl, running: true } : null,
    }),
  }
  const domains = composeDomains(DOMAINS, commands, ctx)

  const router = createRouter(commands, domains.handlers, {
    redact,
    onInternalError: (route, error) =>
      host.log?.(
        redact(
          `internal error in ${route}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        ),
      ),
  })

  await domains.start()
  // The history database opens a moment after start-up, off the first screen's path; a history call or a run's
  // record before then opens it on the spot.
  history.openAfter(HISTORY_OPEN_DELAY_MS)

  return {
    router,
    media: ctx.media,
    simulator,
    redact,
    async close() {
      await domains.close()
      await gateway.close()
      await history.close()
      await simulator?.close()
      stopRedacting()
    },
  }
}
