import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Exchange } from '../../../shared/ipc/exchange'
import { CaptureFiles } from './captures'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-captures-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const exchange: Exchange = {
  id: 'x1',
  startedAt: 1,
  request: { method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: [], body: '{}' },
  response: null,
  timings: { headersMs: null, firstByteMs: null, endMs: null },
  attempts: 1,
  error: null,
}

describe('capture files', () => {
  it('keeps a large raw body compressed and reads it back byte for byte, and reads a plain file of before', async () => {
    const files = new CaptureFiles(dir)
    // 🦦 is two UTF-16 units; quotes and newlines need escaping; SSE frames repeat, as they do on the wire.
    const rawBody = `${'a'.repeat(256 * 1024 - 1)}🦦 "quoted"\n${'data: {"x":"é"}\n\n'.repeat(40_000)}`
    const name = files.nameFor('run-1')!
    await files.write(name, { exchange, rawBody })
    await files.settle()
    const back = await files.read(name)
    expect(back?.rawBody).toBe(rawBody)
    expect(back?.exchange).toEqual(exchange)
    expect(readdirSync(files.dir)).toEqual(['run-1.json.gz'])
    const { bytes } = await files.size()
    expect(bytes).toBeLessThan(rawBody.length / 20)
    writeFileSync(join(files.dir, 'run-0.json'), JSON.stringify({ exchange, rawBody: 'plain' }))
    expect((await files.read('run-0.json'))?.rawBody).toBe('plain')
    expect(await files.read('../run-0.json')).toBeNull()
  })
})
