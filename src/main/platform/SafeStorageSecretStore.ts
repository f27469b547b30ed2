// Secrets encrypted with Electron's safeStorage (OS keychain / DPAPI / libsecret). On Linux without a
// keyring safeStorage falls back to `basic_text` (obfuscation only): the store reports that so the UI warns.
import { safeStorage } from 'electron'
import { FileSecretStore, plainCodec, type SecretCodec } from '../adapters/FileSecretStore'
import type { SecretProtection } from '../services/ports'

export function safeStorageCodec(): SecretCodec {
  if (!safeStorage.isEncryptionAvailable()) return plainCodec
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os'
  const protection: SecretProtection = backend === 'basic_text' ? 'basic-text' : 'os-encryption'
  return {
    protection,
    encode: (plain) => `v1:${safeStorage.encryptString(plain).toString('base64')}`,
    decode: (stored) =>
      stored.startsWith('v1:') ? safeStorage.decryptString(Buffer.from(stored.slice(3), 'base64')) : stored,
  }
}

export function createSafeStorageSecretStore(path: string): FileSecretStore {
  return new FileSecretStore(path, safeStorageCodec())
}
