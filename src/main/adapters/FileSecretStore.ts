// Secrets in one JSON file (mode 0600), each value passed through a codec: the identity codec in browser
// mode (plain file, and the UI says so), safeStorage in Electron. Writes are atomic and serialised.
import { promises as fs } from 'node:fs'
import { writeFileAtomic } from '../services/atomicFile'
import type { SecretProtection, SecretStore } from '../services/ports'

export interface SecretCodec {
  readonly protection: SecretProtection
  encode(plain: string): string
  decode(stored: string): string
}

export const plainCodec: SecretCodec = {
  protection: 'plain-file',
  encode: (plain) => plain,
  decode: (stored) => stored,
}

export class FileSecretStore implements SecretStore {
  private cache: Map<string, string> | null = null
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly path: string,
    private readonly codec: SecretCodec = plainCodec,
  ) {}

  get protection(): SecretProtection {
    return this.codec.protection
  }

  async get(ref: string): Promise<string | null> {
    const stored = (await this.load()).get(ref)
    return stored === undefined ? null : this.codec.decode(stored)
  }

  set(ref: string, value: string): Promise<void> {
    return this.mutate((map) => map.set(ref, this.codec.encode(value)))
  }

  delete(ref: string): Promise<void> {
    return this.mutate((map) => map.delete(ref))
  }

  private mutate(change: (map: Map<string, string>) => void): Promise<void> {
    const run = this.queue.then(async () => {
      const map = await this.load()
      change(map)
      await writeFileAtomic(this.path, JSON.stringify(Object.fromEntries(map), null, 2), 0o600, {
        secrets: 'kept',
      })
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  private async load(): Promise<Map<string, string>> {
    if (this.cache) return this.cache
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(this.path, 'utf8'))
      const entries = parsed && typeof parsed === 'object' ? Object.entries(parsed) : []
      this.cache = new Map(entries.filter((e): e is [string, string] => typeof e[1] === 'string'))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      this.cache = new Map()
    }
    return this.cache
  }
}
