// Connection profiles as the renderer knows them: views with `{ configured, hint }` for secrets, never the
// secrets themselves. Every action goes through main and refreshes from its answer.
import { create } from 'zustand'
import type {
  ConnectionReport,
  ProfileFieldsInput,
  ProfileView,
  SecretKind,
} from '../../../../shared/ipc/profiles'
import { client, type Pending } from '../../ipc/client'

interface ProfilesState {
  profiles: ProfileView[]
  activeId: string | null
  loaded: boolean
  error: string | null
  tests: Record<string, ConnectionReport | 'running'>
  /** Reads the profiles from main (`answer`: the call already sent at start-up). */
  load(answer?: Pending<'profiles.list'>): Promise<void>
  create(fields: ProfileFieldsInput): Promise<ProfileView>
  update(id: string, fields: ProfileFieldsInput): Promise<ProfileView>
  duplicate(id: string): Promise<ProfileView>
  remove(id: string): Promise<void>
  setActive(id: string): Promise<void>
  setSecret(id: string, kind: SecretKind, value: string | null): Promise<void>
  testConnection(id: string): Promise<void>
  /** Accepts the certificate the last test saw (by fingerprint), or forgets the accepted one (null). */
  trustCertificate(id: string, fingerprint256: string | null): Promise<void>
}

/**
 * Resolves once the profile list has come from main (at once if it has), or after `limitMs` if it never does:
 * a Send pressed while the app is still starting waits for the list instead of finding no profile chosen.
 */
export function profilesLoaded(limitMs = 5000): Promise<void> {
  if (useProfilesStore.getState().loaded) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, limitMs)
    const unsubscribe = useProfilesStore.subscribe((s) => s.loaded && done())
  })
}

export const useProfilesStore = create<ProfilesState>((set, get) => ({
  profiles: [],
  activeId: null,
  loaded: false,
  error: null,
  tests: {},
  async load(answer) {
    const result = await (answer ?? client.call('profiles.list'))
    if (result.ok)
      set({ profiles: result.value.profiles, activeId: result.value.activeId, loaded: true, error: null })
    else set({ error: result.error.message, loaded: true })
  },
  async create(fields) {
    const view = await client.invoke('profiles.create', fields)
    await get().load()
    return view
  },
  async update(id, fields) {
    const view = await client.invoke('profiles.update', { id, fields })
    await get().load()
    return view
  },
  async duplicate(id) {
    const view = await client.invoke('profiles.duplicate', { id })
    await get().load()
    return view
  },
  async remove(id) {
    await client.invoke('profiles.delete', { id })
    await get().load()
  },
  async setActive(id) {
    // The choice holds at once: a Send or Generate right after it uses the profile the header shows. Main's
    // refusal puts the previous one back (unless another choice came meanwhile).
    const previous = get().activeId
    set({ activeId: id })
    try {
      await client.invoke('profiles.setActive', { id })
    } catch (error) {
      if (get().activeId === id) set({ activeId: previous })
      throw error
    }
  },
  async setSecret(id, kind, value) {
    await client.invoke('profiles.setSecret', { id, kind, value })
    await get().load()
  },
  async testConnection(id) {
    set({ tests: { ...get().tests, [id]: 'running' } })
    const result = await client.call('profiles.testConnection', { id })
    const report: ConnectionReport = result.ok
      ? result.value
      : { reachable: false, authAccepted: null, latencyMs: null, status: null, message: result.error.message }
    set({ tests: { ...get().tests, [id]: report } })
  },
  async trustCertificate(id, fingerprint256) {
    await client.invoke('profiles.trustCertificate', { id, fingerprint256 })
    await get().load()
    // The report showed the refusal the accepted certificate now answers; test again to see it verified.
    if (fingerprint256) await get().testConnection(id)
  },
}))

export const activeProfile = (s: Pick<ProfilesState, 'profiles' | 'activeId'>) =>
  s.profiles.find((p) => p.id === s.activeId) ?? null
