import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { profileFieldsSchema, secretHint, type ProfileFieldsInput } from '../../shared/ipc/profiles'
import { DEFAULT_APP_SETTINGS } from '../../shared/ipc/app'
import { ConfSettingsStore } from '../adapters/ConfSettingsStore'
import { FileSecretStore } from '../adapters/FileSecretStore'
import { BUILT_IN_PROFILE_ID, ProfileService, type BuiltInProfile } from './profiles'

const fields = (input: ProfileFieldsInput) => profileFieldsSchema.parse(input)
const SIM: BuiltInProfile = {
  baseUrl: 'http://127.0.0.1:1',
  consoleBaseUrl: 'http://127.0.0.1:1',
  apiKey: 'sk-sim-aaaaaaaaaaaa',
  consoleToken: 'sim-console-bbbbbbbbbbbb',
}

describe('ProfileService on real stores', () => {
  let dir: string
  const make = (builtIn: BuiltInProfile | null = null) =>
    new ProfileService(
      new ConfSettingsStore(dir),
      new FileSecretStore(join(dir, 'secrets.json')),
      () => builtIn,
    )
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'profiles-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('makes the built-in simulator active on first launch and keeps it read-only', async () => {
    const service = make(SIM)
    const { profiles, activeId } = await service.list()
    expect(activeId).toBe(BUILT_IN_PROFILE_ID)
    expect(profiles[0]).toMatchObject({
      name: 'Local simulator',
      builtIn: true,
      secrets: { apiKey: { configured: true, hint: 'sk-…aaaa' } },
    })
    await expect(
      service.update(BUILT_IN_PROFILE_ID, fields({ name: 'x', baseUrl: 'https://x.example' })),
    ).rejects.toMatchObject({ code: 'PROFILES_READ_ONLY' })
    await expect(service.delete(BUILT_IN_PROFILE_ID)).rejects.toMatchObject({ code: 'PROFILES_READ_ONLY' })
    await expect(service.setSecret(BUILT_IN_PROFILE_ID, 'apiKey', 'sk-new-000000000')).rejects.toMatchObject({
      code: 'PROFILES_READ_ONLY',
    })
  })

  it('a copy of the Local simulator follows it across launches: its address and key are the running one', async () => {
    const first = make(SIM)
    const copy = await first.duplicate(BUILT_IN_PROFILE_ID)
    expect(copy).toMatchObject({ followsSimulator: true, baseUrl: SIM.baseUrl })
    // The next launch: the simulator answers on another port with another key.
    const next: BuiltInProfile = {
      baseUrl: 'http://127.0.0.1:2',
      consoleBaseUrl: 'http://127.0.0.1:2',
      apiKey: 'sk-sim-cccccccccccc',
      consoleToken: 'sim-console-dddddddddddd',
    }
    const second = make(next)
    await second.init()
    const listed = (await second.list()).profiles.find((p) => p.id === copy.id)
    expect(listed).toMatchObject({
      baseUrl: next.baseUrl,
      consoleBaseUrl: next.consoleBaseUrl,
      followsSimulator: true,
    })
    expect(listed!.secrets.apiKey).toEqual({ configured: true, hint: 'sk-…cccc' })
    expect(await second.resolve(copy.id)).toMatchObject({
      baseUrl: next.baseUrl,
      apiKey: next.apiKey,
      consoleToken: next.consoleToken,
    })
    // A key of its own wins over the simulator's; a copy of the copy follows too, with that key.
    await second.setSecret(copy.id, 'apiKey', 'sk-own-0000000000')
    expect((await second.resolve(copy.id)).apiKey).toBe('sk-own-0000000000')
    const copy2 = await second.duplicate(copy.id)
    expect(await second.resolve(copy2.id)).toMatchObject({
      baseUrl: next.baseUrl,
      apiKey: 'sk-own-0000000000',
    })
    // A change that does not say whether it follows (a name, its headers) leaves it following, with its key.
    await second.update(
      copy2.id,
      fields({ name: 'Paced', baseUrl: next.baseUrl, headers: [{ name: 'x-a', value: '1' }] }),
    )
    expect(await second.resolve(copy2.id)).toMatchObject({
      followsSimulator: true,
      apiKey: 'sk-own-0000000000',
    })
    const copy3 = await second.duplicate(BUILT_IN_PROFILE_ID)
    await second.update(copy3.id, fields({ name: 'Renamed', baseUrl: next.baseUrl }))
    expect(await second.resolve(copy3.id)).toMatchObject({ followsSimulator: true, apiKey: next.apiKey })
    // Saved as not following, it keeps the address it has from then on.
    await second.update(copy.id, fields({ name: copy.name, baseUrl: next.baseUrl, followsSimulator: false }))
    expect(await make(SIM).resolve(copy.id)).toMatchObject({ baseUrl: next.baseUrl })
  })

  it('a copy made before copies followed the simulator follows it from the next launch', async () => {
    const old = make(null)
    const created = await old.create(
      fields({ name: 'Local simulator (copy)', baseUrl: 'http://127.0.0.1:41234' }),
    )
    await old.setSecret(created.id, 'apiKey', 'sk-sim-0123456789abcdef')
    const other = await old.create(fields({ name: 'My local gateway', baseUrl: 'http://127.0.0.1:8080' }))
    await old.setSecret(other.id, 'apiKey', 'sk-mine-000000000')
    const service = make(SIM)
    await service.init()
    expect(await service.resolve(created.id)).toMatchObject({ baseUrl: SIM.baseUrl, apiKey: SIM.apiKey })
    expect(await service.resolve(other.id)).toMatchObject({
      baseUrl: 'http://127.0.0.1:8080',
      apiKey: 'sk-mine-000000000',
    })
  })

  it('creates, edits, duplicates with secrets, and deletes profiles, persisting across instances', async () => {
    const a = make()
    const created = await a.create(
      fields({
        name: 'Prod',
        baseUrl: 'https://gw.example.com',
        headers: [{ name: 'x-team', value: 'blue' }],
      }),
    )
    await a.setSecret(created.id, 'apiKey', 'sk-prod-key-1234567890')
    const b = make()
    expect((await b.list()).profiles.map((p) => p.name)).toEqual(['Prod'])
    const edited = await b.update(
      created.id,
      fields({ name: 'Prod EU', baseUrl: 'https://eu.gw.example.com' }),
    )
    expect(edited).toMatchObject({ name: 'Prod EU', secrets: { apiKey: { configured: true } } })
    const copy = await b.duplicate(created.id)
    expect(copy.name).toBe('Prod EU (copy)')
    expect((await b.duplicate(created.id)).name).toBe('Prod EU (copy 2)')
    expect((await b.resolve(copy.id)).apiKey).toBe('sk-prod-key-1234567890')
    b.setActive(copy.id)
    expect(await b.delete(copy.id)).toEqual({ activeId: created.id })
    expect((await b.resolve(created.id)).apiKey).toBe('sk-prod-key-1234567890')
    await expect(b.resolve(copy.id)).rejects.toMatchObject({ code: 'PROFILES_NOT_FOUND' })
  })

  it('keeps secrets only in the 0600 secret file and shows only a hint', async () => {
    const service = make()
    const p = await service.create(fields({ name: 'K', baseUrl: 'https://k.example.com' }))
    const status = await service.setSecret(p.id, 'apiKey', 'sk-canary-zyxwvutsrq')
    expect(status).toEqual({ configured: true, hint: 'sk-…tsrq' })
    expect(JSON.stringify(await service.list())).not.toContain('sk-canary-zyxwvutsrq')
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).not.toContain('sk-canary')
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).toContain('sk-canary-zyxwvutsrq')
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600)
    expect(service.knownSecrets()).toContain('sk-canary-zyxwvutsrq')
    await service.setSecret(p.id, 'apiKey', null)
    expect((await service.list()).profiles[0]!.secrets.apiKey).toEqual({ configured: false, hint: null })
    expect(service.knownSecrets()).not.toContain('sk-canary-zyxwvutsrq')
  })

  it('loads known secrets at start-up so redaction works before any change', async () => {
    const first = make()
    const p = await first.create(fields({ name: 'K', baseUrl: 'https://k.example.com' }))
    await first.setSecret(p.id, 'consoleToken', 'console-token-persisted-1')
    const second = make(SIM)
    await second.init()
    expect(second.knownSecrets()).toEqual(
      expect.arrayContaining(['console-token-persisted-1', SIM.apiKey, SIM.consoleToken]),
    )
  })

  it('keeps the app settings across restarts and answers them whole after a partial change', async () => {
    const first = make(SIM)
    expect(first.appSettings()).toEqual(DEFAULT_APP_SETTINGS)
    // Nothing saved yet: each read is the defaults, a copy a caller may change without changing the next read.
    const read = first.appSettings()
    read.text.idleTimeoutMs = 1
    expect(first.appSettings()).toEqual(DEFAULT_APP_SETTINGS)
    const saved = first.updateAppSettings({
      theme: 'dark',
      text: {
        format: 'messages',
        stream: false,
        models: { ...DEFAULT_APP_SETTINGS.text.models, messages: 'm-1' },
      },
    })
    expect(saved).toMatchObject({
      theme: 'dark',
      text: { format: 'messages', stream: false, idleTimeoutMs: 60_000 },
    })
    const second = make(SIM)
    expect(second.appSettings()).toEqual(saved)
    expect(second.updateAppSettings({ text: { idleTimeoutMs: 5000 } }).text).toMatchObject({
      format: 'messages',
      idleTimeoutMs: 5000,
    })
  })

  it('reads a damaged settings record field by field, keeping what is valid', () => {
    const store = new ConfSettingsStore(dir)
    store.set('appSettings', {
      theme: 'purple',
      text: { format: 'native', stream: 'yes', idleTimeoutMs: 5 },
      downloads: { videoMaxMB: 0, imageMaxMB: 12 },
      evals: {
        judge: { profileId: '', format: 'chat', model: 'has spaces' },
        embedding: { profileId: 'p-1', model: 'emb-1' },
      },
    })
    const service = new ProfileService(store, new FileSecretStore(join(dir, 'secrets.json')))
    expect(service.appSettings()).toEqual({
      theme: 'system',
      text: { ...DEFAULT_APP_SETTINGS.text, format: 'native' },
      downloads: { videoMaxMB: DEFAULT_APP_SETTINGS.downloads.videoMaxMB, imageMaxMB: 12 },
      evals: { judge: DEFAULT_APP_SETTINGS.evals.judge, embedding: { profileId: 'p-1', model: 'emb-1' } },
    })
  })

  it('gives a profile without its own idle timeout the app default, and a profile with one its own', async () => {
    const service = make(SIM)
    const own = await service.create(
      fields({ name: 'Own', baseUrl: 'https://o.example.com', idleTimeoutMs: 15_000 }),
    )
    const inherits = await service.create(fields({ name: 'Inherits', baseUrl: 'https://i.example.com' }))
    expect(inherits.idleTimeoutMs).toBeNull()
    service.updateAppSettings({ text: { idleTimeoutMs: 90_000 } })
    expect((await service.resolve(inherits.id)).idleTimeoutMs).toBe(90_000)
    expect((await service.resolve(BUILT_IN_PROFILE_ID)).idleTimeoutMs).toBe(90_000)
    expect((await service.resolve(own.id)).idleTimeoutMs).toBe(15_000)
    const copy = await service.duplicate(inherits.id)
    expect(copy.idleTimeoutMs).toBeNull()
  })

  it('falls back to another profile when the active one is deleted or missing', async () => {
    const service = make(SIM)
    const p = await service.create(fields({ name: 'A', baseUrl: 'https://a.example.com' }))
    service.setActive(p.id)
    expect(service.activeId()).toBe(p.id)
    await service.delete(p.id)
    expect(service.activeId()).toBe(BUILT_IN_PROFILE_ID)
    expect(() => service.setActive('nope')).toThrow(/No profile/)
  })
})

describe('profile field rules', () => {
  it.each([
    [{ baseUrl: 'ftp://x.example.com' }, 'baseUrl', 'must use http or https'],
    [{ baseUrl: 'https://u:p@x.example.com' }, 'baseUrl', 'must not contain credentials'],
    [{ baseUrl: 'https://x.example.com/?key=1' }, 'baseUrl', 'must not contain a query'],
    [{ baseUrl: 'not a url' }, 'baseUrl', 'must be an absolute URL'],
    [{ name: '' }, 'name', 'name is required'],
    [{ headers: [{ name: 'Authorization', value: 'Bearer x' }] }, 'headers.0.value', 'write {{apiKey}}'],
    [{ headers: [{ name: 'Host', value: 'x' }] }, 'headers.0.name', 'belongs to the connection'],
    [{ proxy: { mode: 'http', url: '' } }, 'proxy.url', 'the proxy address is required'],
    [{ proxy: { mode: 'http', url: 'socks5://h:1' } }, 'proxy.url', 'starts with http:// or https://'],
    [{ proxy: { mode: 'socks5', url: 'socks5://u:p@h:1' } }, 'proxy.url', 'must not contain credentials'],
    [{ proxy: { mode: 'none', bypass: ['a b'] } }, 'proxy.bypass.0', 'a bypass entry is a host'],
    [{ retry: { maxRetries: 11 } }, 'retry.maxRetries', 'retries are 0 to 10'],
    [{ connectTimeoutMs: 100 }, 'connectTimeoutMs', 'the connect timeout is 0.5 to 120 s'],
    [{ tls: { caPem: 'not a pem' } }, 'tls.caPem', 'holds no PEM certificate'],
    [{ headers: [{ name: 'x-a', value: 'a\r\nb: c' }] }, 'headers.0.value', 'line breaks'],
    [{ timeoutMs: 10 }, 'timeoutMs', ''],
    [{ idleTimeoutMs: 10 }, 'idleTimeoutMs', 'at least 1 s'],
  ])('rejects %j naming %s', (patch, path, message) => {
    const result = profileFieldsSchema.safeParse({ name: 'n', baseUrl: 'https://x.example.com', ...patch })
    expect(result.success).toBe(false)
    const issue = result.error!.issues.find((i) => i.path.join('.') === path)
    expect(issue?.message).toContain(message)
  })

  it('trims trailing slashes from base URLs and fills defaults', () => {
    expect(profileFieldsSchema.parse({ name: 'n', baseUrl: 'https://x.example.com/api/' })).toMatchObject({
      baseUrl: 'https://x.example.com/api',
      consoleBaseUrl: '',
      nativeAuth: 'bearer',
      timeoutMs: 120_000,
      idleTimeoutMs: null,
      headers: [],
    })
  })

  it('hints at a key without revealing it', () => {
    expect(secretHint('sk-canary-abcdef123456')).toBe('sk-…3456')
    expect(secretHint('AIzaSyA-very-long-google-like-key')).toBe('…-key')
    expect(secretHint('short')).toBe('••••')
  })
})
