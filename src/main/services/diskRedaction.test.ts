import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writeFileAtomic } from './atomicFile'
import { redactingSettings, redactOnDisk } from './diskRedaction'
import { InMemorySettingsStore } from '../../../test/fakes/memory'

const SECRET = 'sk-disk-"quoted"-secret'
const dir = mkdtempSync(join(tmpdir(), 'disk-redaction-'))
let stop: () => void = () => undefined
afterEach(() => stop())

describe('what main writes into the data folder', () => {
  it('is scrubbed of every registered secret, also JSON-escaped and split across written pieces', async () => {
    stop = redactOnDisk(() => [SECRET])
    const path = join(dir, 'jobs.json')
    await writeFileAtomic(path, JSON.stringify({ remoteStatus: `queued for Bearer ${SECRET}` }))
    expect(readFileSync(path, 'utf8')).toBe('{"remoteStatus":"queued for Bearer ***"}')
    const text = `a${SECRET}b${JSON.stringify(SECRET)}c`
    async function* pieces() {
      for (let i = 0; i < text.length; i += 3) yield text.slice(i, i + 3)
    }
    await writeFileAtomic(path, pieces())
    expect(readFileSync(path, 'utf8')).toBe('a***b"***"c')
    // The secret store alone keeps them.
    await writeFileAtomic(path, SECRET, 0o600, { secrets: 'kept' })
    expect(readFileSync(path, 'utf8')).toBe(SECRET)
  })

  it('scrubs settings values on their way to the settings file', () => {
    stop = redactOnDisk(() => [SECRET])
    const store = new InMemorySettingsStore()
    redactingSettings(store).set('profiles', [{ name: `mine ${SECRET}` }])
    expect(store.get('profiles')).toEqual([{ name: 'mine ***' }])
  })

  it('writes text as given once no app core is registered', async () => {
    const path = join(dir, 'plain.json')
    await writeFileAtomic(path, SECRET)
    expect(readFileSync(path, 'utf8')).toBe(SECRET)
    rmSync(dir, { recursive: true, force: true })
  })
})
