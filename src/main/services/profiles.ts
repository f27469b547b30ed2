// Connection profiles: user profiles persisted in the SettingsStore, secrets in the SecretStore, and the
// built-in "Local simulator" profile synthesised at launch (its port changes per run, so it is never stored).
// A copy of it follows it: its base URLs and, unless it has its own, its key are the running simulator's.
// Only `resolve` returns secrets, and only to main's gateway client; views carry `{ configured, hint }`.
// It also keeps the app's settings (theme, defaults): `resolve` fills a profile's unset idle timeout from them.
// A profile's network (proxy, trust, timeouts, retries) is stored with it, its certificate files checked on save
// and shown as summaries; the proxy password and the client key are secrets like the API key.
import { randomUUID } from 'node:crypto'
import {
  profileFieldsSchema,
  type ProfileFieldsInput,
  type ProfileView,
  type SecretKind,
  type SecretStatus,
} from '../../shared/ipc/profiles'
import type { PinnedCert } from '../../shared/ipc/profileNetwork'
import { checkClientPair } from './network/tlsTrust'
import { storedTls, tlsView } from './profileNetwork'
import type { AppSettings, AppSettingsPatch } from '../../shared/ipc/app'
import { AppError } from '../../shared/ipc/result'
import { readAppSettings, updateAppSettings } from './appSettings'
import { normalize, ref, status, withDefaults, type StoredProfile } from './profileStored'
import type { SecretStore, SettingsStore } from './ports'

export const BUILT_IN_PROFILE_ID = 'local-simulator'

export interface BuiltInProfile {
  baseUrl: string
  consoleBaseUrl: string
  apiKey: string
  consoleToken: string
}

/** Everything main needs to make a call for a profile. Never sent to the renderer. */
export interface ResolvedProfile extends Omit<StoredProfile, 'idleTimeoutMs'> {
  /** The profile's own stream idle timeout, or the app's default when it sets none. */
  idleTimeoutMs: number
  builtIn: boolean
  apiKey: string | null
  consoleToken: string | null
  proxyPassword: string | null
  /** The client certificate's private key (mTLS). */
  clientKey: string | null
}

/**
 * A profile held in memory only (the command line's, a test's): the fields as the contract takes them, every
 * default filled, with its secrets beside it.
 */
export function memoryProfile(
  input: ProfileFieldsInput,
  secrets: Partial<Pick<ResolvedProfile, 'apiKey' | 'consoleToken' | 'proxyPassword' | 'clientKey'>> & {
    id?: string
    idleTimeoutMs?: number
    pinned?: PinnedCert | null
  } = {},
): ResolvedProfile {
  const fields = profileFieldsSchema.parse(input)
  const tls = storedTls(fields.tls, null)
  return {
    ...fields,
    tls: { ...tls, pinned: secrets.pinned ?? null },
    id: secrets.id ?? 'command-line',
    idleTimeoutMs: secrets.idleTimeoutMs ?? fields.idleTimeoutMs ?? 60_000,
    builtIn: false,
    apiKey: secrets.apiKey ?? null,
    consoleToken: secrets.consoleToken ?? null,
    proxyPassword: secrets.proxyPassword ?? null,
    clientKey: secrets.clientKey ?? null,
  }
}

const PROFILES_KEY = 'profiles'
const ACTIVE_KEY = 'activeProfileId'
const SECRET_KINDS: SecretKind[] = ['apiKey', 'consoleToken', 'proxyPassword', 'clientKey']

export class ProfileService {
  private secretCache: string[] = []

  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
    private readonly builtIn: () => BuiltInProfile | null = () => null,
  ) {}

  async list(): Promise<{ profiles: ProfileView[]; activeId: string | null }> {
    const views: ProfileView[] = []
    const sim = this.builtInStored()
    if (sim) views.push(await this.view(sim, true))
    for (const p of this.stored()) views.push(await this.view(p, false))
    return { profiles: views, activeId: this.activeId() }
  }

  activeId(): string | null {
    const chosen = this.settings.get<string>(ACTIVE_KEY)
    const ids = new Set([...(this.builtIn() ? [BUILT_IN_PROFILE_ID] : []), ...this.stored().map((p) => p.id)])
    if (chosen && ids.has(chosen)) return chosen
    // First launch (or the chosen profile is gone): the simulator if it runs, else the first profile.
    return ids.values().next().value ?? null
  }

  /** Fields as the contract takes them (defaults filled here too, for callers in main). */
  async create(input: ProfileFieldsInput): Promise<ProfileView> {
    const fields = withDefaults(input)
    const profile: StoredProfile = { ...fields, tls: storedTls(fields.tls, null), id: randomUUID() }
    this.save([...this.stored(), profile])
    return this.view(profile, false)
  }

  async update(id: string, input: ProfileFieldsInput): Promise<ProfileView> {
    this.assertEditable(id)
    const fields = withDefaults(input)
    const list = this.stored()
    const index = list.findIndex((p) => p.id === id)
    if (index < 0) throw notFound(id)
    const previous = normalize(list[index]!)
    // A change that does not say whether the profile follows the Local simulator leaves that as it was.
    const follows = input.followsSimulator ?? previous.followsSimulator
    const next: StoredProfile = {
      ...fields,
      ...(follows !== undefined && { followsSimulator: follows }),
      tls: storedTls(fields.tls, previous.tls),
      id,
    }
    const key = await this.secrets.get(ref(id, 'clientKey'))
    if (key && next.tls.clientCertPem) checkClientPair(next.tls.clientCertPem, key)
    list[index] = next
    this.save(list)
    return this.view(next, false)
  }

  async duplicate(id: string): Promise<ProfileView> {
    const source = await this.resolve(id)
    const names = new Set(this.stored().map((p) => p.name))
    let name = `${source.name} (copy)`
    for (let n = 2; names.has(name); n++) name = `${source.name} (copy ${n})`
    const { id: _id, builtIn, apiKey, consoleToken, proxyPassword, clientKey, ...fields } = source
    // The copy follows the app default exactly when the source did.
    const idleTimeoutMs = this.storedOrBuiltIn(id)?.idleTimeoutMs ?? null
    // A copy of the simulator (or of a copy that follows it) follows it: its address and key change each launch.
    const followsSimulator = builtIn || source.followsSimulator === true
    const copy: StoredProfile = { ...fields, idleTimeoutMs, followsSimulator, name, id: randomUUID() }
    this.save([...this.stored(), copy])
    // The copy keeps the secrets, so a user can vary headers or URLs without typing the key again; a copy that
    // follows the simulator keeps only its source's own key and token (the simulator's come with it at each
    // launch). The proxy password and the client key are always the source's own.
    const given: Record<SecretKind, string | null> = { apiKey, consoleToken, proxyPassword, clientKey }
    for (const kind of SECRET_KINDS) {
      const simulated = kind === 'apiKey' || kind === 'consoleToken'
      const value =
        followsSimulator && simulated ? (builtIn ? null : await this.secrets.get(ref(id, kind))) : given[kind]
      if (value) await this.secrets.set(ref(copy.id, kind), value)
    }
    await this.refreshSecretCache()
    return this.view(copy, false)
  }

  async delete(id: string): Promise<{ activeId: string | null }> {
    this.assertEditable(id)
    const list = this.stored()
    if (!list.some((p) => p.id === id)) throw notFound(id)
    this.save(list.filter((p) => p.id !== id))
    for (const kind of SECRET_KINDS) await this.secrets.delete(ref(id, kind))
    await this.refreshSecretCache()
    if (this.settings.get<string>(ACTIVE_KEY) === id) this.settings.delete(ACTIVE_KEY)
    return { activeId: this.activeId() }
  }

  setActive(id: string): { activeId: string } {
    if (!this.exists(id)) throw notFound(id)
    this.settings.set(ACTIVE_KEY, id)
    return { activeId: id }
  }

  async setSecret(id: string, kind: SecretKind, value: string | null): Promise<SecretStatus> {
    this.assertEditable(id)
    const stored = this.stored().find((p) => p.id === id)
    if (!stored) throw notFound(id)
    const certPem = normalize(stored).tls.clientCertPem
    if (kind === 'clientKey' && value !== null && certPem) checkClientPair(certPem, value)
    if (value === null) await this.secrets.delete(ref(id, kind))
    else await this.secrets.set(ref(id, kind), value)
    await this.refreshSecretCache()
    return status(value, kind)
  }

  /**
   * Accepts, for this profile, the certificate its last Test connection saw with this fingerprint (null forgets
   * the accepted one). Only a certificate main itself saw can be accepted: the page names it, never sends it.
   */
  async trustCertificate(
    id: string,
    fingerprint256: string | null,
    seen: PinnedCert | null,
  ): Promise<ProfileView> {
    this.assertEditable(id)
    const list = this.stored()
    const index = list.findIndex((p) => p.id === id)
    if (index < 0) throw notFound(id)
    if (fingerprint256 !== null && (!seen || seen.fingerprint256 !== fingerprint256))
      throw new AppError(
        'PROFILES_CERT_NOT_SEEN',
        'That certificate was not seen by a Test connection of this profile; test the connection again, then accept it.',
      )
    const current = normalize(list[index]!)
    const next: StoredProfile = {
      ...current,
      tls: { ...current.tls, pinned: fingerprint256 === null ? null : seen },
    }
    list[index] = next
    this.save(list)
    return this.view(next, false)
  }

  /** A profile's name (what the history records), or null when there is no such profile. */
  nameOf(id: string): string | null {
    return this.storedOrBuiltIn(id)?.name ?? null
  }

  /** The profile with its secrets, for main's gateway client only. */
  async resolve(id: string): Promise<ResolvedProfile> {
    const sim = this.builtIn()
    const idleTimeoutMs = (own: number | null) => own ?? this.appSettings().text.idleTimeoutMs
    if (id === BUILT_IN_PROFILE_ID && sim) {
      const p = this.builtInStored()!
      return {
        ...p,
        idleTimeoutMs: idleTimeoutMs(p.idleTimeoutMs),
        builtIn: true,
        apiKey: sim.apiKey,
        consoleToken: sim.consoleToken,
        proxyPassword: null,
        clientKey: null,
      }
    }
    const raw = this.stored().find((s) => s.id === id)
    if (!raw) throw notFound(id)
    const p = this.following(normalize(raw))
    const follows = p.followsSimulator === true && sim !== null
    return {
      ...p,
      idleTimeoutMs: idleTimeoutMs(p.idleTimeoutMs ?? null),
      builtIn: false,
      apiKey: (await this.secrets.get(ref(id, 'apiKey'))) ?? (follows ? sim.apiKey : null),
      consoleToken: (await this.secrets.get(ref(id, 'consoleToken'))) ?? (follows ? sim.consoleToken : null),
      proxyPassword: await this.secrets.get(ref(id, 'proxyPassword')),
      clientKey: await this.secrets.get(ref(id, 'clientKey')),
    }
  }

  /** A stored profile as it is used now: one that follows the simulator has the running simulator's addresses. */
  private following(p: StoredProfile): StoredProfile {
    const sim = this.builtIn()
    if (!p.followsSimulator || !sim) return p
    return { ...p, baseUrl: sim.baseUrl, consoleBaseUrl: sim.consoleBaseUrl }
  }

  /** The app's settings: theme and the defaults the Text panel starts with. */
  appSettings(): AppSettings {
    return readAppSettings(this.settings)
  }

  /** Saves a validated patch; a default judge or embedding profile must be one that exists. */
  updateAppSettings(patch: AppSettingsPatch): AppSettings {
    for (const [field, target] of Object.entries(patch.evals ?? {}))
      if (target.profileId && !this.exists(target.profileId))
        throw new AppError(
          'APP_BAD_SETTINGS',
          `evals.${field}.profileId: no profile with id ${target.profileId}; choose one from the list.`,
        )
    return updateAppSettings(this.settings, patch)
  }

  /**
   * Every secret value main holds, so logs, records and error texts can be scrubbed of them (S7).
   * Synchronous on purpose: redaction runs on hot paths and must never wait on disk.
   */
  knownSecrets(): string[] {
    const sim = this.builtIn()
    return [...(sim ? [sim.apiKey, sim.consoleToken] : []), ...this.secretCache]
  }

  /** Loads the secret cache; call once before serving requests. */
  async init(): Promise<void> {
    await this.adoptSimulatorCopies()
    await this.refreshSecretCache()
  }

  /**
   * Copies of the Local simulator made before copies followed it point at a port and hold a key of a launch long
   * gone: a loopback profile whose key is a simulator's (`sk-sim-…`) follows the simulator from now on, and the
   * stale key and token go.
   */
  private async adoptSimulatorCopies(): Promise<void> {
    const list = this.stored()
    let changed = false
    for (const p of list) {
      if (p.followsSimulator !== undefined || !/^http:\/\/127\.0\.0\.1:\d+\/?$/.test(p.baseUrl)) continue
      const key = await this.secrets.get(ref(p.id, 'apiKey'))
      if (!key?.startsWith('sk-sim-')) continue
      p.followsSimulator = true
      changed = true
      await this.secrets.delete(ref(p.id, 'apiKey'))
      const token = await this.secrets.get(ref(p.id, 'consoleToken'))
      if (token?.startsWith('sim-console-')) await this.secrets.delete(ref(p.id, 'consoleToken'))
    }
    if (changed) this.save(list)
  }

  private async refreshSecretCache(): Promise<void> {
    const values: string[] = []
    for (const p of this.stored()) {
      for (const kind of SECRET_KINDS) {
        const v = await this.secrets.get(ref(p.id, kind))
        if (v) values.push(v)
      }
    }
    this.secretCache = values
  }

  exists(id: string): boolean {
    return (id === BUILT_IN_PROFILE_ID && this.builtIn() !== null) || this.stored().some((p) => p.id === id)
  }

  private assertEditable(id: string): void {
    if (id === BUILT_IN_PROFILE_ID)
      throw new AppError(
        'PROFILES_READ_ONLY',
        'The Local simulator profile is built in and cannot be changed; duplicate it to edit a copy.',
      )
  }

  private builtInStored(): StoredProfile | null {
    const sim = this.builtIn()
    if (!sim) return null
    return normalize({
      tls: { caPem: '', caName: '', pinned: null, clientCertPem: '' },
      id: BUILT_IN_PROFILE_ID,
      name: 'Local simulator',
      baseUrl: sim.baseUrl,
      consoleBaseUrl: sim.consoleBaseUrl,
      headers: [],
      nativeAuth: 'header',
      timeoutMs: 120_000,
      idleTimeoutMs: null,
      followsSimulator: false,
    })
  }

  private storedOrBuiltIn(id: string): StoredProfile | null {
    return id === BUILT_IN_PROFILE_ID
      ? this.builtInStored()
      : (this.stored().find((p) => p.id === id) ?? null)
  }

  private stored(): StoredProfile[] {
    const raw = this.settings.get<StoredProfile[]>(PROFILES_KEY)
    return Array.isArray(raw) ? raw : []
  }

  private save(list: StoredProfile[]): void {
    this.settings.set(PROFILES_KEY, list)
  }

  private async view(raw: StoredProfile, builtIn: boolean): Promise<ProfileView> {
    const p = this.following(normalize(raw))
    const follows = p.followsSimulator === true
    const secrets = {} as ProfileView['secrets']
    for (const kind of SECRET_KINDS) {
      const own = builtIn ? this.builtInSecret(kind) : await this.secrets.get(ref(p.id, kind))
      secrets[kind] = status(own ?? (follows ? this.builtInSecret(kind) : null), kind)
    }
    return {
      ...p,
      idleTimeoutMs: p.idleTimeoutMs ?? null,
      followsSimulator: follows,
      builtIn,
      tls: tlsView(p.tls),
      secrets,
    }
  }

  private builtInSecret(kind: SecretKind): string | null {
    const sim = this.builtIn()
    if (!sim) return null
    return kind === 'apiKey' ? sim.apiKey : kind === 'consoleToken' ? sim.consoleToken : null
  }
}

const notFound = (id: string) => new AppError('PROFILES_NOT_FOUND', `No profile with id ${id}.`)
