// Connection profiles: user profiles persisted in the SettingsStore, secrets in the SecretStore, and the
// built-in "Local simulator" profile synthesised at launch (its port changes per run, so it is never stored).
// Only `resolve` returns secrets, and only to main's gateway client; views carry `{ configured, hint }`.
// It also keeps the app's settings (theme, defaults): `resolve` fills a profile's unset idle timeout from them.
import { randomUUID } from 'node:crypto'
import {
  secretHint,
  type ProfileFields,
  type ProfileView,
  type SecretKind,
  type SecretStatus,
} from '../../shared/ipc/profiles'
import type { AppSettings, AppSettingsPatch } from '../../shared/ipc/app'
import { AppError } from '../../shared/ipc/result'
import { readAppSettings, updateAppSettings } from './appSettings'
import type { SecretStore, SettingsStore } from './ports'

export const BUILT_IN_PROFILE_ID = 'local-simulator'

export interface BuiltInProfile {
  baseUrl: string
  consoleBaseUrl: string
  apiKey: string
  consoleToken: string
}

interface StoredProfile extends ProfileFields {
  id: string
}

/** Everything main needs to make a call for a profile. Never sent to the renderer. */
export interface ResolvedProfile extends Omit<ProfileFields, 'idleTimeoutMs'> {
  id: string
  /** The profile's own stream idle timeout, or the app's default when it sets none. */
  idleTimeoutMs: number
  builtIn: boolean
  apiKey: string | null
  consoleToken: string | null
}

const PROFILES_KEY = 'profiles'
const ACTIVE_KEY = 'activeProfileId'
const SECRET_KINDS: SecretKind[] = ['apiKey', 'consoleToken']

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

  async create(fields: ProfileFields): Promise<ProfileView> {
    const profile: StoredProfile = { ...fields, id: randomUUID() }
    this.save([...this.stored(), profile])
    return this.view(profile, false)
  }

  async update(id: string, fields: ProfileFields): Promise<ProfileView> {
    this.assertEditable(id)
    const list = this.stored()
    const index = list.findIndex((p) => p.id === id)
    if (index < 0) throw notFound(id)
    const next = { ...fields, id }
    list[index] = next
    this.save(list)
    return this.view(next, false)
  }

  async duplicate(id: string): Promise<ProfileView> {
    const source = await this.resolve(id)
    const names = new Set(this.stored().map((p) => p.name))
    let name = `${source.name} (copy)`
    for (let n = 2; names.has(name); n++) name = `${source.name} (copy ${n})`
    const { id: _id, builtIn: _b, apiKey, consoleToken, ...fields } = source
    // The copy follows the app default exactly when the source did.
    const idleTimeoutMs = this.storedOrBuiltIn(id)?.idleTimeoutMs ?? null
    const copy: StoredProfile = { ...fields, idleTimeoutMs, name, id: randomUUID() }
    this.save([...this.stored(), copy])
    // The copy keeps the secrets, so a user can vary headers or URLs without typing the key again.
    if (apiKey) await this.secrets.set(ref(copy.id, 'apiKey'), apiKey)
    if (consoleToken) await this.secrets.set(ref(copy.id, 'consoleToken'), consoleToken)
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
    if (!this.stored().some((p) => p.id === id)) throw notFound(id)
    if (value === null) await this.secrets.delete(ref(id, kind))
    else await this.secrets.set(ref(id, kind), value)
    await this.refreshSecretCache()
    return status(value)
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
      }
    }
    const p = this.stored().find((s) => s.id === id)
    if (!p) throw notFound(id)
    return {
      ...p,
      idleTimeoutMs: idleTimeoutMs(p.idleTimeoutMs ?? null),
      builtIn: false,
      apiKey: await this.secrets.get(ref(id, 'apiKey')),
      consoleToken: await this.secrets.get(ref(id, 'consoleToken')),
    }
  }

  /** The app's settings: theme and the defaults the Text panel starts with. */
  appSettings(): AppSettings {
    return readAppSettings(this.settings)
  }

  updateAppSettings(patch: AppSettingsPatch): AppSettings {
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
    await this.refreshSecretCache()
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

  private exists(id: string): boolean {
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
    return {
      id: BUILT_IN_PROFILE_ID,
      name: 'Local simulator',
      baseUrl: sim.baseUrl,
      consoleBaseUrl: sim.consoleBaseUrl,
      headers: [],
      nativeAuth: 'header',
      timeoutMs: 120_000,
      idleTimeoutMs: null,
    }
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

  private async view(p: StoredProfile, builtIn: boolean): Promise<ProfileView> {
    const secrets = {} as ProfileView['secrets']
    for (const kind of SECRET_KINDS) {
      const value = builtIn ? this.builtInSecret(kind) : await this.secrets.get(ref(p.id, kind))
      secrets[kind] = status(value)
    }
    return { ...p, idleTimeoutMs: p.idleTimeoutMs ?? null, builtIn, secrets }
  }

  private builtInSecret(kind: SecretKind): string | null {
    const sim = this.builtIn()
    if (!sim) return null
    return kind === 'apiKey' ? sim.apiKey : sim.consoleToken
  }
}

const ref = (id: string, kind: SecretKind) => `${id}:${kind}`
const status = (value: string | null): SecretStatus =>
  value ? { configured: true, hint: secretHint(value) } : { configured: false, hint: null }
const notFound = (id: string) => new AppError('PROFILES_NOT_FOUND', `No profile with id ${id}.`)
