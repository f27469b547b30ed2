import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const h = vi.hoisted(() => ({ available: true, backend: 'gnome_libsecret' }))
vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => h.available,
    getSelectedStorageBackend: () => h.backend,
    // A reversible stand-in for the OS cipher: what matters here is that only ciphertext reaches disk.
    encryptString: (s: string) => Buffer.from([...Buffer.from(s)].map((b) => b ^ 0x5a)),
    decryptString: (b: Buffer) => Buffer.from([...b].map((x) => x ^ 0x5a)).toString(),
  },
}))
const { createSafeStorageSecretStore } = await import('./SafeStorageSecretStore')

describe('SafeStorageSecretStore', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'secrets-'))
    h.available = true
    h.backend = 'gnome_libsecret'
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes only ciphertext to a 0600 file and reads the secret back', async () => {
    const path = join(dir, 'secrets.json')
    const store = createSafeStorageSecretStore(path)
    expect(store.protection).toBe('os-encryption')
    await store.set('p1:apiKey', 'sk-canary-0123456789')
    expect(readFileSync(path, 'utf8')).not.toContain('sk-canary-0123456789')
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(await createSafeStorageSecretStore(path).get('p1:apiKey')).toBe('sk-canary-0123456789')
  })

  it.runIf(process.platform === 'linux')('reports basic_text so the UI can warn', () => {
    h.backend = 'basic_text'
    expect(createSafeStorageSecretStore(join(dir, 's.json')).protection).toBe('basic-text')
  })

  it('falls back to a plain file, and says so, when no encryption is available', () => {
    h.available = false
    expect(createSafeStorageSecretStore(join(dir, 's.json')).protection).toBe('plain-file')
  })
})
