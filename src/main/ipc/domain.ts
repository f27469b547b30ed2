// A domain of the app as one unit: its contract (commands from src/shared/ipc/<domain>.ts), the services it
// builds from the shared core, its handlers, and what it does at start and close. appCore.ts composes the
// list of domains; a domain never reaches another domain's services, only the core ones in DomainContext.
import type { Events } from '../../shared/ipc/contract'
import type { CommandDef, CommandMap } from '../../shared/ipc/define'
import type { HostInfo } from '../../shared/ipc/app'
import type { GatewayClient } from '../services/gateway'
import type { MediaStore } from '../services/mediaStore'
import type { ProfileService } from '../services/profiles'
import type { TaskLedger } from '../services/tasks/ledger'
import type { JobBoard } from '../services/tasks/jobBoard'
import type { HistoryAccess } from '../services/history/openHistory'
import type { Notifier, SaveDialog } from '../services/video/ports'
import type { ToolServerService } from '../services/tools/toolServers'
import type { CostService } from '../services/cost/costService'
import type { ModelService } from '../services/models/modelService'
import type { Handler, Handlers } from './router'

/** The core every domain may build on: profiles and their secrets, the gateway client, the media store, host facts. */
export interface DomainContext {
  profiles: ProfileService
  gateway: GatewayClient
  media: MediaStore
  dataDir: string
  /** The one ledger of asynchronous jobs (`jobs.json`) that every job domain registers its kinds with. */
  ledger: TaskLedger
  /** The one jobs surface: every job domain's service registers its panel here; the jobs domain serves it. */
  jobs: JobBoard
  /** The history database every run is recorded in (its store is null when the file could not be opened). */
  history: HistoryAccess
  /** The tool servers the user set up (Settings → Tool servers), which Text, Compare and Cases call. */
  tools: ToolServerService
  /** Prices, the cost of every run and job as it ends, this month's spend and budgets. */
  costs: CostService
  /** The models each profile can reach (catalog, the gateway's list, typed ids) and what is known of them. */
  models: ModelService
  userAgent: string
  hostInfo(): HostInfo
  /** Opens a URL in the OS browser; only ever called with a URL that passed isSafeExternalUrl. */
  openExternal(url: string): Promise<void>
  log?: (message: string) => void
  notifier?: Notifier
  saveDialog?: SaveDialog
}

export interface DomainSpec<C extends CommandMap, S> {
  readonly name: string
  readonly commands: C
  /** Builds the domain's services from the core, once per app. */
  services(ctx: DomainContext): S
  handlers(services: S): Handlers<C, Events>
  /** Work that begins once the router is up (e.g. resuming jobs), awaited before the app is ready. */
  start?(services: S): Promise<void> | void
  close?(services: S): Promise<void> | void
}

/** A domain with its service type erased, so the composition root can hold a list of them. */
export interface Domain {
  readonly name: string
  readonly commands: CommandMap
  compose(ctx: DomainContext): ComposedDomain
}

export interface ComposedDomain {
  readonly handlers: Readonly<Record<string, Handler<CommandDef, Events>>>
  start(): Promise<void>
  close(): Promise<void>
}

export function defineDomain<C extends CommandMap, S>(spec: DomainSpec<C, S>): Domain {
  return {
    name: spec.name,
    commands: spec.commands,
    compose(ctx) {
      const services = spec.services(ctx)
      return {
        handlers: spec.handlers(services) as unknown as Record<string, Handler<CommandDef, Events>>,
        start: async () => void (await spec.start?.(services)),
        close: async () => void (await spec.close?.(services)),
      }
    },
  }
}

/**
 * Composes every domain into one handler table. A route claimed twice, or one the contract does not declare,
 * is a programming error caught at start (the router in turn refuses a contract route without a handler).
 */
export function composeDomains(
  domains: readonly Domain[],
  contract: CommandMap,
  ctx: DomainContext,
): { handlers: Handlers<CommandMap, Events>; start(): Promise<void>; close(): Promise<void> } {
  const handlers: Record<string, Handler<CommandDef, Events>> = {}
  const composed = domains.map((domain) => {
    const unit = domain.compose(ctx)
    for (const route of Object.keys(domain.commands)) {
      if (!Object.hasOwn(contract, route)) throw new Error(`${domain.name}: ${route} is not in the contract`)
      if (Object.hasOwn(handlers, route)) throw new Error(`${domain.name}: ${route} is handled twice`)
      const handler = unit.handlers[route]
      if (typeof handler !== 'function') throw new Error(`${domain.name}: no handler for ${route}`)
      handlers[route] = handler
    }
    return unit
  })
  return {
    handlers,
    async start() {
      for (const unit of composed) await unit.start()
    },
    async close() {
      for (const unit of composed) await unit.close()
    },
  }
}
